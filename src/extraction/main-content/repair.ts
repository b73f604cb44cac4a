/**
 * Undoes parsing accidents that hide a page's content from every scorer:
 * - `<![CDATA[` in HTML: browsers end that bogus comment at the first `>`, but linkedom keeps it open
 *   until `]]>`, swallowing the rest of the page (seen on XenForo forums). We re-parse the swallowed markup.
 * - `<noscript>` holding the page's real markup (Discourse serves its posts that way to crawlers);
 *   a browser without scripts shows it, so we unwrap it when it carries real text — unless the page
 *   renders the same text outside it (a fallback copy, which would read twice).
 * - `<html>`/`<body>` nested inside the body (a pasted document): unwrapped as browsers do.
 * - React's streamed server rendering: content that arrives late is sent as a hidden `<div id="S:n">`
 *   that an inline script moves into its place; we make the same moves (applyStreamedSegments).
 */

import { elementsByTag } from '../dom/dom-walk.js';
import { collapseWhitespace } from '../dom/text.js';
import { remove } from './remove.js';
import { THRESHOLDS } from './thresholds.js';

/** Document-level tags that can only be parsing leftovers when found inside <body>. */
const NESTED_DOCUMENT_TAGS = new Set(['html', 'body', 'HTML', 'BODY']);
/** Elements whose text is never shown as text. */
const UNRENDERED_TEXT = new Set(['script', 'style', 'template']);

function insertMarkupBefore(anchor: ChildNode, markup: string): void {
  const holder = anchor.ownerDocument!.createElement('div');
  holder.innerHTML = markup;
  for (const child of [...holder.childNodes]) anchor.parentNode!.insertBefore(child, anchor);
}

/** What the repairs act on, gathered in one walk of the page. */
interface RepairTargets {
  comments: Comment[];
  nestedDocuments: Element[];
  /** React's hidden `<div id="S:n">` segments, in document order. */
  streamedSegments: Element[];
  /** React's `<template id="B:n">` (a boundary's fallback) and `<template id="P:n">` (a segment's place), by id. */
  streamTargets: Map<string, Element>;
}

const STREAMED_SEGMENT_ID = /^S:[0-9a-z]+$/;
const STREAM_TARGET_ID = /^[BP]:[0-9a-z]+$/;

function findRepairTargets(body: Element): RepairTargets {
  const targets: RepairTargets = { comments: [], nestedDocuments: [], streamedSegments: [], streamTargets: new Map() };
  // firstChild/nextSibling rather than childNodes: no list is built per element.
  const visit = (node: Node): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 8) targets.comments.push(child as Comment);
      else if (child.nodeType === 1) {
        const element = child as Element;
        const name = element.localName;
        if (NESTED_DOCUMENT_TAGS.has(name)) targets.nestedDocuments.push(element);
        else if (name === 'div') {
          const id = element.getAttribute('id');
          if (id !== null && STREAMED_SEGMENT_ID.test(id) && element.hasAttribute('hidden')) targets.streamedSegments.push(element);
        } else if (name === 'template') {
          const id = element.getAttribute('id');
          if (id !== null && STREAM_TARGET_ID.test(id)) targets.streamTargets.set(id, element);
        }
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

/**
 * Text a browser could show, for the copy check: a script's or template's text is never rendered. Blogger
 * keeps a post's markup in a `<script type="text/template">` and its only shown copy in `<noscript>`; read
 * with the script's text, that copy looked like a fallback and the whole post went (Google's security blog,
 * in trafilatura's evaluation set: 137 -> 3,865 characters; WCXB dev, scrapinghub and unseen unchanged).
 */
function textOutsideScripts(root: Element): string {
  const parts: string[] = [];
  const walk = (node: Node): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) parts.push(child.textContent ?? '');
      else if (child.nodeType === 1 && !UNRENDERED_TEXT.has((child as Element).localName)) walk(child);
    }
  };
  walk(root);
  return parts.join('');
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
    bodyText ??= collapseWhitespace(textOutsideScripts(body));
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

/** React marks a Suspense boundary with comments: `$` (done), `$?` (pending), `$!` (failed) open it, `/$` closes it. */
const BOUNDARY_OPEN = new Set(['$', '$?', '$!']);
const BOUNDARY_CLOSE = '/$';

/**
 * React's streamed server rendering (Next.js app router, Remix) sends what is ready first and the rest as
 * it resolves: a hidden `<div id="S:n">` near the end of the body, then an inline script that moves its
 * children into place — before `<template id="P:n">` (a segment, `$RS`), or over a Suspense boundary's
 * fallback that starts at `<template id="B:n">` (`$RC`: the loading skeleton up to the boundary's closing
 * comment goes). Browsers run those scripts, so readers and annotators see the content in place; we never
 * run scripts, so we make the same moves from the ids alone. Without it the content is a hidden block,
 * removed as hidden or read out of order, and the skeleton stays (WCXB 0620: product details all hidden).
 * A segment whose place is missing stays where it is, as a page that failed to hydrate would leave it.
 */
function applyStreamedSegments(segments: Element[], places: Map<string, Element>): void {
  for (const segment of segments) {
    const suffix = segment.getAttribute('id')!.slice(2);
    const place = places.get(`P:${suffix}`) ?? places.get(`B:${suffix}`);
    if (!place?.isConnected || !segment.isConnected || place.parentNode === null) continue;
    if (place.getAttribute('id')!.startsWith('B:')) dropBoundaryFallback(place);
    for (const child of [...segment.childNodes]) place.parentNode.insertBefore(child, place);
    // Moved, not removed: its content now stands in its place.
    segment.remove();
    place.remove();
  }
}

/**
 * A fallback's loading line, "Loading…", "Loading paragraph...": what a pending boundary shows in place of what
 * it waits for, never the content.
 */
const LOADING_LINE = /^\s*loading\b[^.!?]{0,40}(?:\.{3}|…)?\s*$/i;

/**
 * Removes a pending boundary's fallback after its <template>, up to the comment closing the boundary.
 * Without the comments (a page saved without them) the fallback's end is unknown, and only the element right
 * after the template goes, when all it says is that it is loading (a finance guide's "Loading paragraph..."
 * between each of its streamed paragraphs, WCXB 4503); else the fallback stays, the content standing before it.
 */
function dropBoundaryFallback(template: Element): void {
  const open = template.previousSibling;
  if (open?.nodeType !== 8 || (open as Comment).data !== '$?') {
    const fallback = template.nextElementSibling;
    if (fallback && fallback.tagName !== 'TEMPLATE' && LOADING_LINE.test(fallback.textContent ?? '')) fallback.remove();
    return;
  }
  let depth = 0;
  for (let node = template.nextSibling; node; node = node.nextSibling) {
    if (node.nodeType !== 8) continue;
    const data = (node as Comment).data;
    if (data === BOUNDARY_CLOSE && depth === 0) {
      while (template.nextSibling !== node) template.nextSibling!.remove();
      (open as Comment).data = '$';
      return;
    }
    if (data === BOUNDARY_CLOSE) depth--;
    else if (BOUNDARY_OPEN.has(data)) depth++;
  }
}

export function repairParsing(body: Element): void {
  const { comments, nestedDocuments, streamedSegments, streamTargets } = findRepairTargets(body);
  repairSwallowedCdata(comments);
  unwrapContentNoscript(body);
  unwrapNestedDocuments(nestedDocuments);
  applyStreamedSegments(streamedSegments, streamTargets);
}
