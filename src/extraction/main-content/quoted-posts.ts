/**
 * In a thread, a reply quotes a post the thread already shows, often only part of it or with the
 * quoter's own line breaks ("X said: …", a sentence cut with "…"), so no block of the quote repeats a
 * block of the post whole and duplicate-blocks.ts keeps it. The reader has the post once: a quote most
 * of whose word runs stand elsewhere in the thread, outside every quote, is such a copy and goes. A quote
 * of a text the thread does not show (a news story, a manual) stays.
 *
 * Evidence (QUOTED_POST_SHARE 0.8): WCXB dev 0.89840 -> 0.89853, 13 threads up (bogleheads' phpBB 0538 0.85 -> 0.97,
 * a XenForo board 1674 0.83 -> 0.92, FreeBSD's 0537 0.92 -> 0.98), 10 down where a site's annotator kept the quotes
 * (4564 0.95 -> 0.87, GameFAQs 0574, basenotes 0521); folds +0.00019 -0.00014 +0.00018 +0.00049 -0.00006. Pages it
 * never saw: unseen probe 0.93164 -> 0.93193, final 0.92284 -> 0.92433 (5101 0.85 -> 0.99, 5127 0.91 -> 0.99, one
 * down). Scrapinghub and trafilatura's set: every output identical (they hold no thread). At 0.7 and 0.9 the same
 * pages move, by about as much.
 */
import { descendants } from '../dom/dom-walk.js';
import { elementNamesIfAny, wholeWords } from '../dom/element-names.js';
import { remove } from './remove.js';
import { THRESHOLDS } from './thresholds.js';

/** Forum software's names for a quote box that is no <blockquote> (vBulletin's bbcode_quote, its editor's VBEditorContent-quote). */
const QUOTE_NAMES = wholeWords(['quote', 'bbcode_quote', 'vbeditorcontent-quote', 'quotecontent', 'quote-content']);

function isQuote(element: Element): boolean {
  if (element.tagName === 'BLOCKQUOTE') return true;
  const names = elementNamesIfAny(element);
  return names !== null && QUOTE_NAMES.test(names);
}

const WORD = /[\p{L}\p{N}_]+/gu;

/** The runs of QUOTE_RUN_WORDS words of `text`, lower-cased. */
function wordRuns(text: string): string[] {
  const words = text.toLowerCase().match(WORD) ?? [];
  const size = THRESHOLDS.QUOTE_RUN_WORDS;
  const runs: string[] = [];
  for (let i = 0; i + size <= words.length; i++) runs.push(words.slice(i, i + size).join(' '));
  return runs;
}

/** Text of `element` outside the elements of `skip`, elements apart (a quoter's <br> parts two words, as the post's block does). */
function textOutside(element: Element, skip: ReadonlySet<Element>): string {
  let text = '';
  const walk = (node: Node): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) text += child.textContent ?? '';
      else if (child.nodeType === 1 && !skip.has(child as Element)) {
        text += ' ';
        walk(child);
      }
    }
  };
  walk(element);
  return text;
}

const NONE: ReadonlySet<Element> = new Set();

/** `body`: the extracted content of a thread (a small detached tree). */
export function removeQuotedPosts(body: Element): void {
  const quotes: Element[] = [];
  // In document order a quote inside another follows it: only the last one kept can hold it.
  for (const element of descendants(body)) if (isQuote(element) && !quotes.at(-1)?.contains(element)) quotes.push(element);
  if (quotes.length === 0) return;
  const shown = new Set(wordRuns(textOutside(body, new Set(quotes))));
  for (const quote of quotes) {
    const runs = wordRuns(textOutside(quote, NONE));
    if (runs.length < THRESHOLDS.QUOTE_MIN_RUNS) continue;
    const found = runs.filter((run) => shown.has(run)).length;
    if (found >= THRESHOLDS.QUOTED_POST_SHARE * runs.length) remove(quote, 'duplicates');
  }
}
