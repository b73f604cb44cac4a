/**
 * Date strings as pages write them → ISO 8601 whose first ten characters are the page's calendar day.
 *
 * Why not `new Date(value).toISOString()`: it converts to UTC, so "2021-03-04T22:00:00-05:00" became
 * 2021-03-05, and engines read a bare "2021-03-04" as UTC midnight but "March 4, 2021" as local midnight.
 * Here nothing is converted: a datetime keeps its own offset (`2021-03-04T22:00:00.000-05:00`, the same
 * instant, the page's day), one without an offset is read as written (`…Z`), a date alone is
 * `YYYY-MM-DDT00:00:00.000Z`.
 */

const MONTHS: Readonly<Record<string, number>> = Object.fromEntries(
  [
    ['january', 'jan'],
    ['february', 'feb'],
    ['march', 'mar'],
    ['april', 'apr'],
    ['may'],
    ['june', 'jun'],
    ['july', 'jul'],
    ['august', 'aug'],
    ['september', 'sep', 'sept'],
    ['october', 'oct'],
    ['november', 'nov'],
    ['december', 'dec'],
  ].flatMap((names, index) => names.map((name) => [name, index + 1])),
);
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '(\\d{4})';

/** Oldest year a web page's date may have; older numbers are ids, prices or history. */
const MIN_YEAR = 1990;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function validDay(year: number, month: number, day: number): boolean {
  if (year < MIN_YEAR || year > 2200 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const dayOnly = (year: number, month: number, day: number) => (validDay(year, month, day) ? `${year}-${pad(month)}-${pad(day)}T00:00:00.000Z` : null);

/** `YYYY-MM-DD[Thh:mm[:ss[.fff]][zone]]`, also with `/` or a space; the zone is kept, not applied. */
const ISO = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:(?:T|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?|UTC|GMT)?)?/i;

function fromIso(text: string): string | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!validDay(year, month, day)) return null;
  if (m[4] === undefined) return dayOnly(year, month, day);
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 60) return dayOnly(year, month, day);
  const millis = (m[7] ?? '0').slice(0, 3).padEnd(3, '0');
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(Math.min(second, 59))}.${millis}${zoneOf(m[8])}`;
}

/** `Z` for none, Z, UTC or GMT; else `±hh:mm`. */
function zoneOf(zone: string | undefined): string {
  if (!zone || /^(z|utc|gmt)$/i.test(zone)) return 'Z';
  const digits = zone.slice(1).replace(':', '');
  const offset = `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || '00'}`;
  return offset === '+00:00' || offset === '-00:00' ? 'Z' : offset;
}

type Order = 'ymd' | 'ymd-text' | 'mdy' | 'dmy' | 'numeric';

/** Date forms written in text, each a pattern whose groups are read in `order`. */
const TEXT_FORMS: readonly { pattern: RegExp; order: Order }[] = [
  // 2021-03-04 · 2025/4/29 inside text ("Published 2021-03-04 by …")
  { pattern: /(?<![\d-])(\d{4})([-/])(\d{1,2})\2(\d{1,2})(?![\d-])/g, order: 'ymd' },
  // March 4, 2021 · Mar. 4th 2021 · Monday, September 8, 2008
  { pattern: new RegExp(`\\b${MONTH}\\s+${DAY},?\\s+${YEAR}\\b`, 'gi'), order: 'mdy' },
  // 4 March 2021 · 04 Mar. 2021 · 4th of March, 2021 · 12-Nov-2025
  { pattern: new RegExp(`\\b${DAY}(?:\\s+of)?[\\s-]+${MONTH},?[\\s-]+${YEAR}\\b`, 'gi'), order: 'dmy' },
  // 2023 Jan 7 (citation_publication_date)
  { pattern: new RegExp(`\\b${YEAR}\\s+${MONTH}\\s+${DAY}\\b`, 'gi'), order: 'ymd-text' },
  // 17.05.2021 · 02-12-2025 · 3/4/2025
  { pattern: /(?<![\d./-])(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?![\d./-])/g, order: 'numeric' },
];

const monthNumber = (name: string) => MONTHS[name.toLowerCase().replace('.', '')] ?? 0;

/**
 * The day of a match. Numeric dates: dotted and dashed ones (`17.05.2021`, `02-12-2025`) are day-first
 * (American pages slash); slashed ones follow the page's language (`dayFirst`: not US English), unless
 * the first number cannot be a month.
 */
function dayOf(m: RegExpExecArray, order: Order, dayFirst: boolean): string | null {
  switch (order) {
    case 'ymd':
      return dayOnly(Number(m[1]), Number(m[3]), Number(m[4]));
    case 'mdy':
      return dayOnly(Number(m[3]), monthNumber(m[1]!), Number(m[2]));
    case 'dmy':
      return dayOnly(Number(m[3]), monthNumber(m[2]!), Number(m[1]));
    case 'ymd-text':
      return dayOnly(Number(m[1]), monthNumber(m[2]!), Number(m[3]));
    case 'numeric': {
      const [first, second, year] = [Number(m[1]), Number(m[3]), Number(m[4])];
      return m[2] !== '/' || first > 12 || (dayFirst && second <= 12) ? dayOnly(year, second, first) : dayOnly(year, first, second);
    }
  }
}

/**
 * A numeric date whose order is certain: one of its first two numbers cannot be a month, or both are the
 * same ("Thu, 09/25/2025 - 11:38" in a JSON-LD datePublished). Evidence (WCXB dev, pages fixed / broken
 * per fold 0–4): 0 0 0 0 1 / 0 1 0 0 0 (that one shows the day before its declared 13/11/2025).
 */
function unambiguous(m: RegExpExecArray): boolean {
  const [first, second] = [Number(m[1]), Number(m[3])];
  return first > 12 || second > 12 || first === second;
}

export interface DateOptions {
  /** Machine-readable fields: ISO forms and written-out months, not ambiguous numeric ones. */
  machine?: boolean;
  /** Numeric dates like 03/10/2023 are day-first (the page's language is not US English). */
  dayFirst?: boolean;
}

/** Every form of TEXT_FORMS has a four-digit year: text without one is not read further (most text nodes and lines). */
const HAS_YEAR = /\d{4}/;

/** The first full date written in `text` and where it starts. */
export function findDate(text: string, options: DateOptions = {}): { iso: string; index: number } | null {
  if (!HAS_YEAR.test(text)) return null;
  let best: { iso: string; index: number } | null = null;
  for (const { pattern, order } of TEXT_FORMS) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m && (!best || m.index < best.index); m = pattern.exec(text)) {
      // A machine field has no language to read 03/10/2023 by: only a numeric date one order can read.
      if (options.machine && order === 'numeric' && !unambiguous(m)) continue;
      const iso = dayOf(m, order, options.dayFirst ?? false);
      if (iso) {
        best = { iso, index: m.index };
        break;
      }
    }
  }
  return best;
}

/** The ISO 8601 form of a date a page writes, keeping its calendar day; null when it holds no full date. */
export function parseDate(value: string | null | undefined, options: DateOptions = {}): string | null {
  const text = value?.trim();
  if (!text) return null;
  const iso = fromIso(text);
  if (iso) return iso;
  // Seconds or milliseconds since 1970 (some CMSs write those into date meta tags).
  if (/^\d{10}(\d{3})?$/.test(text)) {
    const time = Number(text.length === 10 ? `${text}000` : text);
    return new Date(time).toISOString();
  }
  return findDate(text, options)?.iso ?? null;
}

/** Whether an ISO date from parseDate is after `limit` by more than a day (a page cannot be published in the future). */
export function isAfter(iso: string, limit: Date): boolean {
  return Date.parse(iso) > limit.getTime() + 36 * 3600 * 1000;
}
