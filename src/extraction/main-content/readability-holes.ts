/**
 * Holes in Readability's pick. When its pick wins, Readability's cleaning has sometimes dropped blocks in
 * the middle of the article: a block whose class holds a word it weighs as chrome ("media" in Consumer
 * Reports' `cda-media-block`, a checklist of services and prices), a list with more items than there are
 * paragraphs (the reviewed cars of a top-20 list), a table of specs. Our root (a copy taken before
 * Readability ran) still holds them, in order, between blocks Readability kept. A stretch of our root
 * that Readability dropped between two blocks it kept, and that reads as prose, goes back in after the
 * kept block before it. Nothing after the last block it kept comes back (comments, related stories and
 * footers follow an article, they do not interrupt it) unless the pick was one of several like sections
 * (restoreLikeSections) or only the article's lead (restoreContinuation). Before the first, only the
 * article's own earlier sections come back (restoreLeadingSections).
 *
 * WCXB dev 0.8896 -> 0.8907, every fold up (+0.0013 +0.0001 +0.0010 +0.0010 +0.0017; 4184 0.55 -> 0.99,
 * 4052 0.77 -> 0.98, 4430 0.55 -> 0.93, 4911 0.79 -> 0.93), with losses where annotators left out an FAQ,
 * a methodology box or a call to action the page shows mid-article (4846 0.98 -> 0.87, 0256 0.98 -> 0.96).
 * scrapinghub 0.9712 -> 0.9718 (recall 0.9893 -> 0.9911, precision 0.9537 -> 0.9533).
 */
import { collapsedLength, hasAncestorOrSelf, HEADINGS } from '../dom/dom-walk.js';
import { elementNamesIfAny } from '../dom/element-names.js';
import { isLinkElement } from '../dom/link-elements.js';
import { namesComments } from './comments.js';
import { namesCaption } from './caption-names.js';
import { withoutWhitespace, wordCount, YEAR } from '../dom/text.js';
import { collectTextStats, type TextStats } from './text-stats.js';
import { recorder } from './remove.js';
import { THRESHOLDS } from './thresholds.js';
import { blockSignature } from './block-signature.js';

/** Blocks that hold a line of text of their own; a unit is one with no such block inside. */
const TEXT_BLOCKS = new Set(['P', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'PRE', 'BLOCKQUOTE', 'TD', 'TH', 'DD', 'DT', 'FIGCAPTION', 'DIV']);
/** Containers a unit may sit in; a unit holding one is no leaf. */
const CONTAINERS = new Set([...TEXT_BLOCKS, 'SECTION', 'ARTICLE', 'UL', 'OL', 'DL', 'TABLE', 'FIGURE', 'HEADER', 'FOOTER', 'ASIDE', 'MAIN', 'NAV']);
/** Parts of a list or table: a block put back goes after the whole list or table holding the kept block. */
const LIST_PARTS = new Set(['LI', 'UL', 'OL', 'DL', 'DT', 'DD', 'TR', 'TD', 'TH', 'TBODY', 'THEAD', 'TFOOT', 'TABLE']);
/** Microdata properties that are the article itself; any other (name, keywords, datePublished) is a machine copy of its metadata. */
const CONTENT_PROPERTIES = /^(?:articleBody|text|reviewBody)$/;
/** A block's text (without whitespace) ending in a colon: a lead-in announcing what follows (restoreAnnounced). */
const ANNOUNCES = /:$/;


/** The leaf text blocks of `root`, in document order; one walk. */
function textUnits(root: Element): Element[] {
  const units: Element[] = [];
  /** Visits `element`'s subtree; answers whether it is or holds a container. Leaves never nest, so pushing on the way out keeps document order. */
  const visit = (element: Element): boolean => {
    let holdsContainer = false;
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) if (visit(child)) holdsContainer = true;
    if (!holdsContainer && TEXT_BLOCKS.has(element.tagName)) units.push(element);
    return holdsContainer || CONTAINERS.has(element.tagName);
  };
  for (let child = root.firstElementChild; child; child = child.nextElementSibling) visit(child);
  return units;
}

