/**
 * One property of an element's inline style, read as linkedom's `element.style[name]` reads it, without
 * building its CSSStyleDeclaration. linkedom makes one for every element whose `style` is read (a Proxy
 * over a Map plus a WeakMap entry, kept for the element's life); Readability reads `style.display` and
 * `style.visibility` of every element it walks (~2% of the pipeline and collector work on scrapinghub).
 * Most elements have no style attribute: the answer is then '' at once.
 */
export function inlineStyleValue(element: Element, property: string): string {
  const attribute = element.getAttributeNode('style');
  if (!attribute) return '';
  // linkedom's parse: rules split on `;`, a key before the first `:` (trimmed, case kept), the rest
  // its value (trimmed); empty keys or values skipped; the last rule for a key wins.
  let value = '';
  for (const rule of attribute.value.split(/\s*;\s*/)) {
    const [key = '', ...rest] = rule.split(':');
    if (rest.length === 0 || key.trim() !== property) continue;
    const candidate = rest.join(':').trim();
    if (candidate) value = candidate;
  }
  return value;
}
