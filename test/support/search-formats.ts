/**
 * Answers in the real response formats of the web search providers, with every field those services
 * send (not only the ones Pith reads), so the parsers meet what production will send them.
 */

export interface PageOfHits {
  url: string;
  title: string;
  text: string;
}

/** SearXNG `GET /search?format=json`: `{ query, number_of_results, results, answers, corrections, infoboxes, suggestions, unresponsive_engines }`. */
export function searxngAnswer(query: string, hits: PageOfHits[], extra: object[] = []) {
  return {
    query,
    number_of_results: 0,
    results: [
      ...hits.map((hit, index) => {
        const url = new URL(hit.url);
        return {
          url: hit.url,
          title: hit.title,
          content: hit.text,
          publishedDate: null,
          thumbnail: '',
          engine: index % 2 === 0 ? 'duckduckgo' : 'brave',
          template: 'default.html',
          parsed_url: [url.protocol.replace(':', ''), url.host, url.pathname, '', url.search.replace('?', ''), ''],
          img_src: '',
          priority: '',
          engines: index % 2 === 0 ? ['duckduckgo', 'startpage'] : ['brave'],
          positions: [index + 1],
          score: 2 / (index + 1),
          category: 'general',
        };
      }),
      ...extra,
    ],
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [`${query} tutorial`],
    unresponsive_engines: [['qwant', 'timeout']],
  };
}

/** Brave Search `GET /res/v1/web/search`: a WebSearchApiResponse with `query`, `mixed` and `web`. */
export function braveAnswer(query: string, hits: PageOfHits[], moreResultsAvailable: boolean) {
  return {
    type: 'search',
    query: {
      original: query,
      show_strict_warning: false,
      is_navigational: false,
      is_news_breaking: false,
      spellcheck_off: true,
      country: 'us',
      bad_results: false,
      should_fallback: false,
      postal_code: '',
      city: '',
      header_country: '',
      more_results_available: moreResultsAvailable,
      state: '',
    },
    mixed: { type: 'mixed', main: hits.map((_, index) => ({ type: 'web', index, all: false })), top: [], side: [] },
    web: {
      type: 'search',
      results: hits.map((hit) => {
        const url = new URL(hit.url);
        return {
          title: hit.title,
          url: hit.url,
          is_source_local: false,
          is_source_both: false,
          description: hit.text,
          page_age: '2024-03-05T10:00:00',
          profile: { name: url.hostname, url: hit.url, long_name: url.hostname, img: 'https://imgs.search.brave.com/favicon.png' },
          language: 'en',
          family_friendly: true,
          type: 'search_result',
          subtype: 'generic',
          is_live: false,
          meta_url: { scheme: url.protocol.replace(':', ''), netloc: url.host, hostname: url.hostname, favicon: 'https://imgs.search.brave.com/favicon.png', path: `› ${url.pathname.slice(1)}` },
          age: 'March 5, 2024',
        };
      }),
      family_friendly: true,
    },
  };
}

/** Brave when nothing matched: no `web` section at all. */
export function braveEmptyAnswer(query: string) {
  const { web: _web, mixed: _mixed, ...rest } = braveAnswer(query, [], false);
  return { ...rest, mixed: { type: 'mixed', main: [], top: [], side: [] } };
}
