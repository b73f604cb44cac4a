import { z } from 'zod';
import { ALL_FORMATS } from '../../contract/vocabulary.js';
import { ErrorEnvelopeSchema } from './error-shapes.js';

/** Response shapes of extraction: the result entry (decisions "Content") and the job object (decisions "Jobs"). */

const BlockSchema = z
  .object({
    type: z.enum(['heading', 'paragraph', 'list_item', 'code', 'quote', 'table', 'image']),
    text: z.string(),
    level: z.int().min(0).max(6).meta({ description: 'Heading level 1–6; list nesting depth for `list_item` (1 = top); 0 otherwise.' }),
  })
  .meta({ id: 'Block' });

const ChunkSchema = z
  .object({
    text: z.string(),
    start_token: z.int().min(0),
    end_token: z.int().min(0),
  })
  .meta({
    id: 'Chunk',
    description:
      'Token-bounded chunk, cut on block boundaries where possible. Offsets index the `o200k_base` token sequence of `markdown`; end exclusive; contiguous across chunks.',
  });

const MetadataSchema = z
  .object({
    title: z.string().nullable(),
    author: z
      .string()
      .nullable()
      .meta({
        description:
          "The page's writer, the first of: JSON-LD `author`, author meta tags (a login handle such as `jrobison` yields to a full name in the byline), the byline beside the headline, the link preview's \"Written by\" pair (`twitter:label1`/`twitter:data1`), a labelled line in the content (\"Written by …\"), Readability's byline. Null when none gives a name.",
      }),
    date: z.string().nullable().meta({ description: 'ISO 8601 where the page gives a parseable date; null otherwise.' }),
    url: z.string().nullable(),
    retrieved_at: z.iso.datetime(),
    robots_allowed: z.boolean().nullable().meta({ description: "robots.txt verdict for Pith when the key's policy checks it (`advisory`, `strict`); null when `off`." }),
    pages: z.int().min(1).optional().meta({ description: 'PDF documents only: the number of pages. Title, author and date of a PDF come from its document info.' }),
    rendered: z.boolean().optional().meta({ description: 'With rendering (`render_js` true or `"auto"`): whether the page was rendered in Chromium. Absent otherwise.' }),
    cache: z.enum(['hit', 'miss', 'bypass']).optional().meta({ description: 'With `max_age`: `hit` — the stored extraction answered, no fetch; `miss` — fetched now (and stored for later callers); `bypass` — the request has options the shared cache does not serve (headers, actions, selectors, screenshots, viewport, `render_js: true`, a `chunk_tokens` other than 512). Absent without `max_age`.' }),
    cached_at: z.iso.datetime().nullable().optional().meta({ description: 'With `max_age`: on a hit, when the stored content was last known current (fetched, or confirmed unchanged by a 304); null otherwise. `retrieved_at` stays the time the content was fetched.' }),
  })
  .meta({ id: 'Metadata', description: 'Missing fields are null, never absent.' });

const MetricsSchema = z
  .object({
    content_bytes: z.int().meta({ description: 'UTF-8 bytes of the returned markdown.' }),
    input_tokens: z.int().meta({ description: 'Tokens (o200k_base) of the fetched HTML document.' }),
    output_tokens: z.int().meta({ description: 'Tokens of the markdown.' }),
    reduction_pct: z.number().meta({ description: '100 × tokens_saved / input_tokens, one decimal.' }),
    tokens_saved: z.int().min(0).meta({ description: 'input_tokens − output_tokens, never below 0.' }),
  })
  .meta({ id: 'Metrics' });

const contentFields = {
  markdown: z.string().meta({
    description:
      "GitHub-flavoured markdown of the main content, beginning with the page's title as `# …` (once: a block under it repeating the title is dropped). Links and images are absolute; a link around blocks (a shop card: picture, name, price) is written on one line, and so is a heading; no empty links, list items or headings; lazily loaded pictures by their real address (data: placeholders dropped); no permalink marks (the \"¶\" or \"#\" documentation sets beside each heading); text a CMS double-encoded (UTF-8 read as Windows-1252) repaired; WordPress shortcode and BBCode tags left unrendered (`[vc_row …]`, `[url]…[/url]`) and HTML tags escaped into the text (`&lt;strong&gt;…&lt;/strong&gt;`) removed when the page both opens and closes them, the words they wrap kept (not in code).",
  }),
  html: z.string().meta({ description: 'The cleaned main content as HTML, beginning with the same level-1 heading; links and images absolute.' }),
  links: z.array(z.string()),
  blocks: z.array(BlockSchema),
  chunks: z.array(ChunkSchema),
  metadata: MetadataSchema,
  metrics: MetricsSchema,
};

