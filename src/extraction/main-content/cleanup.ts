/**
 * Final trim of the extracted content (a small, detached tree, so this is cheap): drops what
 * extractors keep but readers and the benchmarks' annotators do not count as content —
 * image captions and credits, bylines and timestamps, and link lists such as "You may also like".
 * Which passes run is the policy's (policy.ts), by the kind the root was judged as.
 */
import { collapsedLength, descendants, elementsByTag, hasAncestorOrSelf, hasDescendantTag, HEADINGS, normalizedText, SUBHEADINGS } from '../dom/dom-walk.js';
import { collectTextStats, isInsideLongerText, linkDensity } from './text-stats.js';
import { removeDuplicateBlocks } from './duplicate-blocks.js';
import { removeQuotedPosts } from './quoted-posts.js';
import { removePlaceholderText } from './placeholder-text.js';
import { removeImageAddresses } from './image-addresses.js';
import { removeParkedData } from './parked-data.js';
import { removeScriptLinks } from './script-links.js';
import { removeAvatarInitials } from './avatar-initials.js';
import { removeFurniture } from './furniture.js';
import { removeHoverCards } from './hover-cards.js';
import { linksLeadOut } from './off-site-links.js';
import type { RootPasses } from './policy.js';
import { remove } from './remove.js';
import { removeStoryTeasers } from './story-teasers.js';
import { THRESHOLDS } from './thresholds.js';
import { wordCount } from '../dom/text.js';
import { elementNamesIfAny, namedBesidesAnchor, wholeWords } from '../dom/element-names.js';
import { namesCaption } from './caption-names.js';

/**
 * A block named "caption" that holds a heading is a card's text (a shop tile's "product-caption",
 * Bootstrap's thumbnail "caption": name, blurb, price), not an image caption. Nor is a heading or a
 * figure named so: a name's "caption" is then a type style (Etsy's card titles are
 * `<h2 class="wt-text-caption">`: WCXB 4204 0.03 -> 0.53) or the figure around the caption.
 */
const NEVER_CAPTIONS: ReadonlySet<string> = new Set([...HEADINGS, 'FIGURE']);
/**
 * A figure of a quotation and no picture captions the quote with who said it (`<figure><blockquote>…
 * </blockquote><figcaption>— Name, role</figcaption></figure>`, the markup HTML's own documentation gives
 * for an attribution): the speaker belongs to the quote, as a byline under a pull quote does. WCXB dev
 * +0.00001 on 3 pages, none down (0084 0.986 -> 0.998, 0041: a vendor's customer quotes); the unseen probe
 * and final halves, scrapinghub and trafilatura's set unchanged.
 */
const QUOTE = new Set(['BLOCKQUOTE']);
const IMG = new Set(['IMG']);
const isQuoteAttribution = (element: Element): boolean => {
  const figure = element.parentElement;
  return element.tagName === 'FIGCAPTION' && figure !== null && hasDescendantTag(figure, QUOTE) && !hasDescendantTag(figure, IMG);
};
const isCaption = (element: Element): boolean =>
  element.tagName === 'FIGCAPTION'
    ? !isQuoteAttribution(element)
    : !NEVER_CAPTIONS.has(element.tagName) && namesCaption(element.getAttribute('class') ?? '') && !hasDescendantTag(element, SUBHEADINGS);

/**
 * "Figure 3. Inference latency vs token count", "Table 2: …": a numbered figure's caption belongs to a
 * document that refers to it by number ("the saturation point in Figure 3"); without it the reference
 * points at nothing. Photo captions and credits are not numbered so. WCXB dev +0.00004 (6 pages, 4 up:
 * a technical article 0.958 -> 0.998, the Rust book's figures); scrapinghub unchanged.
 */
const NUMBERED_CAPTION = /^\s*(?:fig(?:ure)?|table|listing|chart|diagram|exhibit|graph|plate)\.?\s*\d+/i;
const isNumberedCaption = (caption: Element): boolean => NUMBERED_CAPTION.test(caption.textContent ?? '');

/**
 * A "caption" holding the summary the page declares of itself (its meta description) is what the page is
 * about, not a photo's caption: a video page sets the video's description under the player in an
 * `item-caption` block, and it is the page's only text of its own (zdf.de's clip page, trafilatura's set
 * 0973: 0 of 3 marked lines -> 3 of 3). Elsewhere it fires on a hero's standfirst set in a block named
 * "caption", which the truths keep or leave out by convention: scrapinghub 51d066b0 0.900 -> 0.921 (a news
 * video's summary, kept by its truth) and d48aeb9c 0.997 -> 0.989, WCXB dev 4666 0.962 -> 0.961; the unseen
 * probe and final halves unchanged. Trafilatura's set 0.9257 -> 0.9261, scrapinghub 0.97448 -> 0.97453, WCXB
 * dev 0.89387 at five decimals either way.
 */
