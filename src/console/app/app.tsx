import { useEffect, useRef } from 'preact/hooks';
import { API_PREFIX, SessionProvider, useSession } from './session';
import { linkTo, PAGES, useRoute, type PageName, type Route } from './router';
import { SignInPage } from './pages/sign-in';
import { PlaygroundPage } from './pages/playground';
import { JobsPage } from './pages/jobs';
import { JobDetailPage } from './pages/job-detail';
import { UsagePage } from './pages/usage';
import { LogsPage } from './pages/logs';
import { KeysPage } from './pages/keys';

const TITLES: Record<PageName, string> = { playground: 'Playground', jobs: 'Jobs', usage: 'Usage', logs: 'Logs', keys: 'Keys' };

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'playground':
      return <PlaygroundPage />;
    case 'jobs':
      return <JobsPage />;
    case 'job':
      return <JobDetailPage jobId={route.id ?? ''} />;
    case 'usage':
      return <UsagePage />;
    case 'logs':
      return <LogsPage />;
    case 'keys':
      return <KeysPage />;
    default:
      return (
        <>
          <h1 tabIndex={-1}>Not found</h1>
          <p>
            There is no such page. <a href={linkTo('playground')}>Go to the playground</a>.
          </p>
        </>
      );
  }
}

function Shell() {
  const session = useSession();
  const route = useRoute();
  const main = useRef<HTMLElement>(null);
  const signedIn = session.apiKey !== null;
  const shown: Route = !signedIn ? { page: 'sign-in' } : route.page === 'sign-in' ? { page: 'playground' } : route;
  const current = shown.page === 'job' ? 'jobs' : shown.page;

  // A new page moves focus to its heading, so keyboard and screen-reader users start where the content does.
  useEffect(() => {
    const heading = main.current?.querySelector<HTMLElement>('h1');
    heading?.focus();
    document.title = `${(TITLES as Record<string, string>)[current] ?? 'Sign in'} · Pith console`;
  }, [current, shown.id, signedIn]);

  return (
    <>
      <a
        class="skip-link"
        href="#content"
        onClick={(event) => {
          event.preventDefault();
          main.current?.querySelector<HTMLElement>('h1')?.focus();
        }}
      >
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href={linkTo('playground')}>
          Pith
        </a>
        {signedIn ? (
          <>
            <nav aria-label="Console">
              <ul>
                {PAGES.map((page) => (
                  <li key={page}>
                    <a href={linkTo(page)} aria-current={page === current ? 'page' : undefined}>
                      {TITLES[page]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <button type="button" class="button-secondary sign-out" onClick={() => session.signOut()}>
              Sign out
            </button>
          </>
        ) : null}
      </header>
      <main id="content" ref={main}>
        {signedIn ? <Page route={shown} /> : <SignInPage />}
      </main>
      <footer class="bottom">
        <a href={`${API_PREFIX}/docs`}>API reference</a>
        <a href={`${API_PREFIX}/docs/errors`}>Error codes</a>
      </footer>
    </>
  );
}

export function App() {
  return (
    <SessionProvider>
      <Shell />
    </SessionProvider>
  );
}
