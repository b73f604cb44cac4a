/**
 * A hyphen at the end of a line is either the layout breaking a word ("docu-" / "ment": TeX, InDesign and
 * Word with hyphenation on) or a compound that happens to break there ("cross-" / "border": always so in
 * Chromium's prints, which never hyphenate on their own). The document itself is the dictionary: the word
 * written whole elsewhere means a break; the compound written with its hyphen mid-line elsewhere, or both
 * halves used as words of their own, means a compound. With no evidence either way the hyphen goes (a broken
 * word is the more common case in typeset text). Measured on the scrapinghub pages printed by Chromium,
 * the halves test alone kept "cross-border", "anti-government" and "eighth-generation" whole.
 */

const WORD = /\p{L}+/gu;
const COMPOUND = /\p{L}+(?:-\p{L}+)+/gu;

export interface DocumentWords {
  /** How often each lower-cased word occurs, line-end fragments included. */
  words: Map<string, number>;
  /** Hyphenated compounds written mid-line. */
  compounds: Set<string>;
}

/** The words of every line, for `joinBrokenLine` to consult. */
export function documentWords(lines: readonly string[]): DocumentWords {
  const words = new Map<string, number>();
  const compounds = new Set<string>();
  for (const line of lines) {
    const lower = line.toLowerCase();
    for (const word of lower.match(WORD) ?? []) words.set(word, (words.get(word) ?? 0) + 1);
    // A compound ending the line ("well-under-") is not evidence of itself.
    for (const compound of lower.replace(/\S*-$/u, '').match(COMPOUND) ?? []) compounds.add(compound);
  }
  return { words, compounds };
}

/** `text` (ending in "letter-") joined to the next line `part` (starting lower-case): the word whole, or the compound. */
export function joinBrokenLine(text: string, part: string, known: DocumentWords): string {
  const tail = /(\p{L}+)-$/u.exec(text)?.[1]?.toLowerCase() ?? '';
  const head = /^\p{L}+/u.exec(part)?.[0]?.toLowerCase() ?? '';
  const whole = text.slice(0, -1) + part;
  if (known.words.has(tail + head)) return whole;
  if (known.compounds.has(`${tail}-${head}`)) return `${text}${part}`;
  // Each half counted once as the fragment itself: a second use is the half standing as a word.
  const standsAlone = (word: string) => (known.words.get(word) ?? 0) >= 2;
  return standsAlone(tail) && standsAlone(head) ? `${text}${part}` : whole;
}
