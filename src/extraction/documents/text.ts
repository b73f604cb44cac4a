import { escapeHtml } from './html-of-blocks.js';

/** Plain text as paragraphs (blank lines separate them; single line breaks are kept inside one). */
export function htmlOfPlainText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${para.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('\n');
}

/**
 * Markdown is passed through as the `markdown` output; this block-level reading (headings, fences, lists,
 * quotes, paragraphs; inline syntax kept as text) gives `html` and `blocks` the same structure.
 */
export function htmlOfMarkdown(markdown: string): string {
  const out: string[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let para: string[] = [];
  let list: 'ul' | 'ol' | null = null;
  const flushPara = () => {
    if (para.length) out.push(`<p>${escapeHtml(para.join(' '))}</p>`);
    para = [];
  };
  const closeList = () => {
    if (list) out.push(`</${list}>`);
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const fence = /^\s*(```+|~~~+)\s*([\w+#.-]*)/.exec(line);
    if (fence) {
      flushPara();
      closeList();
      const code: string[] = [];
      for (i++; i < lines.length && !(lines[i] ?? '').trim().startsWith(fence[1] ?? '```'); i++) code.push(lines[i] ?? '');
      const lang = fence[2] ? ` data-lang="${escapeHtml(fence[2].toLowerCase())}"` : '';
      out.push(`<pre${lang}><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    const item = /^\s*(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/.exec(line);
    const quote = /^\s*>\s?(.*)$/.exec(line);
    if (heading || !line.trim() || quote) {
      flushPara();
      closeList();
    }
    if (heading) out.push(`<h${heading[1]!.length}>${escapeHtml(heading[2] ?? '')}</h${heading[1]!.length}>`);
    else if (quote) out.push(`<blockquote><p>${escapeHtml(quote[1] ?? '')}</p></blockquote>`);
    else if (item) {
      flushPara();
      const tag = item[1] ? 'ul' : 'ol';
      if (list !== tag) {
        closeList();
        out.push(`<${tag}>`);
        list = tag;
      }
      out.push(`<li>${escapeHtml(item[3] ?? '')}</li>`);
    } else if (line.trim()) {
      if (list) closeList();
      para.push(line.trim());
    }
  }
  flushPara();
  closeList();
  return out.join('\n');
}
