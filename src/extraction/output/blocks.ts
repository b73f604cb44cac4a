import type { DomElement } from '../dom/dom.js';
import type { Block } from '../types.js';

/** Inline elements: their text belongs to the paragraph around them. */
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd', 'mark', 'q', 's',
  'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'label', 'abbr',
]);
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'button', 'input', 'select', 'textarea', 'svg', 'iframe']);

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

function tableText(table: Element): string {
  const rows: string[] = [];
  for (const row of table.querySelectorAll('tr')) {
    const cells = [...row.children].filter((c) => /^(td|th)$/i.test(c.tagName)).map((c) => squash(c.textContent ?? ''));
    if (cells.some(Boolean)) rows.push(cells.join(' | '));
  }
  return rows.join('\n');
}

/** Text of a list item without its nested lists (those are blocks of their own, one level deeper). */
function ownListItemText(li: Element): string {
  let text = '';
  for (const child of li.childNodes) {
    if (child.nodeType === 1 && /^(ul|ol)$/i.test((child as Element).tagName)) continue;
    text += child.textContent ?? '';
  }
  return squash(text);
}

/**
 * The main content as structured blocks, in reading order (decisions: heading, paragraph, list_item,
 * code, quote, table, image; `level` = heading level, list depth, else 0).
 */
export function collectBlocks(root: DomElement): Block[] {
  const blocks: Block[] = [];
  let inline = '';
  const flush = () => {
    const text = squash(inline);
    if (text) blocks.push({ type: 'paragraph', text, level: 0 });
    inline = '';
  };
  const push = (block: Block) => {
    flush();
    if (block.text) blocks.push(block);
  };

  const walk = (node: Node, listDepth: number): void => {
    if (node.nodeType === 3) {
      inline += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (SKIP.has(tag)) return;
    if (tag === 'img') {
      const text = element.getAttribute('alt')?.trim() || element.getAttribute('src') || '';
      if (text) push({ type: 'image', text, level: 0 });
      return;
    }
    if (INLINE.has(tag)) {
      if (tag === 'br') inline += ' ';
      for (const child of element.childNodes) walk(child as unknown as Node, listDepth);
      return;
    }
    if (/^h[1-6]$/.test(tag)) return push({ type: 'heading', text: squash(element.textContent ?? ''), level: Number(tag[1]) });
    if (tag === 'pre') return push({ type: 'code', text: (element.textContent ?? '').replace(/\n+$/, ''), level: 0 });
    if (tag === 'blockquote') return push({ type: 'quote', text: squash(element.textContent ?? ''), level: 0 });
    if (tag === 'table') return push({ type: 'table', text: tableText(element), level: 0 });
    if (tag === 'li') {
      push({ type: 'list_item', text: ownListItemText(element), level: Math.max(1, listDepth) });
      for (const child of element.children) if (/^(ul|ol)$/i.test(child.tagName)) walk(child as unknown as Node, listDepth);
      return;
    }
    flush();
    const depth = tag === 'ul' || tag === 'ol' ? listDepth + 1 : listDepth;
    for (const child of element.childNodes) walk(child as unknown as Node, depth);
    flush();
  };
  for (const child of root.childNodes) walk(child as unknown as Node, 0);
  flush();
  return blocks;
}
