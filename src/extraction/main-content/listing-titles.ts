/**
 * A listing's item titles that Readability tore off. On a root that is a run of like linked items
 * (listingRun), Readability's cleaning sometimes drops every item's linked heading — the block holding it
 * is link-dense — and keeps the rest of the item: a forum index's reply and view counts without the topics
 * (PunBB, outside the shared sets: 0.74 -> 0.95), GitHub's topic page with each repository's description
 * but not its name (WCXB 2910 0.68 -> 0.74). What the list is about is then gone while its figures stay.
 * When at least half of the items lost their title this way, each title goes back at the head of what is
 * left of its item. WCXB dev 0.89235 -> 0.89248 (4 pages up: 0147 0.91 -> 0.98, 0282 0.95 -> 0.98, 2923
 * 0.90 -> 0.93, 2910; none down; folds +0.0002 +0 +0.0003 +0.0001 +0), scrapinghub unchanged.
 */
import { HEADING_SELECTOR, HEADINGS } from '../dom/dom-walk.js';
import { withoutWhitespace } from '../dom/text.js';
import { recorder } from './remove.js';
import { THRESHOLDS } from './thresholds.js';

/** An item's linked heading: a heading holding a link, or a link holding a heading (titleOf falls back to a bare link). */
const LINKED_HEADING = [...HEADINGS].flatMap((tag) => [`${tag} a[href]`, `a[href] ${tag}`]).join(', ');

/** Blocks a leading title link may stand in with its item's description (phpBB's `<div class="list-inner">`). */
const TITLE_BLOCKS = new Set(['DT', 'DIV', 'P', 'TD', 'TH']);

/** A link that goes to another page: not an accordion's `#panel` toggle nor a script. */
const LEAVES_THE_SPOT = /^(?!#|javascript:)/i;

/** Blocks that are what is left of one item (its remnant): the title goes inside, at their head. */
const ITEM_BLOCKS = new Set(['DIV', 'ARTICLE', 'SECTION', 'LI']);

export interface ItemTitle {
  /** A copy of the item's title block (its linked heading, or the block holding its opening link), taken before Readability rewrote the page. */
  heading: Element;
  /** Its text without whitespace. */
  title: string;
  /** The item's other text runs (without whitespace) that no other item shows: where the item is found again. */
  parts: string[];
}

/** The nearest heading at or around `found` (a link inside a heading, or the heading inside a link). */
function headingOf(found: Element): Element {
  return found.closest(HEADING_SELECTOR) ?? found.querySelector(HEADING_SELECTOR) ?? found;
}

/**
 * An item's title: its linked heading; else, on an item with no heading, the link its text opens with,
 * together with the nearest block holding it. A forum index (phpBB) writes each board's name as a bare
 * link (`<a class="forumtitle">`) above its description, and Readability drops that whole block as
 * link-dense, keeping the counts and the last post (unseen probe 5090 0.695 -> 0.863, board names and
 * descriptions back; WCXB dev 2969, The Verge's home page, 0.683 -> 0.700; nothing down on WCXB dev,
 * scrapinghub, either unseen half or trafilatura's set). Only the link the item opens with counts: a
 * trailing "Learn more about …" or "Reply With Quote" is no title (WCXB 1056 and 0533 lost with any
 * first link), nor is a `#panel` toggle (BetterHelp's FAQ questions, 4869).
 */
function titleOf(item: Element): { heading: Element; title: string } | null {
  const found = item.querySelector(LINKED_HEADING);
  if (found) {
    const heading = headingOf(found);
    return { heading, title: withoutWhitespace(heading.textContent) };
  }
  const link = [...item.querySelectorAll('a[href]')].find(
    (a) => LEAVES_THE_SPOT.test(a.getAttribute('href')!.trim()) && withoutWhitespace(a.textContent).length >= THRESHOLDS.ITEM_TITLE_MIN_CHARS,
  );
  if (!link) return null;
  const title = withoutWhitespace(link.textContent);
  if (!withoutWhitespace(item.textContent).startsWith(title)) return null;
  let up = link.parentElement;
  while (up && up !== item && !TITLE_BLOCKS.has(up.tagName)) up = up.parentElement;
  return { heading: up && up !== item ? up : link, title };
}

/** Each item's title and other text, read from our root before Readability runs. */
export function readItemTitles(items: readonly Element[]): ItemTitle[] {
  const titles: ItemTitle[] = [];
  for (const item of items) {
    const lead = titleOf(item);
    if (!lead || lead.title.length < THRESHOLDS.ITEM_TITLE_MIN_CHARS) continue;
    const { heading, title } = lead;
    const parts: string[] = [];
    const walker = item.ownerDocument.createTreeWalker(item, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (heading.contains(node)) continue;
      const text = withoutWhitespace(node.textContent);
      if (text.length >= THRESHOLDS.ITEM_PART_MIN_CHARS) parts.push(text);
    }
    titles.push({ heading: heading.cloneNode(true) as Element, title, parts });
  }
  // A part every item shows ("replies", "Updated") also turns up outside the items (a column header).
  const itemsShowing = new Map<string, number>();
  for (const { parts } of titles) for (const part of new Set(parts)) itemsShowing.set(part, (itemsShowing.get(part) ?? 0) + 1);
  for (const entry of titles) entry.parts = entry.parts.filter((part) => itemsShowing.get(part) === 1);
  return titles;
}

/** Puts back into Readability's pick (`picked`, mutated) the titles of items whose other text it kept, when at least half lost theirs. */
export function restoreItemTitles(titles: readonly ItemTitle[], picked: Element): void {
  const pickedText = withoutWhitespace(picked.textContent);
  const nodes: Node[] = [];
  const walker = picked.ownerDocument.createTreeWalker(picked, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
  const texts = nodes.map((node) => withoutWhitespace(node.textContent));
  // Items keep the page's order: search on from the last one found.
  let cursor = 0;
  const torn: { title: ItemTitle; node: Node }[] = [];
  for (const title of titles) {
    if (pickedText.includes(title.title)) continue;
    for (const part of title.parts) {
      const at = texts.indexOf(part, cursor);
      if (at < 0) continue;
      torn.push({ title, node: nodes[at]! });
      cursor = at + 1;
      break;
    }
  }
  if (torn.length < THRESHOLDS.RUN_MIN_ITEMS || torn.length < THRESHOLDS.TORN_TITLES_MIN_SHARE * titles.length) return;
  torn.forEach(({ title, node }, k) => {
    // The item's remnant: the largest block around its text that holds neither neighbour's.
    const neighbours = [torn[k - 1]?.node, torn[k + 1]?.node].filter((other): other is Node => other !== undefined);
    let remnant = node.parentElement!;
    while (remnant.parentElement && remnant.parentElement !== picked && !neighbours.some((other) => remnant.parentElement!.contains(other))) remnant = remnant.parentElement;
    if (ITEM_BLOCKS.has(remnant.tagName)) remnant.prepend(title.heading);
    else remnant.before(title.heading);
    recorder()?.restored(title.heading);
  });
}