function holdsDescription(caption: Element, description: string | null): boolean {
  return description !== null && normalizedText(caption).includes(description);
}

/**
 * Captions go, their images stay (images with alt text are content). Unless the captions hold more than
 * CAPTIONS_MAX_TEXT_SHARE of the root's text: then they are the content, a gallery article whose every
 * slide's text is its "caption" (popsugar.co.uk's 85 costume ideas in trafilatura's set, 88% of the text: 2,649
 * of 21,560 characters were kept, now all; 1 of 3 marked lines found, now 3). On the shared and unseen pages
 * captions never hold more than half the text; at 0.4 three WCXB dev galleries whose truths leave their
 * captions out lose (0617 0.73 -> 0.49, 4349, 4204), at 0.25 also scrapinghub 8cad00dc (0.98 -> 0.76).
 */
function removeCaptions(body: Element, description: string | null): void {
  const captions = descendants(body).filter(
    (element) => isCaption(element) && !hasDescendantTag(element, IMG) && !isNumberedCaption(element) && !holdsDescription(element, description),
  );
  if (captions.length === 0) return;
  let captionText = 0;
  let outer: Element | null = null;
  for (const caption of captions) {
    if (outer?.contains(caption)) continue;
    outer = caption;
    captionText += collapsedLength(caption);
  }
  if (captionText > THRESHOLDS.CAPTIONS_MAX_TEXT_SHARE * collapsedLength(body)) return;
  for (const caption of captions) remove(caption, 'captions');
}

/** class/id words of author/date lines and article tool rows. */
const METADATA_WORDS = wholeWords([
  'byline', 'author', 'authors', 'dateline', 'timestamp', 'date', 'time', 'published', 'updated', 'posted', 'meta', 'article-meta',
  'post-meta', 'entry-meta', 'read-?time',
]);

/**
 * Short link texts repeated three times or more are widget labels ("Whatsapp Facebook Pin", "Read more").
 * A link or span inside a longer line is a phrase of a sentence, however often the text says it: "The Black
 * Friday campaign offers 30% off…" lost its subject on every deal of a list (WCXB 0080 0.98 -> 1.00; dev
 * +0.00004 on 29 pages, 24 up; scrapinghub precision +0.0001, a Reuters story's "(Graphic: … - here)").
 */
const LABEL_TAGS = new Set(['P', 'DIV', 'SPAN', 'A', 'SMALL']);
const INLINE_LABEL_TAGS = new Set(['SPAN', 'A', 'SMALL']);
const CELL_OR_CODE = new Set(['TD', 'TH', 'LI', 'PRE', 'CODE']);
const inCellOrCode = (element: Element): boolean => CELL_OR_CODE.has(element.tagName);
function removeRepeatedLabels(body: Element): void {
  const stats = collectTextStats(body);
  const byText = new Map<string, Element[]>();
  for (const element of descendants(body)) {
    if (!LABEL_TAGS.has(element.tagName)) continue;
    const known = stats.get(element)?.text ?? 0;
    if (known === 0 || known > THRESHOLDS.REPEATED_LABEL_MAX_TEXT || hasAncestorOrSelf(element, inCellOrCode)) continue;
    const text = normalizedText(element);
    if (text.length < THRESHOLDS.REPEATED_LABEL_MIN_TEXT || text.length > THRESHOLDS.REPEATED_LABEL_MAX_TEXT || hasDescendantTag(element, IMG)) continue;
    if (element.tagName !== 'A' && linkDensity(stats.get(element)) < THRESHOLDS.REPEATED_LABEL_MIN_LINK_DENSITY) continue;
    if (INLINE_LABEL_TAGS.has(element.tagName) && isInsideLongerText(element, stats)) continue;
    const list = byText.get(text);
    if (list) list.push(element);
    else byText.set(text, [element]);
  }
  for (const list of byText.values()) {
    if (list.length < THRESHOLDS.REPEATED_LABEL_MIN_COUNT) continue;
    for (const element of list) remove(element, 'repeated-labels');
  }
}

/** Where the chosen root came from: some passes run only on Readability's pick. */
export type RootSource = 'readability' | 'own';

/**
 * Runs the cleanup rows of `passes` (one column of PASSES_BY_ROOT_KIND) over `body`, the chosen root. `description`:
 * the page's declared summary (declared-description.ts), which no caption rule removes.
 */
