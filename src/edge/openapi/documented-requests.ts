import type { z } from 'zod';
import type { PageRequest } from '../../contract/requests.js';
import { bulkBody, crawlBody, createKeyBody, extractBody, jobReadQuery, logsQuery, mapBody, registerBody, searchBody } from '../../contract/requests.js';

/**
 * The request bodies the API validates with (src/contract/requests.ts), named for the document. Nothing is
 * redefined: each is the same schema, only annotated. zod's `protocol` check on URLs has no JSON Schema
 * form, so the http(s) restriction is added as a `pattern` on a copy of the same URL schema.
 */

const HTTP_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://';

function documentedHttpUrl<S extends z.ZodType>(schema: S): S {
  return schema.meta({ pattern: HTTP_URL_PATTERN, description: 'Absolute http(s) URL, at most 8192 characters.' }) as S;
}

export const RegisterRequest = registerBody.meta({ id: 'RegisterRequest', description: 'Creates an account on the free plan.' });

/** The page fields (the same on /extract, /bulk and /crawl: contract/requests.ts), documented once. */
function documentedPageFields(shape: Pick<typeof extractBody.shape, keyof PageRequest>) {
  return {
    formats: shape.formats.meta({
      description:
        'Content formats (`markdown`, `html`, `links`, `blocks`, `chunks`, `metadata`, `metrics`) and images of the rendered page: `screenshot` (the viewport) and `screenshot@full_page` (the whole page, cut at 16,384 px). Screenshots need the browser (Pro, Growth, Enterprise). Naming only screenshots skips extraction. `change_tracking` adds `change` to the result: what changed since this account\'s previous extraction of the page with `change_tracking` (`new`, `same`, `changed` with a unified diff, `removed` when it now answers 404/410). Default: every content format.',
    }),
    render_js: shape.render_js.meta({
      description:
        '`true`: render every page in Chromium first. `false`: never. `"auto"` (the default on plans with rendering; Free fetches only): fetch, and render only when the HTML is an app shell (little text, a framework mount point or a "needs JavaScript" notice, and scripts); `metadata.rendered` says which happened. Screenshots, `actions`, `wait_for`, `viewport` and `mobile` imply rendering; with `render_js: false` they are 422.',
    }),
    include_tags: shape.include_tags.meta({
      description:
        "CSS selectors (at most 20, 300 characters each): the parts of the page that are the content. Their matches, in document order (a match inside another counted once), replace main-content detection; scripts and styles in them are dropped. HTML pages only (with or without `render_js`); documents ignore it. Matching nothing is 422 `no_content`.",
    }),
    exclude_tags: shape.exclude_tags.meta({
      description: 'CSS selectors (at most 20, 300 characters each): parts of the page dropped before main-content detection (and before `include_tags`). HTML pages only.',
    }),
    actions: shape.actions.meta({
      description:
        'Up to 50 page actions, run in order in the browser after the page settles and before it is captured: `wait {ms | selector}`, `click {selector}`, `write {text}` (types into the focused element: click it first), `press {key}` (`Enter`, `Tab`, `ArrowDown`, a character, with `Control+` etc.), `scroll {direction: up|down, amount?}` (pixels; default one viewport), `screenshot {full_page?}`, `scrape` (the markdown at that point). Each action has `timeout_ms` (default 5000, at most 30000) and all of them share the request\'s `timeout_ms`. A failing action is 422 `action_failed` with `action_index`; one that leads the page to a refused address is 422 `unsafe_url`. No JavaScript of the caller\'s is run.',
    }),
    wait_for: shape.wait_for.meta({ description: 'A CSS selector that must be in the page (after the actions) before it is captured; not there within `timeout_ms` is 422 `action_failed`.' }),
    headers: shape.headers.meta({
      description:
        'Extra request headers (at most 20) sent to the page\'s own origin only: the page, and with rendering its same-origin sub-requests; never to other origins or after a redirect to one. A `Cookie` header becomes cookies of that origin. Connection headers (`Host`, `Content-Length`, …) are refused.',
    }),
    viewport: shape.viewport.meta({ description: 'Browser window in CSS pixels (320–3840 × 240–4320). Default 1280×800, or 390×844 with `mobile`. Screenshots are this size (device scale 1).' }),
    mobile: shape.mobile.meta({ description: 'Emulate a phone: touch, the mobile viewport meta honoured, 390×844 unless `viewport` says otherwise.' }),
    quality: shape.quality.meta({ description: 'JPEG quality 1–100: screenshots become JPEG instead of PNG.' }),
    max_age: shape.max_age.meta({
      description:
        "Seconds (0–2,592,000). Accept a stored extraction of the same page (the URL normalised: case, default port, fragment, tracking parameters, parameter order) fetched no longer ago, from Pith's content cache, shared by all accounts: answered without a fetch, `metadata.cache: \"hit\"` and `metadata.cached_at`. An older stored copy is revalidated with `If-None-Match` / `If-Modified-Since` (a 304 keeps it); otherwise the page is fetched and stored for later callers. Only plain loads are cached: headers, actions, selectors, screenshots, a viewport, `render_js: true` or another `chunk_tokens` bypass it (`metadata.cache: \"bypass\"`). The key's policy and robots.txt apply to a hit as to a fetch, and a hit is metered like a fetch. With `max_age` the result always carries `metadata`. Entries are kept 7 days (CACHE_RETENTION_SECONDS).",
    }),
    chunk_tokens: shape.chunk_tokens.meta({ description: 'Token bound per chunk of `chunks` (64–8192, default 512; cl100k_base tokens).' }),
  };
}

