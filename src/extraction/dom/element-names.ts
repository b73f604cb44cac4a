/**
 * What a page calls an element: its class and id joined by a space. Every rule that reads markup's names
 * (chrome, comments, facets, panels, buy forms, bylines, page dates, block features) tests this one
 * string, so a word in either attribute counts the same everywhere.
 */
export function elementNames(element: Element): string {
  return `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
}

/** The same, or null for an element with neither attribute: walks over every element skip most without building a string. */
export function elementNamesIfAny(element: Element): string | null {
  const className = element.getAttribute('class');
  const id = element.getAttribute('id');
  return className === null && id === null ? null : `${className ?? ''} ${id ?? ''}`;
}

/** A pattern matching any of `words` as a whole word of class/id names (split at space, `_` and `-`). */
export const wholeWords = (words: readonly string[]): RegExp => new RegExp(`(?:^|[\\s_-])(?:${words.join('|')})(?:$|[\\s_-])`, 'i');
