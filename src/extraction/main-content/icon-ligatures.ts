/**
 * Google's Material icon fonts draw an icon from a ligature: `<span class="material-icons">chevron_right</span>`
 * shows an arrow, and its text is the icon's name, never words of the page. Without the font the name stays in
 * our text, alone on a line ("chevron_right" eight times down a guide's list, WCXB 4413) or glued to a label
 * ("local_shipping Free shipping", a shop's home page, 4351). Known by the font's class and by a text that is one
 * ligature name (lower case, digits and underscores); a span so named holding words is a styled label, not a glyph.
 * One that is all a table cell says is the cell's value (cell-values.ts): a plan comparison's ticks, "check", which
 * its truth keeps; the ticks set before a feature's name go (4876 0.718 -> 0.745). WCXB dev 0.89693 -> 0.89696 (4351
 * 0.356 -> 0.364, 4413 and 0594 up by 0.002, none down); scrapinghub, the unseen halves and trafilatura's set unchanged.
 */
import { isCellValue } from './cell-values.js';

const ICON_FONT = /\bmaterial-(?:icons|symbols)(?:-[a-z]+)?\b/;
const LIGATURE_NAME = /^\s*[a-z][a-z0-9_]*\s*$/;

/** Whether `element` is one Material icon written as its ligature name. */
export function isIconLigature(element: Element): boolean {
  const className = element.getAttribute('class');
  // Every element of the page is asked: a substring test first, the pattern only for the few that pass.
  if (className === null || !className.includes('material-')) return false;
  return ICON_FONT.test(className) && LIGATURE_NAME.test(element.textContent ?? '') && !isCellValue(element);
}
