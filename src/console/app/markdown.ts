import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * Extracted markdown comes from arbitrary pages, so the HTML marked makes of it is sanitized by DOMPurify
 * before it touches the DOM. Links open in a new tab without a referrer; images stay blocked by the
 * console's CSP (img-src is the API's own origin), so a page cannot learn that someone looked at it.
 */
const marked = new Marked({ gfm: true, async: false });

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

export function renderMarkdown(markdown: string): string {
  return DOMPurify.sanitize(marked.parse(markdown) as string, { FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'], FORBID_ATTR: ['style'] });
}