const ResultFailureSchema = z
  .object({
    url: z.string(),
    error: z.string().meta({ description: 'Human-readable failure text.' }),
    error_code: ErrorEnvelopeSchema.shape.error.shape.code.meta({ description: 'A code of the error table, e.g. `fetch_failed`, `target_http_error`, `robots_disallowed`.' }),
    change: ErrorEnvelopeSchema.shape.error.shape.change,
  })
  .meta({ id: 'ResultFailure', description: 'A URL that failed: no content fields. One URL failing never fails the job.' });

export const ScreenshotSchema = z
  .object({
    file_id: z.uuid(),
    url: z.string().meta({ description: 'A signed link to the image that works without a key until `expires_at`. With a key of the account: `GET /files/{file_id}`.' }),
    content_type: z.enum(['image/png', 'image/jpeg']),
    width: z.int().meta({ description: 'Pixels (CSS pixels at device scale 1: the viewport width).' }),
    height: z.int(),
    truncated: z.boolean().meta({ description: 'A full-page capture cut at 16,384 px.' }),
    size_bytes: z.int(),
    expires_at: z.iso.datetime().meta({ description: "When the link stops working. POST /extract: 6 hours, the file's lifetime. In a job the file lives as long as the job's results: its links are made when the job is read, until the job's `expires_at` once it finished (6 hours from the read while it runs)." }),
    data: z.string().optional().meta({ description: 'The image, base64, with `screenshot_inline: true`.' }),
  })
  .meta({ id: 'Screenshot', description: 'A stored screenshot.' });

export const ChangeSchema = z
  .object({
    status: z.enum(['new', 'same', 'changed', 'removed']).meta({
      description:
        "Against the account's previous extraction of the same page (normalised URL) with `change_tracking`: `new` (none), `same` (the markdown is unchanged, whitespace ignored), `changed`, `removed` (the page now answers 404/410; once — still gone next time is `same`).",
    }),
    previous_at: z.iso.datetime().nullable().meta({ description: 'When the previous version was seen; null for `new` (and a `removed` page Pith never saw).' }),
    diff: z.string().nullable().meta({ description: '`changed` only: a unified diff of the markdown (whitespace-normalised lines, 3 lines of context), at most 64 KiB; null otherwise, or when the pages are too large to diff (over 200,000 characters) or the diff took too long.' }),
    diff_truncated: z.boolean().optional().meta({ description: 'Present (true) when the diff was cut at 64 KiB or left out for size or time.' }),
  })
  .meta({ id: 'Change', description: 'With `formats: ["change_tracking"]`: what changed since the last look. Versions are remembered 90 days after a page was last seen.' });

/** What the browser captured for a page (POST /extract, and each page of a job): screenshots, actions. */
const captureFields = {
  screenshot: ScreenshotSchema.optional().meta({ description: 'With `formats: ["screenshot"]`: the viewport of the final page.' }),
  screenshot_full_page: ScreenshotSchema.optional().meta({ description: 'With `formats: ["screenshot@full_page"]`: the whole final page, at most 16,384 px tall.' }),
  actions: z
    .object({
      screenshots: z.array(ScreenshotSchema.extend({ action: z.int().meta({ description: 'Index of the `screenshot` action in `actions`.' }), full_page: z.boolean() })),
      scrapes: z.array(z.object({ action: z.int().meta({ description: 'Index of the `scrape` action.' }), url: z.string(), markdown: z.string().meta({ description: 'The main content at that point ("" when there was none).' }) })),
    })
    .optional()
    .meta({ description: 'Present when `actions` held `screenshot` or `scrape` actions: what they captured, in order.' }),
  change: ChangeSchema.optional(),
};

export const ExtractResponseSchema = z
  .object({ url: z.string(), ...Object.fromEntries(Object.entries(contentFields).map(([name, schema]) => [name, schema.optional()])), ...captureFields })
  .meta({
    id: 'ExtractResponse',
    description: `The extracted page. Every format is present unless \`formats\` named a subset (${ALL_FORMATS.join(', ')}, screenshot, screenshot@full_page, change_tracking); then only those and \`url\` (and \`actions\` when actions captured something).`,
  });

