/** The content fields of a result entry (contract "Result entry" + decisions "Content"). */


export type BlockType = 'heading' | 'paragraph' | 'list_item' | 'code' | 'quote' | 'table' | 'image';

export interface Block {
  type: BlockType;
  text: string;
  /** Heading level 1–6, list nesting depth for list_item, 0 otherwise. */
  level: number;
}

export interface Chunk {
  text: string;
  /** Offsets into the o200k_base token sequence of `markdown`; end exclusive; contiguous across chunks. */
  start_token: number;
  end_token: number;
}

export interface Metadata {
  title: string | null;
  author: string | null;
  date: string | null;
  url: string | null;
  retrieved_at: string;
  /** robots.txt verdict for Pith when the key's policy checks it (`advisory`, `strict`); null when `off`. */
  robots_allowed: boolean | null;
  /** Documents with pages (PDF): how many. Absent for web pages. */
  pages?: number;
  /** Whether the page was rendered in Chromium (`render_js: true`, or `auto` found an app shell). */
  rendered?: boolean;
  /** With `max_age`: `hit` (the stored extraction answered), `miss` (fetched now), `bypass` (options the cache does not serve). */
  cache?: 'hit' | 'miss' | 'bypass';
  /** With `max_age`, on a hit: when the stored content was last known current (fetched, or confirmed by a 304). */
  cached_at?: string | null;
}

export interface Metrics {
  content_bytes: number;
  input_tokens: number;
  output_tokens: number;
  reduction_pct: number;
  tokens_saved: number;
}

export interface ExtractedContent {
  markdown: string;
  html: string;
  links: string[];
  blocks: Block[];
  chunks: Chunk[];
  metadata: Metadata;
  metrics: Metrics;
}
