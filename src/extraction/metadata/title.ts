import { collapseWhitespace } from '../dom/text.js';
import { decodeEntities } from './entities.js';
import { inChrome } from './headline-area.js';
import { repairMojibake } from '../mojibake.js';

/**
 * The page's title: its headline, without the site name that `<title>` and og:title append or prepend
 * ("How to X | Site", "Site – Slogan").
 *
 * Declared titles, in this order: og:title, JSON-LD headline, twitter:title, `<title>`, JSON-LD name;
 * each without a leading or trailing segment that names the site (og:site_name, application-name, the
 * JSON-LD publisher or WebSite, the host name), except on the site's home page, where the site is the
 * subject ("Loom | Free screen recorder").
 * Declared titles and H1s are read with mojibake repaired (mojibake.ts: "Investorâ€™s" → "Investor’s").
 * H1s are those outside navigation and footers, and not naming the site (a logo or masthead set in H1,
 * "Human in the Loop" over every post), except on the home page.
 * Precedence:
 *  0. An H1 that says a declared title with other numbers: the page was updated and its declared title
 *     was not ("Guide to filing your taxes in 2025" over og:title "… in 2024"); an H1 that begins with
 *     a whole declared title and goes on: the declared one was cut short ("… set up your monitor,
 *     laptop, and k").
 *  1. The first declared title that agrees with an H1: the same words,
 *     one segment of it ("Casual Dresses" in "Casual Dresses - Shop Summer Dresses"), or held in it
 *     ("Best X" in "Best X: Tested and Ranked"; CONTAINED_MIN).
 *  2. On an article (og:type article, a JSON-LD Article or BlogPosting of the page), its first H1 if it
 *     shares a word with the first declared title (CONTENT_WORD_MIN): the headline often differs from
 *     the SEO title, and the reader sees the H1; one about something else is a section name ("Our BLOG",
 *     "M&A Updates", "Day 7").
 *  3. The first declared title: elsewhere an H1 no declared title confirms is often a slogan
 *     ("Clarity, finally.") or a section name.
 *  4. The first H1.
 * A declared title that is a placeholder ("Home", "Untitled": PLACEHOLDER_TITLE) is no declared title.
 * Evidence (WCXB dev, share of titles matched, tune folds / held-out fold; the rule against the rest
 * without it): agreement 1. +3.1 / +2.3, article H1 +2.0 / +1.0, home page kept whole +1.2 / +0.7,
 * CONTAINED_MIN +0.7 / +0.7; stripping site names is neutral on this scorer (it accepts a prediction
 * holding the truth) and kept because "Title | Site" is not the title.
 * Later rules, pages fixed / broken per fold (0–4, fold = id mod 5) of 1497 with a title: site-name H1s
 * skipped 1 0 1 2 1 / 0 0 0 1 0 (and one author fixed: the byline is found beside the real headline);
 * the shared word of 2. 1 2 2 3 3 / 0 0 0 1 0 (words of 3 letters: 0 2 1 3 3 / 0 0 0 1 0; of 5: 1 2 3 4 3
 * / 0 1 0 2 0); 0. 0 0 1 1 1 / none; mojibake 0 2 0 0 0 / none; updated numbers 1 0 0 0 1 / none.
 */

/** Separators between a title and its site name: " | ", " - ", " – ", " — ", " · ", " • ", " » ", " :: ". */
const SEPARATOR = /\s+[|\-–—·•»~]\s+|\s*[|·•»]\s*|\s+::\s+/;

const WORDS = /[\p{L}\p{N}]+/gu;
export const normalizeTitle = (text: string) => (text.toLowerCase().normalize('NFKC').match(WORDS) ?? []).join(' ');
/** Letters and digits only, diacritics dropped: "Data Analytics<br>Agency" read as "Data AnalyticsAgency" still matches. */
const squash = (text: string) => normalizeTitle(text.normalize('NFKD').replace(/\p{M}/gu, '')).replace(/ /g, '');

export interface TitleSources {
  /** Declared titles in precedence order (og:title, JSON-LD headline, …, `<title>`); nulls skipped. */
  declared: readonly (string | null)[];
  /** Names the site goes by: og:site_name, application-name, the JSON-LD publisher or WebSite name. */
  siteNames: readonly (string | null)[];
  /** The page's host name (www. dropped). */
  host: string | null;
  h1s: readonly Element[];
  /** The page is its site's home page (path "/"): there the site's name is the page's subject and stays. */
  home?: boolean;
  /** The page says it is an article (og:type, a JSON-LD article node): its H1 is the headline. */
  article?: boolean;
}

/** Longest H1 read as a headline; longer ones are a lead paragraph set in H1. */
const LONGEST_HEADING = 300;

/** A top-level domain written after a site's name ("Walmart.com", "Instantly.ai"). */
const HOST_SUFFIX = /(?:com|org|net|io|ai|co|app|dev|shop|us|uk)$/;

/** Whether a title segment names the site rather than the page. */
function isSiteName(segment: string, siteNames: readonly string[], hostLabels: readonly string[]): boolean {
  const squashed = squash(segment);
  if (!squashed) return true;
  if (siteNames.some((name) => squash(name) === squashed)) return true;
  // "Walmart.com", "Move.org", "Spruce Eats" for thespruceeats.com: the segment is the host's name, with
  // its top-level domain or without a leading "the". Not a longer name that starts with it ("Nintendo Switch").
  const bare = squashed.replace(HOST_SUFFIX, '');
  return hostLabels.some((label) => label.length >= 3 && (bare === label || bare === label.replace(/^the/, '') || label === `the${bare}`));
}

