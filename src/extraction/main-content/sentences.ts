/**
 * Sentences, counted by their joins: a word or figure, a full stop, question or exclamation mark (and a
 * closing quote or bracket), space, then a capital. The root choice reads it to tell an article from a
 * list beside it: a list of names, a table of specs or a run of posts split into lines by <br> has few
 * such joins however long it is, and an article's body has one every line or two.
 */
const SENTENCE_JOIN = /[\p{Ll}\d)][.!?]["”’)]?\s+["“‘(]?\p{Lu}/gu;

/** How many sentence joins `element`'s text holds. */
export function sentenceCount(element: Element): number {
  return (element.textContent ?? '').match(SENTENCE_JOIN)?.length ?? 0;
}