/**
 * A caption, a credit or a microdata copy: Readability drops those on purpose, and alone they are no prose.
 * Nor is a reader's comment: comments follow an article, and when Readability kept a block after them (a
 * long comment, a closing line) they made a hole it seemed to have cut (opensource.com's fifty comments
 * under an article, outside the shared sets: 0.87 -> 1.00; WCXB dev and scrapinghub unchanged).
 */
function isIncidental(unit: Element, root: Element): boolean {
  for (let element: Element | null = unit; element && element !== root; element = element.parentElement) {
    if (element.tagName === 'FIGURE' || element.tagName === 'FIGCAPTION') return true;
    const property = element.getAttribute('itemprop');
    if (property !== null && !CONTENT_PROPERTIES.test(property)) return true;
    if (namesCaption(element.getAttribute('class') ?? '')) return true;
    const names = elementNamesIfAny(element);
    if (names !== null && namesComments(names)) return true;
  }
  return false;
}

/** The outermost blocks of `root` whose units all lie in units[from..to]: the hole as the page built it (its list, its table). */
function holeRoots(units: Element[], from: number, to: number, root: Element, range: Map<Element, [number, number]>): Element[] {
  const roots: Element[] = [];
  for (let k = from; k <= to; k++) {
    let top = units[k]!;
    for (let parent = top.parentElement; parent && parent !== root; parent = parent.parentElement) {
      const [first, last] = range.get(parent)!;
      if (first < from || last > to) break;
      top = parent;
    }
    if (roots[roots.length - 1] !== top) roots.push(top);
  }
  return roots;
}

/** A block's signature, or for a block without a class its own and its first child's; null when neither has one. */
function likeSignature(element: Element): string | null {
  if ((element.getAttribute('class') ?? '').trim()) return blockSignature(element);
  const child = element.firstElementChild;
  if (!child || !(child.getAttribute('class') ?? '').trim()) return null;
  return `${blockSignature(element)}>${blockSignature(child)}`;
}

/** Where a block put back after `kept` goes: after the list or table holding it, inside `picked`. */
function insertionPoint(kept: Element, picked: Element): Element {
  let point = kept;
  while (point.parentElement && point.parentElement !== picked && LIST_PARTS.has(point.parentElement.tagName)) point = point.parentElement;
  return point;
}

/**
 * Puts back into Readability's pick (`picked`, mutated) the stretches of `own` (our root, as it was before
 * Readability ran) that Readability dropped between blocks it kept.
 */
