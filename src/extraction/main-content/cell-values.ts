/**
 * Screen-reader text that is all a table cell says is the cell's value, not chrome. Comparison tables draw
 * a tick or a cross (an icon font's `<i aria-hidden="true">`, an SVG) and spell it out for screen readers
 * only: `<td><i class="fa-square-check" aria-hidden="true"></i><span class="sr-only">Yes</span></td>`.
 * Removed as "Skip to content"-like text, the table lost every answer, and a reader of the output saw rows
 * of features with no column saying which plan has them (BetterHelp's "BetterHelp vs. in-office therapy",
 * WCXB 4869, whose truth keeps "Yes Yes", "No Yes"; a solar shop's price cells, 4805). Elsewhere such text
 * still goes: beside a visible word it repeats it ("Opens in a new window"), in a menu it names a control.
 * Evidence: WCXB dev 0.89360 -> 0.89363 (2 pages up, 0.880 -> 0.895 and 0.567 -> 0.599, none down),
 * scrapinghub, the unseen probe and final halves and trafilatura's set unchanged.
 */
import { normalizedText } from '../dom/dom-walk.js';

/** Whether `element` holds the whole text of the table cell it sits in. */
export function isCellValue(element: Element): boolean {
  const cell = element.parentElement?.closest('td, th');
  if (!cell) return false;
  const own = normalizedText(element);
  return own !== '' && normalizedText(cell) === own;
}
