import { findDate } from './date-parse.js';
import { decodeEntities } from './entities.js';
import { shortText, type HeadlineArea, type Line } from './headline-area.js';
import { ldName, ldValue, type LdNode } from './json-ld.js';
import { metaValue, type MetaIndex } from './meta-tags.js';
import { elementNames } from '../dom/element-names.js';
import { firstInContent, type ContentNodes } from './page-dates.js';

/**
 * The page's author. Precedence (the first source that gives a name wins):
 *  1. JSON-LD `author` (then `creator`) of the best-ranked node that has one: Person names, lists
 *     joined with ", ", nested `{name}` objects.
 *  2. Meta tags naming the author (AUTHOR_META, in that order); a URL there (article:author often is
 *     one) is not a name.
 *  3. Beside the headline (headline-area.ts), by AREA_RULES in order, each scanning nearest first:
 *     `itemprop=author` (its nested `itemprop=name`) or `rel=author`; an element whose class or id says
 *     byline, author or username; a line that starts with a label ("By …", "Written by: …"); the line
 *     that holds the date, when what remains of it without date, reading time and labels is a name.
 *  4. The link-preview pair labelled "Written by" (`twitter:labelN` / `twitter:dataN`, unfurlAuthor).
 *  5. Anywhere in the content (outside navigation, footers, sidebars, comments and related items, as the
 *     page's dates are read: page-dates.ts), the first line labelled "Written by", "Article by",
 *     "Posted by" or "Author:" whose name (on the line or in the next element) is a person's (labelledAuthor).
 * Every candidate is cleaned (cleanAuthor) and dropped when it is not a name. The site's own name is
 * not an author here (extract.ts may still fall back to Readability's byline, which can be).
 * A login handle declared in 1 or 2 ("jrobison", "andrew.keaveney": all lower case, no space) yields to a
 * person's name beside the headline (PERSON), and stands when there is none (see chooseAuthor).
 * Evidence (WCXB dev, share of authors matched with extract.ts's Readability fallback, tune folds /
 * held-out fold, without the rule): the headline area +13.7 / +19.6 in all, of which microdata
 * +1.7 / +1.4, byline class +2.9 / +3.4, label +2.9 / +4.7, date line +0.7 / +0.7.
 */

export const AUTHOR_META = ['author', 'article:author', 'parsely-author', 'sailthru.author', 'byl', 'dc.creator', 'dcterms.creator', 'citation_author'] as const;

/**
 * Labels before a name ("By", "Written by:", "Posted by", "Author:"; "byJane" and "Posted byJane" glued too).
 * "Posted" and "Written" alone label only with a colon or dash after them: "Written Communication" is a
 * section heading under an article's headline, not its byline (WCXB dev 0049).
 */
const LEAD_LABEL = /^(?:(?:written|posted|published|authored|created|words|story|text|reported|compiled)\s+by(?=\p{Lu}|\b)|(?:by|author(?:ed)?|writer)\b|(?:posted|written)(?=\s*[:：\-–—])|by(?=\p{Lu}))[\s:：\-–—]*/iu;
/** Labels after a name, or a following line that is no part of it. */
const TRAILING = /\s+(?:(?:written|posted|published)\s+by|on|at|updated|published|posted|last\s+updated|\d+\s+min(?:ute)?s?\s+read)\b.*$/i;
/** Separators between a byline's parts: the name, its role, the date, the reading time. */
const PARTS = /\s*[|•·—–]\s*|\s+-\s+|\s*\/\s+|\s{3,}/;
/** A byline's other fields ("Categories: Uncategorized", "Filed under: News"): where the post is filed, not who wrote it (WCXB dev 0483). */
const FILING_LABEL = /^(?:categor(?:y|ies)|tags?|filed\s+under|topics?|sections?|posted\s+in)\s*[:：]/i;
/** Words that name a role or a placeholder, not a person. */
const NOT_A_NAME = /^(?:authors?|admin(?:istrator)?|editors?|staff|staff writer|contributors?|contributing (?:writer|editor)|guest (?:author|post)|writer|team|by|written by|posted by|and|more|share|follow|unknown|anonymous|(?:last\s+)?(?:updated|modified|published|posted|reviewed))$/i;
/** A month and day without a year ("Jun 2"), or a clock time: parts of a date line. */
const DATE_PART = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?$|\b\d{1,2}:\d{2}\b|\bmin(?:ute)?s?\s+read\b/i;
/** A commenter's signature ("Karl says"), not the byline. */
const COMMENT = /\s(?:says|said|writes|wrote)$/i;
/** Byline classes and ids: forum software marks the poster's name as `username` or `creator`. */
const BYLINE_CLASS = /byline|author|writer|posted-by|contributor|username|user-name|creator/i;
/** Class names of "about the author" boxes, avatars, author pages and links rather than the byline. */
const NOT_BYLINE_CLASS = /avatar|image|img|photo|pic|bio|description|about|social|follow|share|tooltip|title-author/i;
const LONGEST_NAME = 80;
/** At most this many words, unless a list ("A, B and C"). */
const MOST_WORDS = 8;

