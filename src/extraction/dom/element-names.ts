/**
 * What a page calls an element: its class and id joined by a space. Every rule that reads markup's names
 * (chrome, comments, facets, panels, buy forms, bylines, page dates, block features) tests this one
 * string, so a word in either attribute counts the same everywhere.
 */
export function elementNames(element: Element): string {
  return `${affirmed(element.getAttribute('class') ?? '')} ${namingId(element, element.getAttribute('id'))}`;
}

/**
 * An id that spells the element's own words is an anchor, not a name: CMSs and documentation tools give
 * each heading (and the section under it) the slug of its text, "skip-package-from-being-upgraded",
 * "when-is-the-best-time-to-buy-a-laptop". Read as names, its words made the heading a skip link or a
 * metadata line ("skip", "time") and it went. Such an id is left out: its words run, in order, through
 * the element's text (apostrophes and numbers aside: "8-1-words-youre" for "8.1 Words you're"). Checked
 * once per element, only for ids of SLUG_MIN_WORDS words or more (names are rarely that long).
 * WCXB dev: 14 pages changed, 12 up (+0.00001); headings of pacman's manual and of a buying guide back.
 */
const SLUG_MIN_WORDS = 3;
const slugWords = (text: string): string => text.toLowerCase().replace(/['’]/g, '').match(/[a-z]+/g)?.join('-') ?? '';
const anchorIds = new WeakMap<Element, boolean>();

/** Whether `id` has at least SLUG_MIN_WORDS parts between hyphens or underscores: a cheap first test, most ids have fewer. */
function longId(id: string): boolean {
  let separators = 0;
  for (let k = 0; k < id.length; k++) {
    const code = id.charCodeAt(k);
    if ((code === 45 || code === 95) && ++separators >= SLUG_MIN_WORDS - 1) return true;
  }
  return false;
}

function namingId(element: Element, id: string | null): string {
  if (id === null) return '';
  if (!longId(id)) return id;
  let anchor = anchorIds.get(element);
  if (anchor === undefined) {
    const slug = slugWords(id);
    anchor = slug.split('-').length >= SLUG_MIN_WORDS && `-${slugWords(element.textContent ?? '')}-`.includes(`-${slug}-`);
    anchorIds.set(element, anchor);
  }
  return anchor ? '' : id;
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
  return className === null && id === null ? null : `${affirmed(className ?? '')} ${namingId(element, id)}`;
}

/** A pattern matching any of `words` as a whole word of class/id names (split at space, `_` and `-`). */
export const wholeWords = (words: readonly string[]): RegExp => new RegExp(`(?:^|[\\s_-])(?:${words.join('|')})(?:$|[\\s_-])`, 'i');