const ResultSuccessSchema = z
  .object({ url: z.string(), ...Object.fromEntries(Object.entries(contentFields).map(([name, schema]) => [name, schema.optional()])), ...captureFields })
  .meta({ id: 'ResultSuccess', description: "A URL that was extracted: every content field is present unless the job's `formats` named a subset; screenshots and action captures when the job asked for them." });

export const ResultEntrySchema = z.union([ResultSuccessSchema, ResultFailureSchema]).meta({ id: 'ResultEntry', description: 'The outcome of one URL.' });

export const JobObjectSchema = z
  .object({
    job_id: z.uuid(),
    kind: z.enum(['bulk', 'crawl']),
    status: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']).meta({
      description: '`queued` → `running` → `done`; or `failed` (the job itself could not run) or `cancelled`. Per-URL failures never fail the job.',
    }),
    total: z.int().min(0).meta({ description: 'URLs submitted (bulk), or pages admitted so far (crawl; when a crawl finishes, the pages it fetched).' }),
    completed: z.int().min(0).meta({ description: 'URLs finished so far; never decreases, never above `total`.' }),
    failed: z.int().min(0).meta({ description: 'Of those, URLs that failed (each has `error` and `error_code` in `results`). Beyond the contract.' }),
    results: z.array(ResultEntrySchema),
    created_at: z.iso.datetime(),
    finished_at: z.iso.datetime().nullable().meta({ description: 'Null until the job finished.' }),
    expires_at: z.iso.datetime().meta({ description: '6 hours after the job finished (before that, a lower bound). Reads after it return 404 `job_not_found`.' }),
  })
  .meta({ id: 'Job', description: 'A bulk or crawl job as every job read returns it.' });

export const CrawlJobObjectSchema = JobObjectSchema.extend({
  truncated: z.boolean().meta({ description: 'Whether the crawl stopped before visiting every page it found.' }),
  truncated_reason: z.enum(['page_limit', 'quota_exhausted', 'time_limit']).nullable(),
  sitemap_seeding: z
    .object({
      urls: z.int().min(0).meta({ description: "Sitemap URLs the crawl's rules admit (same site, patterns, policy, robots.txt), counted up to `limit`." }),
      truncated: z.boolean().meta({ description: 'The walk stopped early: more URLs than `limit`, or a bound of the sitemap walk (50 files, 50 MB, 30 s) was reached.' }),
      skipped: z.array(z.object({ url: z.string(), reason: z.string() })).meta({ description: 'Sitemap files not read, or read in part, with the reason (at most 50).' }),
    })
    .optional()
    .meta({ description: 'Crawls with `sitemap: include` or `only`, once the start page was fetched: what the sitemap walk found (as `POST /map` reports it).' }),
}).meta({ id: 'CrawlJob', description: 'A crawl job: the job object plus why it stopped early, if it did, and what its sitemap walk found.' });

const submissionFields = {
  job_token: z
    .string()
    .regex(/^jt_[A-Za-z0-9_-]{43,}$/)
    .optional()
    .meta({ description: 'Pay-per-request (x402) submissions only: send it as `X-Job-Token` to poll the job without a key.' }),
  webhook_signing_secret: z
    .string()
    .regex(/^whsec_[0-9a-f]{64}$/)
    .nullable()
    .meta({ description: "Non-null only on the account's first submission that uses a webhook; null on every later one." }),
};

const readFields = {
  next_cursor: z.string().nullable().meta({ description: 'Results are paged (`limit`, default 100, at most 1000): pass this back as `cursor` for the next page; null on the last page so far.' }),
};
export const JobReadSchema = JobObjectSchema.extend(readFields).meta({ id: 'JobRead', description: 'A job read: the job object with one page of its results.' });
export const CrawlJobReadSchema = CrawlJobObjectSchema.extend(readFields).meta({ id: 'CrawlJobRead', description: 'A crawl job read: the crawl job object with one page of its results.' });

export const BulkSubmissionSchema = JobObjectSchema.extend(submissionFields).meta({ id: 'BulkSubmission', description: 'The job object as `POST /bulk` returns it, at once.' });
export const CrawlSubmissionSchema = CrawlJobObjectSchema.extend(submissionFields).meta({ id: 'CrawlSubmission', description: 'The job object as `POST /crawl` returns it, at once.' });
