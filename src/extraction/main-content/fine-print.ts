/**
 * Blocks named as legal fine print — "disclaimer", "legal" (a phone maker's
 * "feature-benefit__disclaimer-wrap", a game store's "game_area_legal", financing terms in a
 * "product-disclaimer", an article's "affiliate-disclaimer") — are notes about the offer or the
 * page, not its content, however long their prose. Annotators leave them out on shops, service
 * pages and articles alike (WCXB: 2.5k characters of such blocks kept in truths, 29k not).
 */
import { wholeWords } from '../dom/element-names.js';
const FINE_PRINT_WORDS = wholeWords(['disclaimers?', 'legal']);

export function isFinePrint(names: string): boolean {
  return FINE_PRINT_WORDS.test(names);
}