const squashed = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** `part` as a name, or null: labels and what follows a date or a trailing label are cut off first. */
function namePart(part: string, siteNames: readonly string[]): string | null {
  let name = part.replace(LEAD_LABEL, '');
  const date = findDate(name);
  if (date) name = name.slice(0, date.index);
  name = name.replace(TRAILING, '').replace(/[\s,;:|•·-]+$/, '').replace(/^[\s,;:|•·-]+/, '').trim();
  if (!name || name.length > LONGEST_NAME || !/\p{L}/u.test(name) || NOT_A_NAME.test(name) || DATE_PART.test(name) || COMMENT.test(name)) return null;
  if (FILING_LABEL.test(name)) return null;
  if (name.split(' ').length > MOST_WORDS && !/,|\band\b|&/.test(name)) return null;
  // A template placeholder or a file name ("page.head.extra.author"), not a person's or a user's name.
  if (/^[\w-]+(?:\.[\w-]+){2,}$/.test(name)) return null;
  if (siteNames.some((site) => squashed(site) === squashed(name))) return null;
  return name;
}

/** A name, or null when `text` is not one (a URL, an e-mail or handle alone, a date, a role, the site's name). */
export function cleanAuthor(text: string | null | undefined, siteNames: readonly string[] = []): string | null {
  const whole = decodeEntities(text ?? '').replace(/\s+/g, ' ').trim();
  if (!whole) return null;
  if (/^(?:https?:|www\.)|\/\//i.test(whole) || /^\S+@\S+\.\S+$/.test(whole) || /^@\S+$/.test(whole)) return null;
  for (const part of whole.split(PARTS)) {
    const name = namePart(part, siteNames);
    if (name) return name;
  }
  return null;
}

/** Two to four capitalised words, no digits: strict enough to read a name from a line that carries no label. */
const PERSON = /^\p{Lu}[\p{L}'’.-]*(?:\s+(?:(?:de|van|der|von|da|di|le|la|bin|al)\s+)?\p{Lu}[\p{L}'’.-]*){1,3}$/u;

export interface AuthorSources {
  ld: readonly LdNode[];
  metas: MetaIndex;
  area: HeadlineArea | null;
  siteNames: readonly string[];
  /** The content of the page's <body> (page-dates.ts, shared with the date), read for a labelled author line when nothing nearer names one. */
  content: ContentNodes | null;
}

/** The name a microdata author element gives: its `itemprop=name` descendant, else its `content` or text. */
function microdataName(element: Element): string | null {
  const named = element.querySelector('[itemprop="name"]');
  return named?.getAttribute('content') ?? (named ? shortText(named, LONGEST_NAME) : null) ?? element.getAttribute('content') ?? shortText(element, 2 * LONGEST_NAME);
}

/** One way to read a name from a line beside the headline. */
interface AreaRule {
  name: string;
  read: (line: Line, area: HeadlineArea, siteNames: readonly string[]) => string | null;
}

/** The area's rules in precedence order; each scans the area's lines nearest first. */
export const AREA_RULES: readonly AreaRule[] = [
  {
    name: 'microdata',
    read: ({ element, text }, _, siteNames) => {
      const itemprop = element.getAttribute('itemprop');
      if (itemprop && /\bauthor\b/i.test(itemprop)) return cleanAuthor(microdataName(element), siteNames);
      const rel = element.getAttribute('rel');
      return rel && /\bauthor\b/i.test(rel) ? cleanAuthor(text, siteNames) : null;
    },
  },
  {
    name: 'byline class',
    read: ({ element, text }, _, siteNames) => {
      const named = text ? elementNames(element) : '';
      return BYLINE_CLASS.test(named) && !NOT_BYLINE_CLASS.test(named) ? cleanAuthor(text, siteNames) : null;
    },
  },
  {
    // "By Jane Doe", not "By default, …": the name after the label is capitalised.
    name: 'label',
    read: ({ text }, _, siteNames) => (text && LEAD_LABEL.test(text) && /^\p{Lu}/u.test(text.replace(LEAD_LABEL, '')) ? cleanAuthor(text, siteNames) : null),
  },
  {
    // "Trevor Jackins · 9 min read · Updated October 8, 2025": the line holding the date, when the rest is a person's name.
    name: 'date line',
    read: (line, area, siteNames) => {
      if (!area.dateIn(line)) return null;
      const name = cleanAuthor(line.text, siteNames);
      return name && PERSON.test(name) ? name : null;
    },
  },
];

function fromArea(area: HeadlineArea, siteNames: readonly string[]): string | null {
  for (const rule of AREA_RULES) {
    for (const line of area.lines) {
      const name = rule.read(line, area, siteNames);
      if (name) return name;
    }
  }
  return null;
}

