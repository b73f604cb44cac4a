import { useEffect, useState } from 'preact/hooks';

/** Pages are addressed by the URL's fragment (`#/jobs/<id>`): the server serves one page at /console, and links, back and reload work. */
export const PAGES = ['playground', 'jobs', 'usage', 'logs', 'keys'] as const;
export type PageName = (typeof PAGES)[number];

export type Route = { page: PageName | 'sign-in' | 'job' | 'not-found'; id?: string };

export function parseRoute(hash: string): Route {
  const [page, id, ...rest] = hash.replace(/^#\/?/, '').split('/').map((part) => decodeURIComponent(part));
  if (!page) return { page: 'playground' };
  if (page === 'sign-in' && id === undefined) return { page: 'sign-in' };
  if (page === 'jobs' && id && rest.length === 0) return { page: 'job', id };
  if ((PAGES as readonly string[]).includes(page) && id === undefined) return { page: page as PageName };
  return { page: 'not-found' };
}

export const linkTo = (page: PageName | 'sign-in', id?: string) => `#/${page}${id ? `/${encodeURIComponent(id)}` : ''}`;

export function navigate(page: PageName | 'sign-in', id?: string): void {
  location.hash = linkTo(page, id);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
