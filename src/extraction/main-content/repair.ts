/**
 * Undoes two parsing accidents that hide a page's content from every scorer:
 * - `<![CDATA[` in HTML: browsers end that bogus comment at the first `>`, but linkedom keeps it open
 *   until `]]>`, swallowing the rest of the page (seen on XenForo forums). We re-parse the swallowed markup.
 * - `<noscript>` holding the page's real markup (Discourse serves its posts that way to crawlers);
 *   a browser without scripts shows it, so we unwrap it when it carries real text.
 */

import { elementsByTag } from '../dom-walk.js';

const SWALLOWED_MIN_LENGTH = 200;
const NOSCRIPT_MIN_TEXT = 200;

function insertMarkupBefore(anchor: ChildNode, markup: string): void {
  const holder = anchor.ownerDocument!.createElement('div');
  holder.innerHTML = markup;
  for (const child of [...holder.childNodes]) anchor.parentNode!.insertBefore(child, anchor);
}

function repairSwallowedCdata(body: Element): void {
  const walker: Comment[] = [];
  // firstChild/nextSibling rather than childNodes: no list is built per element.
  const visit = (node: Node): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 8) walker.push(child as Comment);
      else if (child.nodeType === 1) visit(child);
    }
  };
  visit(body);
  for (const comment of walker) {
    const data = comment.data;
    if (!data.startsWith('[CDATA[') || data.length < SWALLOWED_MIN_LENGTH) continue;
    const end = data.indexOf('>');
    if (end < 0 || !data.includes('<', end)) continue;
    insertMarkupBefore(comment, data.slice(end + 1));
    comment.remove();
  }
}

function unwrapContentNoscript(body: Element): void {
  for (const noscript of elementsByTag(body, 'NOSCRIPT')) {
    if (!noscript.isConnected) continue;
    const text = noscript.textContent ?? '';
    if (text.replace(/\s+/g, ' ').length < NOSCRIPT_MIN_TEXT) continue;
    if (noscript.firstElementChild) {
      for (const child of [...noscript.childNodes]) noscript.parentNode!.insertBefore(child, noscript);
    } else if (text.includes('<')) {
      // Kept as raw text by a scripting-enabled parse: read it as markup.
      insertMarkupBefore(noscript, text);
    } else continue;
    noscript.remove();
  }
}

export function repairParsing(body: Element): void {
  repairSwallowedCdata(body);
  unwrapContentNoscript(body);
}
