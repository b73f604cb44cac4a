/**
 * Infinite-scroll shops and blogs wrap their whole item grid in a "pagination" container (the
 * block that loads the next page of items). Its name says pager, but a pager bar holds page numbers
 * and at most a previous and a next title; a block holding several item headings is the grid itself.
 */
import { SUBHEADINGS } from '../dom/dom-walk.js';
import { THRESHOLDS } from './thresholds.js';
import { wholeWords } from '../dom/element-names.js';

const PAGER_WORDS = wholeWords(['pagination', 'pager']);

function countsHeadings(root: Element, wanted: number): boolean {
  let found = 0;
  const visit = (parent: Element): boolean => {
    for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
      if (SUBHEADINGS.has(child.tagName) && ++found >= wanted) return true;
      if (visit(child)) return true;
    }
    return false;
  };
  return visit(root);
}

/** Whether a block whose class/id names it a pager (`names`) is really a grid of items: more item headings than a previous/next pair. */
export function isPagedGrid(element: Element, names: string): boolean {
  return PAGER_WORDS.test(names) && countsHeadings(element, THRESHOLDS.RUN_MIN_ITEMS);
}