// safeExtend: extractBody carries refinements (browser fields need the browser), which plain extend refuses to copy.
export const ExtractRequest = extractBody
  .safeExtend({
    url: documentedHttpUrl(extractBody.shape.url),
    ...documentedPageFields(extractBody.shape),
    screenshot_inline: extractBody.shape.screenshot_inline.meta({ description: 'Also return each screenshot base64-encoded in its `data` field (the file is stored and linked either way).' }),
  })
  .meta({
    id: 'ExtractRequest',
    description: 'One page, answered when extracted. `render_js: true`, `"auto"` and the browser options need Pro, Growth or Enterprise.',
  });

const bulkUrls = bulkBody.shape.urls;
/** What the page fields mean in a job: every page gets them, and its screenshots live as long as the job's results. */
const JOB_PAGE_FIELDS =
  'The page fields (`formats`, `render_js`, `max_age`, `include_tags`, `exclude_tags`, `actions`, `wait_for`, `headers`, `viewport`, `mobile`, `quality`, `chunk_tokens`) mean what they mean on POST /extract and apply to every page of the job; its screenshots are linked from each result (no `screenshot_inline`) and live as long as the job\'s results.';

export const BulkRequest = bulkBody
  // clone keeps the array's own checks (min 1) while its element gains the pattern.
  .safeExtend({
    urls: bulkUrls.clone({ ...bulkUrls.def, element: documentedHttpUrl(bulkUrls.element) }).meta({ description: 'URLs to extract; the count is capped by plan.' }),
    ...documentedPageFields(bulkBody.shape),
  })
  .meta({ id: 'BulkRequest', description: `Queues every URL for extraction and answers at once with the job. ${JOB_PAGE_FIELDS}` });

export const CrawlRequest = crawlBody
  .safeExtend({
    ...documentedPageFields(crawlBody.shape),
    url: documentedHttpUrl(crawlBody.shape.url).meta({ description: 'Start URL; only same-site links are followed (`www.` ignored; subdomains with `allow_subdomains`).' }),
    depth: crawlBody.shape.depth.meta({ description: 'Link depth followed from the start page (0: the start page only). Capped by plan: 5 Pro, 10 Growth, 20 Enterprise (422 `crawl_depth_exceeded`).' }),
    limit: crawlBody.shape.limit.meta({ description: 'Most pages fetched. Above the plan cap (500 Pro, 5000 Growth, 50000 Enterprise) it is lowered to the cap.' }),
    include_patterns: crawlBody.shape.include_patterns.meta({ description: 'Follow only links matching one of these globs (`*` wildcard). A pattern starting with `/` matches path and query; any other the full URL.' }),
    exclude_patterns: crawlBody.shape.exclude_patterns.meta({ description: 'Never follow links matching one of these globs (same syntax as include_patterns).' }),
    include_documents: crawlBody.shape.include_documents.meta({ description: 'Also follow same-site links to PDF and Word documents (`.pdf`, `.docx`); each is extracted like a page. Default false: such links are skipped, as are links to other files (images, archives…). Links to `.txt` and `.md` files are followed either way and read as text.' }),
    sitemap: crawlBody.shape.sitemap.meta({
      description:
        "`skip` (default): follow links only. `include`: once the start page is fetched, also admit the URLs of the site's sitemaps (as `POST /map` finds them, within its bounds), after the start page's links, under the same rules as links (same site, patterns, policy, robots.txt) and within `limit`; they count as depth 1. `only`: the start page and the sitemap URLs, following no links.",
    }),
  })
  .meta({ id: 'CrawlRequest', description: `Crawls breadth-first from \`url\` and answers at once with the job. ${JOB_PAGE_FIELDS} Links are followed whatever \`formats\` keeps.` });

