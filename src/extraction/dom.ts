import { parseHTML } from 'linkedom';

/** linkedom's document and element types (a fast, standards-shaped DOM without a browser). */
export type DomDocument = ReturnType<typeof parseHTML>['document'];
export type DomElement = DomDocument['documentElement'];

export function parseDocument(html: string): DomDocument {
  return parseHTML(html).document;
}

/** A fresh document whose body holds `html`: the cleaned main content, detached from the page. */
export function fragmentBody(html: string): DomElement {
  return parseHTML(`<!doctype html><html><body>${html}</body></html>`).document.body as unknown as DomElement;
}
