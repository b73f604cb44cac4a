/**
 * Infinite-scroll shops and blogs wrap their whole item grid in a "pagination" container (the
 * block that loads the next page of items). Its name says pager, but a pager bar holds page numbers
 * and at most a previous and a next title; a block holding several item headings is the grid itself.
 */

const PAGER_WORDS = /(?:^|[\s_-])(?:pagination|pager)(?:$|[\s_-])/i;
const ITEM_HEADINGS = new Set(['H2', 'H3', 'H4', 'H5', 'H6']);
/** More headings than a previous/next pair: a run of items. */
const MIN_ITEM_HEADINGS = 4;

function countsHeadings(root: Element, wanted: number): boolean {
  let found = 0;
  const visit = (parent: Element): boolean => {
    for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
      if (ITEM_HEADINGS.has(child.tagName) && ++found >= wanted) return true;
      if (visit(child)) return true;
    }
    return false;
  };
  return visit(root);
}

/** Whether a block whose class/id names it a pager (`names`) is really a grid of items. */
export function isPagedGrid(element: Element, names: string): boolean {
  return PAGER_WORDS.test(names) && countsHeadings(element, MIN_ITEM_HEADINGS);
}
