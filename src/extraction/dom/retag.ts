/** Puts an element of tag `tagName` in `element`'s place, holding what `element` held; returns it. */
export function retag(element: Element, tagName: string): Element {
  const replacement = element.ownerDocument.createElement(tagName);
  while (element.firstChild) replacement.appendChild(element.firstChild);
  element.replaceWith(replacement);
  return replacement;
}
