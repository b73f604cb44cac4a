import { BLOCK_TAGS } from './block-tags.js';
import type { DomElement } from './dom.js';

/** `text` with each whitespace run as one space; a run at either end stays as one space. */
export function collapseRuns(text: string): string {
  return text.replace(/\s+/g, ' ');
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Words in `text`: runs of letters and digits ("$75-$145" is two). */
export function wordCount(text: string | null): number {
  return text?.match(WORD)?.length ?? 0;
}

/** `text` with whitespace runs as one space, trimmed: what a reader sees as its words. */
export function collapseWhitespace(text: string): string {
  return collapseRuns(text).trim();
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