// safeExtend: searchBody carries a refinement (`formats` only with `extract`), which plain extend refuses to copy.
export const SearchRequest = searchBody
  .safeExtend({
    query: searchBody.shape.query.meta({ description: 'What to search for, 1–400 characters. The local index reads it like a web search box: `"exact phrase"`, `-excluded`, `or`.' }),
    num_results: searchBody.shape.num_results.meta({ description: 'Most results returned (default 5). Capped by plan: 5 Free, 10 Pro, 50 Growth, 100 Enterprise (422 `search_cap_exceeded`).' }),
    extract: searchBody.shape.extract.meta({ description: "Also extract every result, as `POST /extract` would (the key's policy applies per URL; a refused or failed URL gets `error` and `error_code` in its result)." }),
    formats: searchBody.shape.formats.meta({ description: 'With `extract: true`: which content fields each result carries (default: all).' }),
  })
  .meta({ id: 'SearchRequest', description: 'A search; with `extract: true` each result is extracted too. Policy fields tighten the key\'s policy for the extractions.' });

export const MapRequest = mapBody
  .extend({
    url: documentedHttpUrl(mapBody.shape.url).meta({ description: 'Start URL: its site is mapped (same host, `www.` ignored; subdomains with `include_subdomains`).' }),
    search: mapBody.shape.search.meta({ description: 'Keep only links whose URL or title contains at least one of these words (case-insensitive): the best `limit` of all the matches read, most words matched first, ties in the order found.' }),
    limit: mapBody.shape.limit.meta({ description: 'Most links returned (default 5000). Above the plan cap (1,000 Free, 10,000 Pro, 50,000 Growth, 100,000 Enterprise) it is lowered to the cap.' }),
    include_subdomains: mapBody.shape.include_subdomains.meta({ description: 'Also list URLs on subdomains of the start host.' }),
    sitemap: mapBody.shape.sitemap.meta({ description: "`include` (default): sitemaps and the start page's links; `only`: sitemaps alone; `skip`: the start page's links alone." }),
  })
  .meta({ id: 'MapRequest', description: "Lists a site's URLs from its sitemaps and start page. Policy fields tighten the key's policy." });

export const JobReadQuery = jobReadQuery.meta({ id: 'JobReadQuery', description: 'Results are paged: pass `next_cursor` back as `cursor` for the next page.' });

export const CreateKeyRequest = createKeyBody.meta({
  id: 'CreateKeyRequest',
  description: 'A key can grant only scopes the calling key holds; its policy can only be as strict as the caller\'s or stricter.',
});

export const LogsQuery = logsQuery.extend({
  endpoint: logsQuery.shape.endpoint.meta({ description: 'Only requests to this endpoint, exactly as logged: the method and the route pattern, e.g. `POST /extract`, `GET /jobs/{job_id}`.' }),
  status: logsQuery.shape.status.meta({ description: 'Only answers with this status (`404`) or in this class (`2xx`, `4xx`, `5xx`).' }),
  key_id: logsQuery.shape.key_id.meta({ description: 'Only requests made with this key (`key_<uuid>`, as GET /keys lists it).' }),
  cursor: logsQuery.shape.cursor.meta({ description: '`next_cursor` of the previous page; pass the same filters again to go on with them.' }),
});
