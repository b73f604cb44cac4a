/**
 * extract:dir --explain: runs the extraction pipeline on one page with an explanation recorder
 * installed, and returns what main-content did to it (page kind, rules that removed text, the root
 * chosen and why) followed by the outcome.
 */
import { ExtractionError } from '../../src/contract/extraction-error.js';
import { extractHtml } from '../../src/extraction/extract.js';
import { MainContentExplanation, recordingInto } from '../../src/extraction/main-content/index.js';

export function explainPage(html: string, pageUrl: string): string {
  const explanation = new MainContentExplanation();
  let outcome: string;
  try {
    const { text } = recordingInto(explanation, () => extractHtml(html, pageUrl));
    outcome = `main content: ${text.length} chars of text`;
  } catch (err) {
    if (!(err instanceof ExtractionError)) throw err;
    outcome = `no main content (${err.code})`;
  }
  return `page: ${pageUrl}\n${explanation.format()}\n${outcome}\n`;
}