/**
 * A label that says the line names the writer. Not a bare "By": away from the headline it also opens
 * filters and menus ("By Use Case", "By Business Need" on two unseen pages), and "Reviewed by" names an
 * expert, not the writer.
 */
const WRITTEN_BY = /^(?:(?:written|article|posted|authored|words|story)\s+by|author)\s*:?\s*/i;
/** Longest line read as a labelled author line: the label, a name, a role. */
const LABELLED_LINE_MAX = 80;

/**
 * The writer named by a labelled line anywhere in the content, for pages whose byline is an author box
 * at the end of the article ("Written by" over the name, an "Article by" heading) rather than a line
 * beside the headline. Only a person's name (PERSON) is taken. WCXB dev author 0.843 -> 0.848 (0165,
 * 0222, 0431, 4095 up, none down); unseen final 0.848 -> 0.864 (5111), probe unchanged.
 */
function labelledAuthor(content: ContentNodes, siteNames: readonly string[]): string | null {
  return firstInContent(content, (node) => {
    const parent = node.parentElement;
    if (node.nodeType !== 3 || !parent || !WRITTEN_BY.test((node.textContent ?? '').trim())) return null;
    const line = shortText(parent, LABELLED_LINE_MAX);
    const label = line ? WRITTEN_BY.exec(line) : null;
    if (!line || !label) return null;
    // A label alone ("<div>Written by</div><div>Jack Shepherd</div>"): the name is the next element's text.
    const next = parent.nextElementSibling;
    const rest = label[0].length < line.length ? line.slice(label[0].length) : next ? shortText(next, LABELLED_LINE_MAX) : null;
    const name = cleanAuthor(rest, siteNames);
    return name !== null && PERSON.test(name) ? name : null;
  });
}

/** Twitter's and Slack's unfurl fields come in numbered pairs (`twitter:label1` / `twitter:data1`); pages fill one to four. */
const UNFURL_PAIRS = [1, 2, 3, 4] as const;
const WRITER_LABEL = /^(?:written\s+by|author|by)$/i;

/**
 * The writer an unfurl pair names: Yoast SEO, on a great many WordPress sites, writes `twitter:label1`
 * "Written by" and `twitter:data1` the author's display name for link previews, and pages that declare
 * no author otherwise still carry it (206 of WCXB dev's pages have the pair). Read after the byline beside
 * the headline, which wins where both name someone (0451: the pair names the account that posted a guest
 * article). WCXB dev author 0.848 -> 0.854 (0302, 4016, 4372, 4414 up, none down); unseen probe 0.776 ->
 * 0.791, final 0.864 -> 0.894.
 */
function unfurlAuthor(metas: MetaIndex): string | null {
  for (const n of UNFURL_PAIRS) {
    const label = metaValue(metas, [`twitter:label${n}`]);
    if (label && WRITER_LABEL.test(label.trim())) return metaValue(metas, [`twitter:data${n}`]);
  }
  return null;
}

/** A login, not a display name: lower-case letters, digits and `._-` only ("jrobison", "andrew.keaveney", "slow-poke"). */
const HANDLE = /^[\p{Ll}\p{N}_.-]+$/u;

/**
 * The first name the precedence above gives, except that a login handle declared in JSON-LD or a meta tag
 * yields to a person's full name beside the headline: a CMS fills `<meta name="author">` from the account
 * ("jrobison" over the byline "by John Robison"), and sometimes the account is the editor's, not the
 * writer's ("andrew.keaveney" over "Denise Everheart"). Only a PERSON name wins over it: on a thread the
 * handle is the poster and one capitalised word near the headline is another member ("slow-poke" kept over
 * "Aarknoid", WCXB dev 2797). WCXB dev author 0.840 -> 0.843 (0191, 0195 up, none down), unseen final
 * 0.833 -> 0.848 (5447 "officialrajdeepsingh" -> "Rajdeep Singh"), probe unchanged.
 */
export function chooseAuthor(sources: AuthorSources): string | null {
  const { ld, metas, area, siteNames, content } = sources;
  const declared = [
    ...['author', 'creator'].map((key) => cleanAuthor(ldName(ldValue(ld, key)?.value), siteNames)),
    ...AUTHOR_META.map((key) => {
      const value = metaValue(metas, [key]);
      // Highwire's citation_author is "Last, First".
      return cleanAuthor(key === 'citation_author' ? value?.replace(/^([^,]+),\s*([^,]+)$/, '$2 $1') : value, siteNames);
    }),
  ];
  const name = declared.find((candidate) => candidate !== null && !HANDLE.test(candidate));
  if (name) return name;
  const handle = declared.find((candidate) => candidate !== null) ?? null;
  const besideHeadline = area ? fromArea(area, siteNames) : null;
  if (handle === null) return besideHeadline ?? cleanAuthor(unfurlAuthor(metas), siteNames) ?? (content ? labelledAuthor(content, siteNames) : null);
  return besideHeadline !== null && PERSON.test(besideHeadline) ? besideHeadline : handle;
}
