/**
 * What a page calls an element: its class and id joined by a space. Every rule that reads markup's names
 * (chrome, comments, facets, panels, buy forms, bylines, page dates, block features) tests this one
 * string, so a word in either attribute counts the same everywhere.
 */
export function elementNames(element: Element): string {
  return `${affirmed(element.getAttribute('class') ?? '')} ${element.getAttribute('id') ?? ''}`;
}

/**
 * A class that says what a block is not or hides names nothing: "no-sidebar" on a page wrapper,
 * "hide-read-more-ad" on a grid of stories (Condé Nast's section pages: the grid read as an ad, WCXB
 * 2971 0.29 -> 0.88), "no-comments", "without-ads". Such tokens are left out of the names every rule
 * reads; a cheap test first, since nearly no class has one.
 */
const NEGATED = /(?:^|\s)(?:no|hide|without|not)[-_]/i;
const NEGATED_TOKENS = /(?:^|\s)(?:no|hide|without|not)[-_]\S*/gi;
function affirmed(className: string): string {
  return NEGATED.test(className) ? className.replace(NEGATED_TOKENS, ' ') : className;
}

/** The same, or null for an element with neither attribute: walks over every element skip most without building a string. */
export function elementNamesIfAny(element: Element): string | null {
  const className = element.getAttribute('class');
  const id = element.getAttribute('id');
  return className === null && id === null ? null : `${affirmed(className ?? '')} ${id ?? ''}`;
}

/** A pattern matching any of `words` as a whole word of class/id names (split at space, `_` and `-`). */
export const wholeWords = (words: readonly string[]): RegExp => new RegExp(`(?:^|[\\s_-])(?:${words.join('|')})(?:$|[\\s_-])`, 'i');