export function cleanContent(body: Element, passes: RootPasses, source: RootSource, pageUrl = '', description: string | null = null): void {
  const runs = (cell: boolean | 'readability-pick'): boolean => cell === true || (cell === 'readability-pick' && source === 'readability');
  if (passes.duplicates) removeDuplicateBlocks(body, passes.duplicates);
  if (passes.duplicates === 'threads') removeQuotedPosts(body);
  if (passes['placeholder-text']) removePlaceholderText(body);
  if (passes['image-addresses']) removeImageAddresses(body);
  if (passes['script-links']) removeScriptLinks(body);
  if (passes['parked-data']) removeParkedData(body);
  if (passes['avatar-initials']) removeAvatarInitials(body);
  if (passes['story-teasers']) removeStoryTeasers(body, pageUrl);
  if (passes['hover-cards']) removeHoverCards(body);
  if (passes.captions) removeCaptions(body, description);
  if (passes['metadata-lines']) removeMetadataLines(body, passes['metadata-lines'] === 'sparing-descriptions');
  removeFurniture(body, pageUrl, { furniture: passes.furniture, stamps: passes.stamps, linkPointers: runs(passes['link-pointers']) });
  if (runs(passes['repeated-labels'])) removeRepeatedLabels(body);
  if (runs(passes['link-lists'])) removeLinkLists(body, pageUrl);
}

/** Whether `names` name a metadata line, an anchor id aside (WCXB 4083 0.986 -> 0.996, 4014). */
function namesMetadata(element: Element, names: string): boolean {
  return namedBesidesAnchor(METADATA_WORDS, element, names);
}

/**
 * A block holding a section heading is a card or a section that a "meta" name happens to cover, not a byline:
 * Xfinity's "jss-meta-block" cards ("Live TV" over its pitch; WCXB 0066 0.56 -> 0.95), a camera's spec
 * rows headed "Image Sensor" (4263 0.93 -> 0.96). WCXB dev +0.0003 (5 pages up, 6 down by <= 0.004; folds
 * +0.0001 +0.0013 -0.0000 +0.0001 -0.0000); scrapinghub -0.00004 (a headline set in a "meta" header, 51d066b0).
 */
function holdsSubheading(element: Element): boolean {
  return SUBHEADINGS.has(element.tagName) || hasDescendantTag(element, SUBHEADINGS);
}

const AUTHOR_WORDS = wholeWords(['author', 'authors']);

/**
 * One person's name as a credit line writes it: two to four capitalised words (a nobiliary particle between
 * them, an asterisk for an equal contribution), after an "and" that closes the list.
 */
const PERSON_NAME =
  /^(?:and\s+)?\p{Lu}[\p{L}.'’-]*\*?(?:\s+(?:(?:de|da|del|der|di|du|dos|la|le|van|von|bin|al)\s+)?\p{Lu}[\p{L}.'’-]*\*?){1,3}$/u;

/**
 * A line named as its author(s) that names AUTHOR_LIST_MIN_NAMES people or more, and nothing else, is a work's
 * credit (a paper's, a talk's, a release's), the text of its entry on an index of such works, not a page's
 * byline: arXiv's listing of new papers lost every entry's authors (`list-authors`; WCXB 2916 0.665 -> 0.767),
 * the Go Blog's index the authors of a team's post (2900 0.829 -> 0.859). WCXB dev +0.00009, none down (folds
 * 0 and 1 up); every output of scrapinghub, trafilatura's set (990 news and blog pages) and both unseen
 * halves identical: their bylines name one or two people. At two names, an article's "By … and …" came back
 * (WCXB 4601). Requiring three such lines on the page instead (works listed several times) left the Go Blog's.
 */
function isWorkCredit(element: Element, names: string): boolean {
  if (!namedBesidesAnchor(AUTHOR_WORDS, element, names)) return false;
  const people = normalizedText(element).split(/\s*,\s*|\s+and\s+|\s*&\s*/).filter(Boolean);
  return people.length >= THRESHOLDS.AUTHOR_LIST_MIN_NAMES && people.every((person) => PERSON_NAME.test(person));
}

/**
 * Text that ends as a sentence does: a lower-case letter, then a full stop, question or exclamation mark (a closing quote
 * or bracket). Not a date or figure ("4. 2. 2022.") nor a teaser cut short ("White dot fin..."), which end so too in
 * the learned pass's looser `ends_sentence` feature (block-features.ts).
 */