/** `title` without a leading or trailing segment that names the site (both ends, repeatedly). */
export function stripSiteName(title: string, siteNames: readonly string[], hostLabels: readonly string[]): string {
  const segments = title.split(SEPARATOR).map((s) => s.trim());
  if (segments.length < 2) return title.trim();
  let [start, end] = [0, segments.length];
  while (end - start > 1 && isSiteName(segments[end - 1]!, siteNames, hostLabels)) end--;
  while (end - start > 1 && isSiteName(segments[start]!, siteNames, hostLabels)) start++;
  if (start === 0 && end === segments.length) return title.trim();
  // Cut the original text (its own separators kept between the remaining segments).
  const kept = segments.slice(start, end);
  const from = title.indexOf(kept[0]!);
  const last = kept[kept.length - 1]!;
  const to = title.lastIndexOf(last) + last.length;
  return from >= 0 && to > from ? title.slice(from, to).trim() : kept.join(' - ');
}

/** The host's registrable label, squashed, as a site name to compare: "www.the-spruce.co.uk" → "thespruce". */
export function hostLabels(host: string | null): string[] {
  if (!host) return [];
  const labels = host.toLowerCase().replace(/^www\d?\./, '').split('.');
  // Drop the public suffix roughly: the last label, and a second-level one of two letters or a generic one (co.uk, com.au).
  const rest = labels.slice(0, -1);
  if (rest.length > 1 && /^(co|com|org|net|gov|ac|edu)$/.test(rest[rest.length - 1]!)) rest.pop();
  const name = rest[rest.length - 1];
  return name ? [name.replace(/[^a-z0-9]/g, '')] : [];
}

/** Letters and digits of a heading long enough to be a title, not a word like "News", when found inside a declared title. */
const CONTAINED_MIN = 10;

/**
 * Whether the heading says the title, or one segment of it ("Title" and "Title - Subtitle"); `loose`:
 * or the title holds the heading ("Best X: Tested and Ranked" for the H1 "Best X"), a title that
 * agrees with the headline and adds a subtitle.
 */
export function agrees(heading: string, title: string, loose = false): boolean {
  const a = squash(heading);
  if (loose && a.length >= CONTAINED_MIN && squash(title).includes(a)) return true;
  return Boolean(a) && (a === squash(title) || title.split(SEPARATOR).some((segment) => squash(segment) === a));
}

/** Shortest word that says what a title is about ("LLC", "data", "yoga"), not "the", "of", "our". */
const CONTENT_WORD_MIN = 4;

/** Whether two titles share a word of CONTENT_WORD_MIN letters or more: they are about the same thing. */
function sharesWord(a: string, b: string): boolean {
  const words = new Set(normalizeTitle(b).split(' ').filter((w) => w.length >= CONTENT_WORD_MIN));
  return normalizeTitle(a).split(' ').some((w) => words.has(w));
}

/** Whether the heading begins with the whole declared title and goes on: the declared one was cut short ("… laptop, and k"). */
function continues(heading: string, title: string): boolean {
  const [a, b] = [squash(heading), squash(title)];
  return b.length >= CONTAINED_MIN && a.length > b.length && a.startsWith(b);
}

/** The same words but other numbers ("… in 2025" over a title still saying 2024): the H1 was updated, the declared title not. */
function newerNumbers(heading: string, title: string): boolean {
  const [a, b] = [normalizeTitle(heading), normalizeTitle(title)];
  if (a === b || !/\d/.test(a)) return false;
  const digitless = (text: string) => text.replace(/\d+/g, '#');
  return digitless(a) === digitless(b);
}

/**
 * A declared title that only names a kind of page ("Home", "Index", "Untitled"): a CMS's default left in
 * og:title while `<title>` says what the page is, so the next declared title stands (WordPress's og:title
 * "Home" over "Translators USA: Professional Translation Services"). WCXB dev title 2902 up, unseen probe
 * 0.883 -> 0.894 (4986, 5572), final unchanged, none down.
 */
const PLACEHOLDER_TITLE = /^(?:home(?:\s*page)?|homepage|index|untitled(?:\s+document)?|default|new\s+page)$/i;

/** The title, and the H1 it agrees with or is (the headline the byline sits near), if any. */
export function chooseTitle(sources: TitleSources): { title: string | null; heading: Element | null } {
  const siteNames = sources.siteNames.filter((n): n is string => Boolean(n?.trim()));
  const labels = hostLabels(sources.host);
  const declared = sources.declared
    .map((t) => (t ? collapseWhitespace(repairMojibake(decodeEntities(t))) : ''))
    .filter(Boolean)
    .map((t) => (sources.home ? t : stripSiteName(t, siteNames, labels)))
    .filter((t) => normalizeTitle(t) && !PLACEHOLDER_TITLE.test(t));
  const headings = sources.h1s
    .map((element) => ({ element, text: collapseWhitespace(repairMojibake(element.textContent ?? '')) }))
    .filter(({ element, text }) => text && text.length <= LONGEST_HEADING && !inChrome(element))
    // An H1 that names the site is its logo or masthead, not the page's headline (except on the home page).
    .filter(({ text }) => sources.home || !isSiteName(text, siteNames, labels));
  for (const title of declared) {
    const updated = headings.find(({ text }) => newerNumbers(text, title));
    if (updated) return { title: updated.text, heading: updated.element };
    const fuller = headings.find(({ text }) => continues(text, title));
    if (fuller) return { title: fuller.text, heading: fuller.element };
    const heading = headings.find(({ text }) => agrees(text, title, true));
    if (heading) return { title, heading: heading.element };
  }
  const lead = headings[0];
  if (sources.article && lead && (!declared[0] || sharesWord(lead.text, declared[0]))) return { title: lead.text, heading: lead.element };
  return { title: declared[0] ?? headings[0]?.text ?? null, heading: null };
}
