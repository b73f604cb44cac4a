/**
 * Final trim of the extracted content (a small, detached tree, so this is cheap): drops what
 * extractors keep but readers and the benchmarks' annotators do not count as content —
 * image captions and credits, bylines and timestamps, and link lists such as "You may also like".
 */
import { descendants, hasAncestorOrSelf, hasDescendantTag, normalizedText } from '../dom/dom-walk.js';
import { collectTextStats, linkDensity } from './text-stats.js';
import { removeDuplicateBlocks } from './duplicate-blocks.js';

const CAPTION_CLASS = /caption|credit/i;
/**
 * A block named "caption" that holds a heading is a card's text (a shop tile's "product-caption",
 * Bootstrap's thumbnail "caption": name, blurb, price), not an image caption.
 */
const CARD_HEADINGS = new Set(['H2', 'H3', 'H4', 'H5', 'H6']);
const isCaption = (element: Element): boolean =>
  element.tagName === 'FIGCAPTION' || (CAPTION_CLASS.test(element.getAttribute('class') ?? '') && !hasDescendantTag(element, CARD_HEADINGS));

/** class/id words of author/date lines and article tool rows. */
const METADATA_WORDS = /(?:^|[\s_-])(?:byline|author|authors|dateline|timestamp|date|time|published|updated|posted|meta|article-meta|post-meta|entry-meta|read-?time)(?:$|[\s_-])/i;

/** A list or block that is nearly all links and short per link is a link list, not prose. */
const LINK_LIST_DENSITY = 0.8;
const METADATA_MAX_TEXT = 160;

/**
 * Short blocks whose whole text is a known kind of page furniture, as written across the web:
 * photo credits ("Photo: …", "Image credit: …", "(Image: Getty)"), copyright lines, timestamps
 * ("Updated 10:02 AM", "Published: 18 Nov 2019"), bylines ("By Jane Doe - 11/18/19"), and lone
 * widget labels ("Advertisement", "Caption", "Close", "Share").
 */
const CREDIT_LINE = /^\(?\s*(?:photo(?:graph)?|image|picture|pic|illustration|video|foto|bild)s?(?:\s+(?:credit|copyright))?s?\s*(?::|©|by\s|(?<=copyright)\s)/i;
const CREDIT_TAIL = /\(\s*(?:(?:photo|image|picture|pic)s?(?:\s+credit)?\s*(?::|by\s)|[^()]{0,40}\b(?:photo|images)\s*\/)[^()]*\)\s*$/i;
const COPYRIGHT_LINE = /^(?:©|\(c\)\s|copyright\b)/i;
const DATELINE = /^(?:(?:first\s+|last\s+)?(?:published|updated|posted|modified|last modified)(?:\s+(?:on|at))?\s*:?\s*[^.!?]*\d[^.!?]*|published|updated|posted)$/i;
const BYLINE = /^[Bb][Yy]\s+\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,3}(?:\s*(?:,|\||-|–|—|and|&|\bon\b)\s*[^.!?]*)?$/u;
const UI_LABEL =
  /^(?:advert(?:isement)?|ad|sponsored|caption|close|share(?:\s+(?:this|on)(?:\s+\w+)?)?|tweet|print|email|loading(?:\s+content)?\s*(?:\.\.\.|…)?|highlights|breaking news|skip (?:ad|advert(?:isement)?)|(?:view\s+|show\s+)?comments?|subscribe|sign up|don'?t miss|about the author|view author archive|media playback is unsupported on your device|you (?:may|might) also like(?:\.\.\.|…|:)?|related news|recent articles|popular this week|more:|tell us what you think(?:\.\.\.|…)?|want more stories like this\??|like this story\? share it with a friend!?|this slideshow requires javascript\.?)$/i;
/**
 * A line that is only a date, optionally with weekday and time ("October 06, 2018",
 * "Monday, 18 Nov 2019, 19:09", "22 de outubro de 2010 às 20:13", "05/10/2018").
 */
const DATE_ONLY =
  /^(?:[\p{L}-]+\.?,?\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\.?\s+(?:de\s+)?\p{L}{3,}\.?,?\s+(?:de\s+)?\d{4}|\p{L}{3,}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2})(?:[\s,|@-]+(?:at\s+|às\s+|à\s+|um\s+)?\d{1,2}[:h.]\d{2}(?:\s*[ap]\.?m\.?)?(?:\s+\p{Lu}{2,4})?)?$/iu;