const SENTENCE_END = /\p{Ll}[.!?]["”’)]?$/u;

/**
 * An index item's description set in a block its theme names "meta": Invision Community's forum index writes each
 * forum's one-line description as `<div class="ipsType_richText ipsDataItem_meta"><p>Buy and sell personal gear.</p></div>`
 * under its title, and the metadata-lines pass took all twenty (unseen final 5087, TrailGroove's forum index: 0.74 ->
 * 0.95). A byline or a date line is no sentence of its own: "By Jane Doe", "March 7, 2026", "by galitsyn » 11. Sep
 * 2024". So a block whose whole text is one paragraph (`<p>`) of ITEM_DESCRIPTION_MIN_WORDS or more that ends as a
 * sentence stays, on runs of items only (policy 'sparing-descriptions'): on a story the same shape is its writer's
 * bio ("Edward joined the TPG team in June 2019…", trafilatura's set 0395) and a disclosure, which went before. Every
 * output of WCXB dev, scrapinghub, trafilatura's set and the unseen probe half is unchanged.
 */
function isItemDescription(element: Element): boolean {
  const paragraphs = element.tagName === 'P' ? [element] : elementsByTag(element, 'P');
  if (paragraphs.length !== 1) return false;
  const text = normalizedText(paragraphs[0]!);
  return text === normalizedText(element) && SENTENCE_END.test(text) && wordCount(text) >= THRESHOLDS.ITEM_DESCRIPTION_MIN_WORDS;
}

function removeMetadataLines(body: Element, spareDescriptions: boolean): void {
  for (const element of descendants(body)) {
    const names = elementNamesIfAny(element);
    if ((names === null && element.tagName !== 'TIME') || !element.isConnected) continue;
    const isMetadata = element.tagName === 'TIME' || namesMetadata(element, names ?? '');
    if (!isMetadata || (element.textContent ?? '').trim().length > THRESHOLDS.METADATA_MAX_TEXT || holdsSubheading(element)) continue;
    if (names !== null && isWorkCredit(element, names)) continue;
    if (spareDescriptions && isItemDescription(element)) continue;
    remove(element, 'metadata-lines');
  }
}

/**
 * A paragraph whose links each stand on a line of their own (`<a>…</a> [VIDEO]<br><a>…</a>`) is a link list
 * written without list markup: the Express's "Don't miss" block of three other stories inside its article
 * (scrapinghub 624fcd90 and ba4dfe2d precision 0.90 -> 0.97; scrapinghub 0.9725 -> 0.9730). On WCXB dev it
 * took Cornell's paragraph of course PDFs too (0275 0.99 -> 0.97) until links to files counted as the page's own.
 */
function isLinesOfLinks(paragraph: Element): boolean {
  const links = elementsByTag(paragraph, 'A').length;
  return links >= THRESHOLDS.LINK_LIST_MIN_ITEMS && elementsByTag(paragraph, 'BR').length >= links - 1;
}

/**
 * Link lists go unless they are most of the content: a page that is a list of links (a "List of …"
 * article, a topic index) though it declares an article. A list whose links lead off the site or to
 * documents stays: it is the article's own (off-site-links.ts; WCXB dev +0.0002, 29 pages, every fold up;
 * scrapinghub +0.0001).
 */
function removeLinkLists(body: Element, pageUrl: string): void {
  const stats = collectTextStats(body);
  const lists: Element[] = [];
  let listText = 0;
  for (const list of descendants(body)) {
    const isList = list.tagName === 'UL' || list.tagName === 'OL';
    if (!isList && !(list.tagName === 'P' && isLinesOfLinks(list))) continue;
    const own = stats.get(list);
    if (!own || (isList && itemsInRun(list) < THRESHOLDS.LINK_LIST_MIN_ITEMS) || linkDensity(own) < THRESHOLDS.LINK_LIST_MIN_DENSITY) continue;
    if (linksLeadOut(list, pageUrl)) continue;
    // Nested lists count once, with their outermost list.
    if (!lists.some((outer) => outer.contains(list))) listText += own.text;
    lists.push(list);
  }
  if (listText > THRESHOLDS.CONTENT_MIN_SHARE * (stats.get(body)?.text ?? 0)) return;
  for (const list of lists) {
    if (!list.isConnected) continue;
    // The heading that introduces a removed link list ("Related stories") goes with it.
    const previous = list.previousElementSibling;
    if (previous && HEADINGS.has(previous.tagName)) remove(previous, 'link-lists');
    remove(list, 'link-lists');
  }
}

/**
 * A list's items together with those of the lists right beside it: Al Jazeera writes its "More:" box of three
 * stories as three lists of one linked heading each (scrapinghub 7916ecca precision 0.88 -> 0.97; scrapinghub
 * 0.9736 -> 0.9741, WCXB dev 2 pages up, none down).
 */
function itemsInRun(list: Element): number {
  let items = list.children.length;
  for (let sibling = list.previousElementSibling; sibling && sibling.tagName === list.tagName; sibling = sibling.previousElementSibling) items += sibling.children.length;
  for (let sibling = list.nextElementSibling; sibling && sibling.tagName === list.tagName; sibling = sibling.nextElementSibling) items += sibling.children.length;
  return items;
}