export function restoreReadabilityHoles(own: Element, picked: Element, options: { heroLines: boolean } = { heroLines: false }): void {
  const pickedText = withoutWhitespace(picked.textContent);
  const units: Element[] = [];
  const texts: string[] = [];
  for (const unit of textUnits(own)) {
    const text = withoutWhitespace(unit.textContent);
    if (!text) continue;
    units.push(unit);
    texts.push(text);
  }
  // Text and link lengths, read only for the blocks a decision needs (most pages have no hole to fill).
  const stats: (TextStats | undefined)[] = [];
  const statsOf = (k: number): TextStats => {
    let unitStats = stats[k];
    if (!unitStats) {
      const unit = units[k]!;
      unitStats = collectTextStats(unit).get(unit)!;
      // A block inside a link (a card wrapped in <a>) is link text all through.
      if (unit.parentElement && hasAncestorOrSelf(unit.parentElement, isLinkElement)) unitStats.link = unitStats.text;
      stats[k] = unitStats;
    }
    return unitStats;
  };
  // Its text without whitespace is never longer than its length with runs as one space.
  const isLong = (k: number): boolean => texts[k]!.length >= THRESHOLDS.HOLE_ANCHOR_MIN_TEXT || statsOf(k).text >= THRESHOLDS.HOLE_ANCHOR_MIN_TEXT;
  // Readability keeps the page's order: search on from the last block found, and from the start only when that fails.
  let offset = 0;
  // Where each unit's text was found in the pick (-1: dropped).
  const keptAt = texts.map((text) => {
    let at = pickedText.indexOf(text, offset);
    if (at < 0) at = pickedText.indexOf(text);
    if (at >= 0) offset = at + text.length;
    return at;
  });
  const kept = keptAt.map((at) => at >= 0);
  const anchors = units.flatMap((_, k) => (kept[k] && isLong(k) ? [k] : []));
  if (anchors.length === 0) return;
  // Read once a hole needs them: which units each block of our root holds, the blocks of the pick.
  let range: Map<Element, [number, number]> | null = null;
  const rangeOf = (): Map<Element, [number, number]> => {
    if (range) return range;
    range = new Map();
    for (let k = 0; k < units.length; k++) {
      for (let parent = units[k]!.parentElement; parent && parent !== own; parent = parent.parentElement) {
        const seen = range.get(parent);
        if (seen) seen[1] = k;
        else range.set(parent, [k, k]);
      }
    }
    return range;
  };
  let pickedUnits: { unit: Element; text: string }[] | null = null;
  let cursor = 0;
  /**
   * The block of `picked` holding what own unit `k` holds, searched forward from the last one found: the same
   * text, or for a long one (an anchor's length) a block that holds it. A short line ("17", "Polestar 4") also
   * turns up inside a later sentence, and taking that would skip the blocks in between.
   */
  const counterpart = (k: number): Element | null => {
    const text = texts[k]!;
    const long = isLong(k);
    pickedUnits ??= textUnits(picked).map((unit) => ({ unit, text: withoutWhitespace(unit.textContent) }));
    for (let j = cursor; j < pickedUnits.length; j++) {
      const candidate = pickedUnits[j]!;
      if (candidate.text === text || (long && candidate.text.includes(text))) {
        cursor = j;
        return candidate.unit;
      }
    }
    return null;
  };

  const isSentence = (k: number): boolean => wordCount(units[k]!.textContent) >= THRESHOLDS.HOLE_SENTENCE_MIN_WORDS;
  const isDescription = (k: number): boolean => !isIncidental(units[k]!, own) && statsOf(k).link === 0 && isSentence(k);

  const restored = new Set<string>();
  /** The text length of units[from..to] when they read as prose (a sentence, few links, no teaser), else 0. */
  const proseLength = (from: number, to: number): number => {
    let text = 0;
    let link = 0;
    let sentence = false;
    for (let j = from; j <= to; j++) {
      const unit = units[j]!;
      if (isIncidental(unit, own)) continue;
      const unitStats = statsOf(j);
      text += unitStats.text;
      link += unitStats.link;
      if (isSentence(j)) sentence = true;
      // A linked title over an unlinked description is a teaser (another story's card): a linked heading,
      // or a linked line followed by a sentence without links (ZDNet's list of stories, scrapinghub 5fbc7ccb
      // precision 0.89 -> 0.98; WCXB dev unchanged). An article's own sections are no links.
      if (unitStats.link >= THRESHOLDS.HOLE_TEASER_TITLE_LINK_SHARE * unitStats.text && (HEADINGS.has(unit.tagName) || (j < to && isDescription(j + 1)))) return 0;
    }
    if (!sentence || text < THRESHOLDS.HOLE_MIN_TEXT || link > THRESHOLDS.HOLE_MAX_LINK_SHARE * text) return 0;
    return text;
  };
  /** Puts units[from..to] back after `point` when they read as prose; returns where the next hole goes after. */
  const putBack = (from: number, to: number, point: Element): Element => {
    if (proseLength(from, to) === 0) return point;
    for (const root of holeRoots(units, from, to, own, rangeOf())) {
      const copy = root.cloneNode(true) as Element;
      // A carousel's copies of one slide, or a block the page repeats per screen size: once.
      for (const unit of textUnits(copy)) {
        const text = withoutWhitespace(unit.textContent);
        if (restored.has(text)) unit.remove();
        else if (text) restored.add(text);
      }
      if (!withoutWhitespace(copy.textContent)) continue;
      recorder()?.restored(copy);
      point.after(copy);
      point = copy;
    }
    return point;
  };

  /** Puts the stretches back, in order, before `kept`'s block in the pick (before the list or table holding it). */
  const putBackBefore = (kept: Element, stretches: readonly [number, number][]): void => {
    let before = kept;
    while (before.parentElement && before.parentElement !== picked && LIST_PARTS.has(before.parentElement.tagName)) before = before.parentElement;
    // putBack inserts after a point: a marker before the first kept block is that point.
    const marker = before.ownerDocument.createElement('span');
    before.before(marker);
    let point: Element = marker;
    for (const [from, to] of stretches) point = putBack(from, to, point);
    marker.remove();
  };

  const first = anchors[0]!;
  /**
   * The article's sections before the first block Readability kept: its pick is then one of the article's
   * sections, not the article. Each section is a heading without links over a sentence without links, and there
   * must be LEADING_SECTIONS_MIN of them: one such box before the story is a summary card ("Key takeaways",
   * a fact-check's verdict), which schema.org's `articleBody` leaves out (scrapinghub 1ee91d1f 0.994 -> 0.938
   * with one) and WCXB's truths keep as often as not (4 dev pages down, 5 up). The stretch starts after the
   * title, any block Readability kept, and any linked heading (a byline, another story's title). Drupal's
   * Layout Builder and Elementor split one article into sibling blocks, and Readability took the longest:
   * WCXB dev +0.00007 (0336 0.88 -> 0.97, 0163 0.97 -> 0.99, none down; folds +0 +0.0003 +0 +0.0001 +0),
   * scrapinghub unchanged; unseen pages 5218 0.84 -> 0.92 and 5684 0.88 -> 0.95, none down.
   */
  const restoreLeadingSections = (): void => {
    let from = 0;
    let sections = 0;
    let heading = false;
    for (let j = 0; j < first; j++) {
      const unit = units[j]!;
      const isHeading = HEADINGS.has(unit.tagName);
      if (unit.tagName === 'H1' || kept[j] || (isHeading && statsOf(j).link >= THRESHOLDS.HOLE_TEASER_TITLE_LINK_SHARE * statsOf(j).text)) {
        from = j + 1;
        sections = 0;
        heading = false;
      } else if (isHeading) heading = true;
      else if (heading && isDescription(j)) {
        sections++;
        heading = false;
      }
    }
    if (sections >= THRESHOLDS.LEADING_SECTIONS_MIN) {
      const found = counterpart(first);
      if (found) putBackBefore(found, [[from, first - 1]]);
    } else if (options.heroLines) restoreHeroLines();
  };
  /**
   * A landing page's hero: the lines under its <h1> before the first block Readability kept, the tagline and the
   * sentence or two that say what the service is. Readability starts at the sections below, and WCXB's truths
   * keep the hero. Only on roots judged `unknown` or `repeated` at an address naming no story (the caller's
   * choice, policy 'hero-lines'), and not when a line of it holds a year: under an article's <h1> the same stretch
   * is a dateline, a byline or a standfirst, which the truths leave out. WCXB dev 0.89509 -> 0.89533, 11 pages up
   * (0346 0.91 -> 1.00, 4158 0.87 -> 0.97, 4506 0.92 -> 0.97, CrowdStrike's 4286 0.92 -> 0.95), 3 down by at most
   * 0.015 (a tutoring site's offer line, 4914); folds +0 +0.0008 +0 +0.0004 -0. Measured and left out: product and
   * listing roots (-0.00001, 6 pages down), forum roots (one page each way), and `unknown` roots without the address
   * and year tests (+0.0002 but 19 pages down: standfirsts, datelines, a video's transcript).
   * Two readings of "kept" that hid a hero: the pick opening with a section's heading ("Making a request") over its
   * first long block, and a short line found in the pick only further on than where the pick opens (a code sample's
   * "js" label, whose like stands over every later sample). MDN's guides keep their introduction (0671 0.95 -> 1.00,
   * 0672 0.95 -> 0.97), 0340 0.73 -> 0.76, trafilatura's set 0.9273 -> 0.9275 (its 0401 finds 3 of 3); WCXB dev
   * +0.00006 (folds +0.00009 +0.00016 +0.00005 0 0), nothing down on any set. A kept line of another kind (an event's
   * "Address:") still ends the search: the lines above it are the page's controls (unseen 5269 0.83 -> 0.67 otherwise).
   */
  const restoreHeroLines = (): void => {
    const title = units.findIndex((unit) => unit.tagName === 'H1');
    if (title < 0) return;
    // The pick may open with a section's heading over its first long block: the hero ends there.
    let end = first - 1;
    while (end > title && kept[end] && HEADINGS.has(units[end]!.tagName) && keptAt[end]! <= keptAt[first]!) end--;
    if (title + 1 > end) return;
    const opening = keptAt[end + 1]!;
    // A short line found in the pick only after where the pick opens ("js", a code sample's label) was found by chance: it was dropped.
    for (let j = title + 1; j <= end; j++) if ((kept[j] && keptAt[j]! <= opening) || YEAR.test(units[j]!.textContent ?? '')) return;
    const found = counterpart(end + 1);
    if (found) putBackBefore(found, [[title + 1, end]]);
  };
  restoreLeadingSections();

  const last = anchors[anchors.length - 1]!;
  // Holes go after the kept block before them; when that block is not found again in the pick (Readability
  // re-built it), or is the one the last hole went after, after what was put back last: the order holds.
  let lastFound: Element | null = null;
  let point: Element | null = null;
  let k = first;
  while (k < last) {
    const before = k;
    let end = k + 1;
    while (end < last && !kept[end]) end++;
    // units[before + 1 .. end - 1] were dropped; units[before] and units[end] were kept.
    if (end > before + 1) {
      const found = counterpart(before);
      if (found && found !== lastFound) point = insertionPoint(found, picked);
      lastFound = found ?? lastFound;
      if (point) point = putBack(before + 1, end - 1, point);
    }
    k = end;
  }

  /**
   * The pick's like sections. Drupal's "paragraphs", and CMS blocks like them, wrap each section of one
   * article in a block of the same name (`paragraph_wrapper`), siblings; Readability scored one section
   * highest, and its sibling join, which asks for the very same class string and a score, left the others
   * out: agrarheute.com and forstpraxis.de in trafilatura's set kept 811 and 711 of 2,726 and 2,559
   * characters, pferderevue.at none of its four exercises. When the siblings of a block holding the pick,
   * with its signature (for a block without a class, its and its first child's), hold more prose than the
   * pick (LIKE_SECTIONS_MIN_GAIN), the pick was one section of several, and they go back in their places.
   * Below that they are mostly what follows an article in the same layout blocks: a newsletter box and a
   * numbered list of stories (WCXB dev 0333, 0.70 of the pick), related posts, citations, a disclaimer
   * (16 WCXB dev pages down, 9 up, when any like sibling came back). WCXB dev, scrapinghub and the unseen
   * probe half unchanged; unseen final half 0.9102 -> 0.9145 (two pages 0.57 -> 1.00, 0.61 -> 1.00);
   * trafilatura's set 0.9221 -> 0.9224 (two pages' marked lines found, two pages' closing promotion held).
   */
  const restoreLikeSections = (): void => {
    const pickText = THRESHOLDS.LIKE_SECTIONS_MIN_GAIN * pickedText.length;
    for (let block = units[first]!.parentElement; block && block !== own; block = block.parentElement) {
      const parent = block.parentElement;
      const signature = likeSignature(block);
      if (!parent || !signature) continue;
      const likes = [...parent.children].filter((sibling) => likeSignature(sibling) === signature);
      if (likes.length < 2) continue;
      // Their prose is never more than their text: most groups are settled without reading which units each holds.
      if (likes.reduce((sum, like) => (like.contains(units[first]!) || like.contains(units[last]!) ? sum : sum + collapsedLength(like)), 0) <= pickText) return;
      const ranges = rangeOf();
      const leading: [number, number][] = [];
      const trailing: [number, number][] = [];
      let gain = 0;
      for (const like of likes) {
        const range = ranges.get(like);
        // Like blocks holding what Readability kept, or lying between its kept blocks, are the holes' part.
        if (!range || (range[1] >= first && range[0] <= last)) continue;
        const length = proseLength(range[0], range[1]);
        if (length === 0) continue;
        gain += length;
        (range[1] < first ? leading : trailing).push(range);
      }
      if (gain <= pickText) return;
      cursor = 0;
      const firstFound = leading.length ? counterpart(first) : null;
      if (firstFound) putBackBefore(firstFound, leading);
      cursor = 0;
      const lastFound = trailing.length ? counterpart(last) : null;
      if (lastFound) {
        let point = insertionPoint(lastFound, picked);
        for (const [from, to] of trailing) point = putBack(from, to, point);
      }
      return;
    }
  };
  restoreLikeSections();

  /**
   * The rest of an article whose lead alone Readability kept. A layout that sets the body beside a picture in
   * a media object (`o-media__body`, whose "media" Readability weighs as chrome) or after a donation box left
   * Readability the lead paragraph: drk.de's press release in trafilatura's set kept 902 of 2,956 characters
   * (1 of 3 marked lines -> 3 of 3), elnuevodia.com's story its first paragraph (1 of 3 -> 3 of 3); the set
   * 0.9247 -> 0.9252. The run of paragraphs (a sentence each, few links; captions and credits passed over)
   * straight after the last block it kept comes back when it holds more text than the whole pick
   * (CONTINUATION_MIN_SHARE): after a whole article come comments, related stories and notices, never more
   * prose than the article itself. No output on WCXB dev, scrapinghub or either unseen half changed.
   */
  const restoreContinuation = (): void => {
    let end = last;
    let text = 0;
    for (let j = last + 1; j < units.length && !kept[j]; j++) {
      const unit = units[j]!;
      if (isIncidental(unit, own)) {
        end = j;
        continue;
      }
      const unitStats = statsOf(j);
      if (unit.tagName !== 'P' || !isSentence(j) || unitStats.link > THRESHOLDS.HOLE_MAX_LINK_SHARE * unitStats.text) break;
      text += unitStats.text;
      end = j;
    }
    if (end === last || text <= THRESHOLDS.CONTINUATION_MIN_SHARE * pickedText.length) return;
    cursor = 0;
    const found = counterpart(last);
    if (found) putBack(last + 1, end, insertionPoint(found, picked));
  };
  restoreContinuation();

  /**
   * What a kept sentence ending in a colon announces. "There are three quick, easy steps required from you to get a
   * free moving quote:" promises what follows it; when Readability kept the sentence and dropped the steps (a
   * numbered list of titled cards in a sibling layout column, after the last long block it kept, where the holes
   * above never look), the page reads as cut off mid-thought. The dropped stretch straight after such a
   * sentence, up to the next block Readability kept or the next heading, comes back when it reads as prose and
   * holds a sentence without links (a description, not a card of buttons). The lead must be a sentence
   * (HOLE_SENTENCE_MIN_WORDS): a short label ending in a colon ("The best overall:", "Price:") names a field or a
   * pick, and a listicle's summary box of "The best overall:" over a product card is what its truth leaves out
   * (WCXB dev 4828 0.977 -> 0.976 with labels counted). Unseen probe 4928 (twomenandatruck.com's moving-quote page)
   * 0.834 -> 0.994, probe 0.92372 -> 0.92460; trafilatura's set: management-circle.de's post gets back the five
   * advantages its "…zusammengefasst, die Ihre Entscheidung erleichtern können:" announces (0764, marked lines
   * unchanged); WCXB dev, scrapinghub and the unseen final half: every output identical.
   */
  const restoreAnnounced = (): void => {
    for (let lead = 0; lead + 1 < units.length; lead++) {
      if (!kept[lead] || !ANNOUNCES.test(texts[lead]!) || !isSentence(lead)) continue;
      // Kept after the lead, in the pick's order: a step's marker "1" also turns up in an earlier date or sentence.
      const leadEnd = keptAt[lead]! + texts[lead]!.length;
      let end = lead;
      for (let j = lead + 1; j < units.length && keptAt[j]! < leadEnd && !HEADINGS.has(units[j]!.tagName); j++) end = j;
      if (end === lead) continue;
      let described = false;
      for (let j = lead + 1; j <= end && !described; j++) described = isDescription(j);
      if (!described) continue;
      cursor = 0;
      const found = counterpart(lead);
      if (found) putBack(lead + 1, end, insertionPoint(found, picked));
    }
  };
  restoreAnnounced();
}
