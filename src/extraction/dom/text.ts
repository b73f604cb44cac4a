import { BLOCK_TAGS } from './block-tags.js';
import type { DomElement } from './dom.js';

/** `text` with each whitespace run as one space; a run at either end stays as one space. */
export function collapseRuns(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** `text` with all whitespace taken out: the same text however a rewrite (Readability's) wrapped or joined its lines. */
export function withoutWhitespace(text: string | null): string {
  return (text ?? '').replace(/\s+/g, '');
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Words in `text`: runs of letters and digits ("$75-$145" is two). */
export function wordCount(text: string | null): number {
  return text?.match(WORD)?.length ?? 0;
}

/** The words of `text` (as wordCount counts them), lower-cased. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** `text` with whitespace runs as one space, trimmed: what a reader sees as its words. */
export function collapseWhitespace(text: string): string {
  return collapseRuns(text).trim();
}

/** Whether a UTF-16 unit is whitespace to JavaScript's `\s` (what collapseRuns and trim() collapse). */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return code === 160 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/**
 * `collapseRuns(text).length` (or, with `trim`, `collapseWhitespace(text).length`) without building the
 * string: the walks that only weigh text (text-stats.ts, per text node of the page) allocated a copy of
 * every text node for its length (collectTextStats over a whole scrapinghub page: 1.58 -> 1.27 ms).
 */
export function collapsedTextLength(text: string, trim = false): number {
  let length = 0;
  let inRun = false;
  let seenText = false;
  for (let i = 0; i < text.length; i++) {
    if (isSpace(text.charCodeAt(i))) {
      inRun = true;
      continue;
    }
    if (inRun && (seenText || !trim)) length++;
    inRun = false;
    seenText = true;
    length++;
  }
  if (inRun && !trim) length++;
  return length;
}

/** Plain text of an element with a line break at every block boundary (an innerText without layout). */
export function plainText(root: DomElement): string {
  const parts: string[] = [];
  const walk = (node: ChildNode): void => {
    if (node.nodeType === 3) {
      parts.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== 1) return;
    const tag = (node as Element).tagName.toLowerCase();
    if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'noscript') return;
    const block = BLOCK_TAGS.has(tag);
    if (block) parts.push('\n');
    for (const child of node.childNodes) walk(child);
    if (block) parts.push('\n');
  };
  for (const child of root.childNodes) walk(child as unknown as ChildNode);
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** A year of the last two centuries as a word: a date, a dateline, a copyright. */
export const YEAR = /\b(?:19|20)\d\d\b/;
