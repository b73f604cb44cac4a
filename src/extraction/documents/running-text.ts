/**
 * Running text: what a PDF repeats page after page at the same place — running headers and footers, page
 * numbers, and what Chromium prints from `position: fixed` elements (a site's bar, a cookie notice), which
 * it draws again on every page. Read as content, that text comes back once per page (a 12-page print of a
 * news page repeated its 8-word menu 12 times, its cookie notice 7 times). The first copy is kept (it may
 * be the only place the document says it); later copies are dropped.
 *
 * Same place means the same baseline (within RUNNING_TEXT.sameY points). Identical text anywhere on the
 * page counts; text that differs only in its digits ("Page 3 of 9", "Vol. 12 · 14") counts only within the
 * top or bottom margin band, because in the body the same words with other numbers are table rows.
 */

export const RUNNING_TEXT = {
  /** Baselines this close (points) are the same place on two pages. */
  sameY: 1.5,
  /** Share of the page height at the top and at the bottom where numbered running lines are looked for. */
  marginBand: 0.1,
} as const;

export interface PlacedLine {
  page: number;
  y: number;
  text: string;
}

/**
 * Indices of the lines to drop: copies, on later pages, of a line found at the same place on an earlier
 * page. `pageHeight(page)` is the page's height in points (0 when unknown: then only exact copies count).
 */
export function runningCopies(lines: readonly PlacedLine[], pageHeight: (page: number) => number): Set<number> {
  const drop = new Set<number>();
  // key → baselines (with their page) of the first copies seen.
  const firsts = new Map<string, { page: number; y: number }[]>();
  const remember = (key: string, line: PlacedLine, index: number) => {
    const seen = firsts.get(key);
    const earlier = seen?.find((first) => first.page < line.page && Math.abs(first.y - line.y) <= RUNNING_TEXT.sameY);
    if (earlier) drop.add(index);
    else if (seen) seen.push({ page: line.page, y: line.y });
    else firsts.set(key, [{ page: line.page, y: line.y }]);
  };
  lines.forEach((line, index) => {
    remember(`=${line.text}`, line, index);
    const height = pageHeight(line.page);
    const inMargin = height > 0 && (line.y > height * (1 - RUNNING_TEXT.marginBand) || line.y < height * RUNNING_TEXT.marginBand);
    if (inMargin && /\d/.test(line.text)) remember(`#${line.text.replace(/\d+/g, '#')}`, line, index);
  });
  return drop;
}
