/** Elements that break a line of text (lower-case names): plain text puts a line break at each, and text unwrapped from one keeps a word boundary. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'tr', 'td', 'th', 'ul',
]);

/** Elements (by local name) whose text is read as written: code, scripts and form text. Output passes leave it alone. */
export const VERBATIM: ReadonlySet<string> = new Set(['pre', 'code', 'kbd', 'samp', 'script', 'style', 'template', 'noscript', 'textarea']);
