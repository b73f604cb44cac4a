/**
 * Linked cards: links that each hold a sentence, a card's title over its description, the whole card one
 * link (a docs hub's "Accept payments without code. Use Payment Links to accept payments without a website
 * or mobile app."). A blog's sidebar links are names and titles (category names, a blogroll, recent posts,
 * an archive's months): of 15 Dragnet posts whose container won over the post with its sidebars, 14 hold at
 * most two links ending a sentence (one holds ten: a news blog's teasers), docs.stripe.com's "Get started" hub
 * (unseen probe 5390) nine.
 */
import { linksBelow } from '../dom/link-elements.js';
import { collapseWhitespace, wordCount } from '../dom/text.js';
import { THRESHOLDS } from './thresholds.js';

/**
 * A sentence's last word, then its full stop and a closing quote or bracket. Not a question or exclamation
 * mark: those end headlines ("Megan Fox In A Tiny Bikini? Yes Please!"), a title alone, and a celebrity blog's
 * sidebar of nine such posts let its table cell win over the post (Dragnet T17 0.25 -> 0.75); a card's
 * description ends with a full stop. Dragnet +0.00037, that page alone; no other set moved (Stripe's hub, probe
 * 5390, keeps its nine cards).
 */
const SENTENCE_END = /[\p{L}\d)][.]["”’)]?$/u;

/** Whether `root` holds RUN_MIN_ITEMS links or more whose text ends a sentence of CARD_MIN_WORDS words or more. */
export function holdsLinkedCards(root: Element): boolean {
  let cards = 0;
  for (const link of linksBelow(root)) {
    const text = collapseWhitespace(link.textContent ?? '');
    if (SENTENCE_END.test(text) && wordCount(text) >= THRESHOLDS.CARD_MIN_WORDS && ++cards >= THRESHOLDS.RUN_MIN_ITEMS) return true;
  }
  return false;
}
