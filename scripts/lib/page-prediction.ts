import { ExtractionError } from '../../src/contract/extraction-error.js';
import { extractHtml } from '../../src/extraction/extract.js';

/** One page as extract:dir writes it: the service's text (what the scorer reads), markdown and metadata. */
export type PagePrediction = { text: string; markdown: string; metadata: { title: string | null; author: string | null; date: string | null } };

/** A page the pipeline refuses (no_content) is scored as empty, as the service would return no content. */
export const NO_CONTENT: PagePrediction = { text: '', markdown: '', metadata: { title: null, author: null, date: null } };

/** The service's extraction of one saved page; null when it refuses the page (any other failure is printed). */
export function predictPage(html: string, url: string, id: string): PagePrediction | null {
  try {
    const { content, text } = extractHtml(html, url);
    const { title = null, author = null, date = null } = content.metadata ?? {};
    return { text, markdown: content.markdown ?? '', metadata: { title, author, date } };
  } catch (err) {
    if (!(err instanceof ExtractionError)) console.error(`${id}: ${(err as Error).stack ?? err}`);
    return null;
  }
}
