import { describe, expect, it } from 'vitest';
import { findDate, parseDate } from '../../../../src/extraction/metadata/date-parse.js';
import { cleanAuthor } from '../../../../src/extraction/metadata/author.js';
import { stripSiteName } from '../../../../src/extraction/metadata/title.js';

describe('date strings → ISO 8601 on the page’s calendar day (date-parse.ts)', () => {
  it('keeps a datetime’s offset and a date’s day instead of converting to UTC', () => {
    expect(parseDate('2021-03-04')).toBe('2021-03-04T00:00:00.000Z');
    expect(parseDate('2021-03-04T23:15:00+09:00')).toBe('2021-03-04T23:15:00.000+09:00');
    expect(parseDate('2015-04-06T13:52:00.000-0400')).toBe('2015-04-06T13:52:00.000-04:00');
    expect(parseDate('2021-03-04 10:00:00')).toBe('2021-03-04T10:00:00.000Z');
    expect(parseDate('2024-08-12T10:00:23+00:00')).toBe('2024-08-12T10:00:23.000Z');
  });

  it('reads written dates, and none without a day', () => {
    expect(parseDate('Published March 4th, 2021')).toBe('2021-03-04T00:00:00.000Z');
    expect(parseDate('Monday, September 8, 2008')).toBe('2008-09-08T00:00:00.000Z');
    expect(parseDate('4 March 2021')).toBe('2021-03-04T00:00:00.000Z');
    expect(parseDate('Dec. 19, 2025 · Niko')).toBe('2025-12-19T00:00:00.000Z');
    expect(parseDate('2023 Jan 7')).toBe('2023-01-07T00:00:00.000Z');
    expect(parseDate('EcoFlow- 2025/4/29')).toBe('2025-04-29T00:00:00.000Z');
    expect(parseDate('17.05.2021')).toBe('2021-05-17T00:00:00.000Z');
    expect(parseDate('3/4/2025')).toBe('2025-03-04T00:00:00.000Z');
    expect(parseDate('3/4/2025', { dayFirst: true })).toBe('2025-04-03T00:00:00.000Z');
    expect(parseDate('© 2024 Example')).toBeNull();
    expect(parseDate('March 2021')).toBeNull();
    expect(parseDate('February 30, 2021')).toBeNull();
    expect(parseDate('1615000000')).toBe('2021-03-06T03:06:40.000Z');
  });

  it('reads a numeric date in a machine field only when one order can read it', () => {
    expect(parseDate('Thu, 09/25/2025 - 11:38', { machine: true })).toBe('2025-09-25T00:00:00.000Z');
    expect(parseDate('13/11/2025 09:21:40', { machine: true })).toBe('2025-11-13T00:00:00.000Z');
    expect(parseDate('03/10/2023', { machine: true })).toBeNull();
  });

  it('finds where the first date starts, for the label before it', () => {
    expect(findDate('Published 1 March 2020 · Updated May 5, 2023')).toEqual({ iso: '2020-03-01T00:00:00.000Z', index: 10 });
  });
});

describe('names and titles', () => {
  it('cleanAuthor keeps the name of a byline', () => {
    expect(cleanAuthor('By Jane Doe')).toBe('Jane Doe');
    expect(cleanAuthor('byClemson News')).toBe('Clemson News');
    expect(cleanAuthor('Trevor Jackins 9 min read Updated October 8, 2025')).toBe('Trevor Jackins');
    expect(cleanAuthor('Dylan Bailey, MS, RD, FAND')).toBe('Dylan Bailey, MS, RD, FAND');
    expect(cleanAuthor('Maria &amp; Katerina')).toBe('Maria & Katerina');
    expect(cleanAuthor('https://www.facebook.com/jane')).toBeNull();
    expect(cleanAuthor('jane@example.com')).toBeNull();
    expect(cleanAuthor('Sat, 20 Dec, 2025')).toBeNull();
    expect(cleanAuthor('Karl Fleischmann says')).toBeNull();
    expect(cleanAuthor('page.head.extra.author')).toBeNull();
  });

  it('stripSiteName removes site affixes at either end, not a name that starts like the host', () => {
    expect(stripSiteName('Models | Django documentation', ['Django documentation'], [])).toBe('Models');
    expect(stripSiteName('Best Movers 2026 | Move.org', [], ['move'])).toBe('Best Movers 2026');
    expect(stripSiteName('Nintendo Switch - OLED Model', [], ['nintendo'])).toBe('Nintendo Switch - OLED Model');
    expect(stripSiteName('Example Kitchen – How to Bake Bread', ['Example Kitchen'], [])).toBe('How to Bake Bread');
  });
});
