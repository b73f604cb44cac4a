/**
 * What makes sibling blocks alike in a run of items (a listing's entries, a widget's tiles): the tag and
 * the first class ("DIV.card").
 */
export function blockSignature(element: Element): string {
  const firstClass = (element.getAttribute('class') ?? '').trim().split(/\s+/)[0] ?? '';
  return `${element.tagName}.${firstClass}`;
}

/** As blockSignature, but items of one list are alike whatever their classes (a carousel marks its first slide "snap-point"). */
export function tileSignature(element: Element): string {
  return element.tagName === 'LI' ? 'LI' : blockSignature(element);
}