/** "Jane Doe is a reporter for …": the author box under an article. */
const AUTHOR_BIO = /^\p{Lu}[\p{L}.'’-]+(?:\s+\p{Lu}[\p{L}.'’-]+){1,3}\s+is\s+(?:a|an|the)\s[^.!?]{0,120}\b(?:reporter|writer|editor|correspondent|journalist|contributor|columnist|author|freelancer)\b/u;
/** "Sign up to our newsletter …", "Click here to subscribe …": a newsletter pitch. */
const NEWSLETTER_PITCH = /\b(?:sign(?:\s|-)?up|subscribe)\b[^]*\b(?:newsletters?|inbox)\b|\b(?:newsletters?|inbox)\b[^]*\b(?:sign(?:\s|-)?up|subscribe)\b|^click here to subscribe\b/i;
/**
 * Lines about the article rather than of it: wire-service credits ("(Reporting by …; editing by …)"),
 * how to reach the author ("Have a tip? … may be reached at …", "Follow her on Twitter"), affiliate
 * disclosures, reading times ("Tempo de leitura: 2 minutos", "4 min read").
 */
const ABOUT_THE_ARTICLE =
  /^\(?\s*(?:additional\s+)?(?:reporting|writing|editing)\s+by\b|\b(?:may|can)\s+be\s+reached\s+at\b|^have\s+a\s+(?:news\s+)?tip\?|^follow\s+(?:him|her|them|us|me)\s+on\s+(?:twitter|facebook|instagram|x)\b|^this\s+(?:post|article|page|story)\s+(?:may\s+)?contains?\s+affiliate|^(?:reading\s+time|read\s+time|tempo\s+de\s+leitura|temps\s+de\s+lecture|lesezeit|tiempo\s+de\s+lectura)\s*:?\s*\d+\s*\p{L}+\.?$|^\d+\s*min(?:ute)?s?\s+read$|^(?:e-?mail|contact|reach)\s+[^.!?]{0,60}\bat\s+\S+@\S+/iu;
/** Leftovers of page machinery: a gallery's "Image 2 of 5", an unrendered WordPress shortcode "[button …]…[/button]". */
const MACHINERY = /^(?:(?:image|photo|picture|slide)\s+\d+\s+(?:of|\/)\s+\d+|\[(\w+)\b[^\]]*\][^]*\[\/\1\])$/i;
/**
 * A photo credit on its own line: names then a picture agency ("Sakib Ali/Hindustan Times/Getty Images",
 * "Natalie Naccache | Bloomberg | Getty Images", "Shutterstock").
 */
const AGENCY_CREDIT = /^(?:[^.!?]{0,80}(?:\/|\||—|–|-|,|\bvia)\s*)?(?:getty\s+images|shutterstock(?:\.com)?|istock(?:photo)?|alamy(?:\s+stock\s+photo)?|afp|ap(?:\s+photo)?|reuters|epa(?:-efe)?|dpa)$/i;
const FURNITURE_MAX_TEXT = 200;
const CAPTION_MAX_TEXT = 400;

