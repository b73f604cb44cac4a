import type { DocBlock } from './pdf-layout.js';

export const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Document blocks as semantic HTML, so that every output format comes from the same renderers as a web page's. */
export function htmlOfBlocks(blocks: readonly DocBlock[]): string {
  const out: string[] = [];
  let list: 'ul' | 'ol' | null = null;
  const closeList = () => {
    if (list) out.push(`</${list}>`);
    list = null;
  };
  for (const block of blocks) {
    if (block.type === 'list_item') {
      const tag = block.ordered ? 'ol' : 'ul';
      if (list !== tag) {
        closeList();
        out.push(`<${tag}>`);
        list = tag;
      }
      out.push(`<li>${escapeHtml(block.text)}</li>`);
      continue;
    }
    closeList();
    if (block.type === 'heading') out.push(`<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`);
    else if (block.type === 'paragraph') out.push(`<p>${escapeHtml(block.text)}</p>`);
    else {
      const width = Math.max(...block.rows.map((row) => row.length));
      const row = (cells: readonly string[], tag: 'th' | 'td') =>
        `<tr>${Array.from({ length: width }, (_, i) => `<${tag}>${escapeHtml(cells[i] ?? '')}</${tag}>`).join('')}</tr>`;
      const [head = [], ...body] = block.rows;
      out.push(`<table><thead>${row(head, 'th')}</thead><tbody>${body.map((r) => row(r, 'td')).join('')}</tbody></table>`);
    }
  }
  closeList();
  return out.join('\n');
}
