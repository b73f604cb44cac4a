/**
 * Undoes parsing accidents that hide a page's content from every scorer:
 * - `<![CDATA[` in HTML: browsers end that bogus comment at the first `>`, but linkedom keeps it open
 *   until `]]>`, swallowing the rest of the page (seen on XenForo forums). We re-parse the swallowed markup.
 * - `<noscript>` holding the page's real markup (Discourse serves its posts that way to crawlers);
 *   a browser without scripts shows it, so we unwrap it when it carries real text — unless the page
 *   renders the same text outside it (a fallback copy, which would read twice).
 * - `<html>`/`<body>` nested inside the body (a pasted document): unwrapped as browsers do.
 */

import { elementsByTag } from '../dom/dom-walk.js';
import { collapseWhitespace } from '../dom/text.js';
import { remove } from './remove.js';
import { THRESHOLDS } from './thresholds.js';

/** Document-level tags that can only be parsing leftovers when found inside <body>. */
const NESTED_DOCUMENT_TAGS = new Set(['html', 'body', 'HTML', 'BODY']);

function insertMarkupBefore(anchor: ChildNode, markup: string): void {
  const holder = anchor.ownerDocument!.createElement('div');
  holder.innerHTML = markup;
  for (const child of [...holder.childNodes]) anchor.parentNode!.insertBefore(child, anchor);
}

/** What the repairs act on, gathered in one walk of the page. */
interface RepairTargets {
  comments: Comment[];
  nestedDocuments: Element[];
}

function findRepairTargets(body: Element): RepairTargets {
  const targets: RepairTargets = { comments: [], nestedDocuments: [] };
  // firstChild/nextSibling rather than childNodes: no list is built per element.
  const visit = (node: Node): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 8) targets.comments.push(child as Comment);
      else if (child.nodeType === 1) {
        if (NESTED_DOCUMENT_TAGS.has((child as Element).localName)) targets.nestedDocuments.push(child as Element);
        visit(child);
      }
    }
  };
  visit(body);
  return targets;
}

function repairSwallowedCdata(comments: Comment[]): void {
  for (const comment of comments) {
    const data = comment.data;
    if (!data.startsWith('[CDATA[') || data.length < THRESHOLDS.SWALLOWED_CDATA_MIN_LENGTH) continue;
    const end = data.indexOf('>');
    if (end < 0 || !data.includes('<', end)) continue;
    insertMarkupBefore(comment, data.slice(end + 1));
    // Emptied, not removed: its markup now stands before it.
    comment.remove();
  }
}

function unwrapContentNoscript(body: Element): void {
  let bodyText: string | null = null;
  for (const noscript of elementsByTag(body, 'NOSCRIPT')) {
    if (!noscript.isConnected) continue;
    const text = noscript.textContent ?? '';
    const flat = collapseWhitespace(text);
    if (flat.length < THRESHOLDS.NOSCRIPT_MIN_TEXT) continue;
    // A fallback copy of markup the page also renders (an article body repeated for crawlers) would
    // show twice: it goes. Read only for the rare big noscript, so the whole-body text is built lazily.
    bodyText ??= collapseWhitespace(body.textContent ?? '');
    const sample = flat.slice(0, THRESHOLDS.NOSCRIPT_COPY_SAMPLE);
    if (bodyText.indexOf(sample) !== bodyText.lastIndexOf(sample)) {
      remove(noscript, 'repair-parsing');
      continue;
    }
    if (noscript.firstElementChild) {
      for (const child of [...noscript.childNodes]) noscript.parentNode!.insertBefore(child, noscript);
    } else if (text.includes('<')) {
      // Kept as raw text by a scripting-enabled parse: read it as markup.
      insertMarkupBefore(noscript, text);
    } else continue;
    // Unwrapped, not removed: its content now stands before it.
    noscript.remove();
  }
}

/**
 * CMS blocks that paste a whole HTML document (`<html><body>…`) into an article leave <html> and
 * <body> elements nested in the page's body; Readability climbs from a paragraph no higher than a
 * <body>, so its pick is walled into one block. Browsers merge those tags away: we unwrap them.
 */
function unwrapNestedDocuments(nested: Element[]): void {
  // Innermost first, so every element unwrapped is still where the walk found it.
  for (const element of [...nested].reverse()) {
    const parent = element.parentNode;
    if (!parent) continue;
    for (const child of [...element.childNodes]) parent.insertBefore(child, element);
    // Unwrapped, not removed: its content now stands before it.
    element.remove();
  }
}

export function repairParsing(body: Element): void {
  const { comments, nestedDocuments } = findRepairTargets(body);
  repairSwallowedCdata(comments);
  unwrapContentNoscript(body);
  unwrapNestedDocuments(nestedDocuments);
}