/** "Related: …", "READ MORE: …", "See also …": a label and a link to another page. */
const LINK_LABEL = /^(?:related(?:\s+(?:stories|articles|content|posts?))?|read\s+(?:more|also|next)|see\s+(?:more|also)|also\s+(?:read|see|on\s+\S+)|more|don'?t\s+miss|recommended|watch|listen|click here)\b[^.!?]{0,40}?:/i;

const BLOCKS = new Set(['P', 'DIV', 'SPAN', 'SMALL', 'EM', 'STRONG', 'I', 'B', 'LI', 'DD', 'DT', 'H2', 'H3', 'H4', 'H5', 'H6', 'SECTION', 'FIGURE', 'BLOCKQUOTE']);
const MEDIA = new Set(['IMG', 'PICTURE', 'VIDEO', 'TABLE', 'PRE']);


type Furniture = 'caption' | 'stamp' | 'label';

const INLINE = new Set(['SPAN', 'EM', 'STRONG', 'I', 'B', 'SMALL', 'A']);

function furnitureKind(text: string, element: Element): Furniture | null {
  if (text.length > CAPTION_MAX_TEXT) return null;
  if (CREDIT_TAIL.test(text)) return 'caption';
  if (text.length > FURNITURE_MAX_TEXT) return null;
  if (CREDIT_LINE.test(text) || COPYRIGHT_LINE.test(text)) return 'caption';
  // "1:23 p.m." would end the sentence for the patterns below.
  const stamp = text.replace(/\b([ap])\.m\./gi, '$1m');
  if (DATELINE.test(stamp) || (text.length <= 100 && (BYLINE.test(text) || DATE_ONLY.test(stamp)))) return 'stamp';
  if (AUTHOR_BIO.test(text) || NEWSLETTER_PITCH.test(text) || ABOUT_THE_ARTICLE.test(text) || MACHINERY.test(text)) return 'label';
  // A bare agency name inside a sentence is a dateline's "(Reuters)", not a credit line.
  if (text.length <= 100 && AGENCY_CREDIT.test(text) && (!INLINE.has(element.tagName) || /[/|—–,-]|\bvia\b/.test(text))) return 'caption';
  return UI_LABEL.test(text) ? 'label' : null;
}

function sameAddress(text: string, pageUrl: string): boolean {
  if (!/^https?:\/\/\S+$/.test(text)) return false;
  const strip = (u: string): string => u.replace(/^https?:\/\/(?:www\.)?/, '').replace(/[?#].*$/, '').replace(/\/$/, '');
  return strip(text) === strip(pageUrl);
}

/**
 * Removes page furniture (see above) and label-plus-link lines. Dates and bylines that recur on
 * every item are part of a listing's content (an index of posts or repositories), so they stay.
 */
const STAMPS_OF_A_LISTING = 3;
function removeFurniture(body: Element, pageUrl: string, articleLike: boolean): void {
  const stats = collectTextStats(body);
  // Text no shorter than these stats say (each text node trimmed); longer blocks are never furniture.
  const longest = Math.max(CAPTION_MAX_TEXT, pageUrl.length + 16);
  const stamps: Element[] = [];
  for (const element of descendants(body)) {
    if (!BLOCKS.has(element.tagName)) continue;
    const known = stats.get(element)?.text ?? 0;
    if (known === 0 || known > longest || !element.isConnected || hasDescendantTag(element, MEDIA)) continue;
    const text = normalizedText(element);
    if (!text) continue;
    const kind = furnitureKind(text, element);
    if (kind === 'stamp') {
      if (!stamps.some((stamp) => stamp.contains(element))) stamps.push(element);
      continue;
    }
    if (kind || sameAddress(text, pageUrl)) {
      element.remove();
      continue;
    }
    if (!articleLike || text.length > FURNITURE_MAX_TEXT || !hasDescendantTag(element, LINK)) continue;
    const density = linkDensity(stats.get(element));
    // A label then a link ("Related: …"), or a paragraph that is nothing but one link, is a pointer elsewhere.
    if ((LINK_LABEL.test(text) && density >= 0.4) || (element.tagName === 'P' && density >= 0.95)) element.remove();
  }
  if (stamps.length < STAMPS_OF_A_LISTING) for (const stamp of stamps) stamp.remove();
}

/** Short link texts repeated three times or more are widget labels ("Whatsapp Facebook Pin", "Read more"). */
const REPEATED_MAX_TEXT = 60;
const REPEATED_MIN_COUNT = 3;
const LABEL_TAGS = new Set(['P', 'DIV', 'SPAN', 'A', 'SMALL']);
const CELL_OR_CODE = new Set(['TD', 'TH', 'LI', 'PRE', 'CODE']);
const IMG = new Set(['IMG']);
const LINK = new Set(['A']);
const inCellOrCode = (element: Element): boolean => CELL_OR_CODE.has(element.tagName);
function removeRepeatedLabels(body: Element): void {
  const stats = collectTextStats(body);
  const byText = new Map<string, Element[]>();
  for (const element of descendants(body)) {
    if (!LABEL_TAGS.has(element.tagName)) continue;
    const known = stats.get(element)?.text ?? 0;
    if (known === 0 || known > REPEATED_MAX_TEXT || hasAncestorOrSelf(element, inCellOrCode)) continue;
    const text = normalizedText(element);
    if (text.length < 4 || text.length > REPEATED_MAX_TEXT || hasDescendantTag(element, IMG)) continue;
    if (element.tagName !== 'A' && linkDensity(stats.get(element)) < 0.5) continue;
    const list = byText.get(text);
    if (list) list.push(element);
    else byText.set(text, [element]);
  }
  for (const list of byText.values()) {
    if (list.length < REPEATED_MIN_COUNT) continue;
    for (const element of list) element.remove();
  }
}

export interface CleanOptions {
  /** The content came from Readability's article model: related-link lists and pointers go. */
  dropLinkLists: boolean;
  /** The page says it is an article: short link labels repeated on it are share and tool widgets. */
  isArticle?: boolean;
  pageUrl?: string;
  /** Blocks rendered twice (one copy per screen size) keep one copy; in an article only long blocks. */
  dropDuplicates?: boolean;
}

export function cleanContent(body: Element, options: CleanOptions): void {
  if (options.dropDuplicates) removeDuplicateBlocks(body, options.isArticle === true);
  for (const caption of descendants(body)) {
    // A caption image stays (images with alt text are content); only the caption text goes.
    if (isCaption(caption) && !hasDescendantTag(caption, IMG)) caption.remove();
  }
  for (const element of descendants(body)) {
    const className = element.getAttribute('class');
    const id = element.getAttribute('id');
    if ((className === null && id === null && element.tagName !== 'TIME') || !element.isConnected) continue;
    const names = `${className ?? ''} ${id ?? ''}`;
    const isMetadata = element.tagName === 'TIME' || METADATA_WORDS.test(names);
    if (isMetadata && (element.textContent ?? '').trim().length <= METADATA_MAX_TEXT) element.remove();
  }
  removeFurniture(body, options.pageUrl ?? '', options.dropLinkLists);
  if (options.dropLinkLists && options.isArticle) removeRepeatedLabels(body);
  if (options.dropLinkLists) removeLinkLists(body);
}

/**
 * Link lists holding more than this share of the content are the content: a page that is a list of
 * links (a "List of …" article, a topic index) though it declares an article.
 */
const MAX_LINK_LIST_SHARE = 0.5;

function removeLinkLists(body: Element): void {
  const stats = collectTextStats(body);
  const lists: Element[] = [];
  let listText = 0;
  for (const list of descendants(body)) {
    if (list.tagName !== 'UL' && list.tagName !== 'OL') continue;
    const own = stats.get(list);
    if (!own || list.children.length < 2 || linkDensity(own) < LINK_LIST_DENSITY) continue;
    // Nested lists count once, with their outermost list.
    if (!lists.some((outer) => outer.contains(list))) listText += own.text;
    lists.push(list);
  }
  if (listText > MAX_LINK_LIST_SHARE * (stats.get(body)?.text ?? 0)) return;
  for (const list of lists) {
    if (!list.isConnected) continue;
    // The heading that introduces a removed link list ("Related stories") goes with it.
    const previous = list.previousElementSibling;
    if (previous && /^H[1-6]$/.test(previous.tagName)) previous.remove();
    list.remove();
  }
}
