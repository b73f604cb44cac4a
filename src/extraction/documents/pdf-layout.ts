/**
 * PDF text layout → document blocks. PDFs hold positioned glyph runs, not structure: lines are runs on
 * one baseline, paragraphs are lines at the document's usual line spacing, headings are larger (or bold,
 * body-sized) short blocks, list items start with a marker, tables are rows of cells split by wide gaps.
 * Reading order is the content-stream order, which is the author's order for generated PDFs (Chromium,
 * Word, LaTeX write each column in turn); a jump back up the page starts a new block (the next column).
 */

import { documentWords, joinBrokenLine, type DocumentWords } from './line-end-hyphens.js';
import { runningCopies } from './running-text.js';

export interface TextRun {
  str: string;
  /** Left edge and baseline in PDF user space (y grows upward). */
  x: number;
  y: number;
  width: number;
  /** Font size (height of the text matrix). */
  size: number;
  bold: boolean;
  /** The run ends its line (pdf.js `hasEOL`). */
  eol: boolean;
}

export type DocBlock =
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list_item'; ordered: boolean; text: string }
  | { type: 'table'; rows: string[][] };

interface Line {
  page: number;
  x: number;
  endX: number;
  y: number;
  size: number;
  bold: boolean;
  /** Cells: text split where a gap is wider than a few spaces (table columns). */
  segments: string[];
  chars: number;
}

/**
 * What makes a line a heading, measured with `npm run bench:documents` (heading recall on the scrapinghub
 * pages printed by Chromium): sites set section and teaser headings only slightly above the body (15 pt over
 * 13.5 pt), or bold at or just under it (13.2 pt over 13.5 pt), and list their teaser headings one per line
 * at double spacing, where a wrapped heading keeps its tight leading.
 */
const HEADINGS = {
  /** A size above body × this is a heading size… */
  largerThanBody: 1.05,
  /** …unconditionally above this; between the two, only for a line that does not end like a sentence. */
  clearlyLarger: 1.12,
  /** A bold line at least this share of the body size, not ending like a sentence, is a run-in heading. */
  boldAtLeast: 0.9,
  /** Lines one heading may wrap over. */
  maxLines: 3,
  /** Baseline step (in font sizes) past which the next same-size line is another heading, not a wrapped one. */
  maxLeading: 1.6,
} as const;

/** Gap (in font sizes) between runs that starts a new cell rather than a word. */
const CELL_GAP = 1.0;
/** Gap that needs a space between two runs that carry none. */
const WORD_GAP = 0.12;
/**
 * List markers set as text. Word's bullets are Symbol and Wingdings glyphs that often reach the text layer
 * as private-use code points (U+F0B7 the Symbol bullet, U+F0A7 the Wingdings square, U+F0D8 and U+F0FC
 * arrows and ticks).
 */
const BULLET = /^([•◦▪▫‣∙●○■□–—*\-\uF0B7\uF0A7\uF0D8\uF0FC]|\d{1,3}[.)]|[a-zA-Z][.)]|[ivxIVX]{1,4}[.)])\s+/;
const ORDERED = /^(\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})[.)]\s/;
const round = (n: number) => Math.round(n * 2) / 2;

/**
 * Drops a run that repeats the same text at (nearly) the same place: text shadows and faux bold are the
 * same string drawn twice a pixel or two apart, which would otherwise read as every word doubled.
 */
function withoutOverprints(runs: readonly TextRun[]): TextRun[] {
  const seen = new Map<string, TextRun[]>();
  return runs.filter((run) => {
    if (!run.str.trim()) return true;
    const same = seen.get(run.str);
    const near = Math.max(2, 0.3 * run.size);
    if (same?.some((other) => Math.abs(other.x - run.x) <= near && Math.abs(other.y - run.y) <= near)) return false;
    if (same) same.push(run);
    else seen.set(run.str, [run]);
    return true;
  });
}

const withoutControls = (text: string): string =>
  [...text].filter((c) => { const code = c.charCodeAt(0); return !(code < 32 && c !== '\t' && c !== '\n') && code !== 0x7f && code !== 0xfffd; }).join('');

/**
 * Letter-spaced type ("A D V E R T I S E M E N T"): tracking wider than pdf.js's word-gap guess makes it
 * put a space after every letter (a kerned pair stays together: "RT"). A run of at least four such
 * one- or two-letter capitals, mostly single letters, is one word spaced out (spaced-out capitals are a
 * display style; lower-case letters in a row are more often an enumeration, "a b c d").
 */
const SPACED_OUT = /(?<![\p{L}\p{N}])(?:\p{Lu}{1,2} ){3,}\p{Lu}{1,2}(?![\p{L}\p{N}])/gu;
export function withoutLetterSpacing(text: string): string {
  return text.replace(SPACED_OUT, (run) => {
    const pieces = run.split(' ');
    return pieces.filter((piece) => piece.length === 1).length >= 0.75 * pieces.length ? pieces.join('') : run;
  });
}

function linesOfPage(pageRuns: readonly TextRun[], page: number): Line[] {
  const runs = withoutOverprints(pageRuns);
  const lines: Line[] = [];
  let line: Line | null = null;
  let ended = false;
  let spaced = false;
  for (const run of runs) {
    if (!run.str) {
      if (run.eol) ended = true;
      continue;
    }
    const blank = !run.str.trim();
    // pdf.js marks a run as ending its line when the next text object starts, which a table cell does
    // too: geometry decides (same baseline, further right), the mark only where geometry cannot.
    const sameLine =
      line !== null && (!ended || run.x > line.endX + 0.2 * line.size) && Math.abs(run.y - line.y) < 0.4 * Math.max(run.size, line.size) && run.x > line.endX - 0.5 * line.size;
    if (!sameLine) {
      if (blank) continue;
      line = { page, x: run.x, endX: run.x + run.width, y: run.y, size: run.size, bold: run.bold, segments: [run.str], chars: 0 };
      lines.push(line);
      spaced = false;
    } else if (line && blank) {
      // A space run may be stretched across a whole table gap: it marks a word break but does not move the line's end.
      spaced = true;
    } else if (line) {
      const gap = run.x - line.endX;
      const last = line.segments.length - 1;
      if (gap > CELL_GAP * line.size) line.segments.push(run.str);
      else {
        const prev = line.segments[last] ?? '';
        const needsSpace = (spaced || gap > WORD_GAP * line.size) && !/\s$/.test(prev) && !/^\s/.test(run.str);
        line.segments[last] = prev + (needsSpace ? ' ' : '') + run.str;
      }
      line.endX = Math.max(line.endX, run.x + run.width);
      line.size = Math.max(line.size, run.size);
      line.bold &&= run.bold;
      spaced = false;
    }
    ended = run.eol;
  }
  for (const l of lines) {
    // Icon fonts map their glyphs to control characters: they are not text.
    l.segments = l.segments.map((s) => withoutLetterSpacing(withoutControls(s).replace(/\s+/g, ' ').trim())).filter(Boolean);
    l.chars = l.segments.reduce((n, s) => n + s.length, 0);
  }
  return lines.filter((l) => l.chars > 0);
}

/** The most common value by weight. */
function mode(weights: Map<number, number>): number | undefined {
  let best: number | undefined;
  let bestWeight = -1;
  for (const [value, weight] of weights) if (weight > bestWeight) [best, bestWeight] = [value, weight];
  return best;
}

/** Joins a paragraph's lines; a line-end hyphen between letters is settled by `joinBrokenLine`. */
function joinLines(parts: readonly string[], known: DocumentWords): string {
  let text = '';
  for (const part of parts) {
    if (!text) text = part;
    else if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(part)) text = joinBrokenLine(text, part, known);
    else text += ' ' + part;
  }
  return text;
}

const textOf = (line: Line) => line.segments.join(' ');

/** Turns the runs of every page (in order) into blocks. */
export function layoutBlocks(pages: readonly (readonly TextRun[])[], pageHeights: readonly number[] = []): DocBlock[] {
  const placed = pages.flatMap((runs, page) => linesOfPage(runs, page));
  const copies = runningCopies(placed.map((line) => ({ page: line.page, y: line.y, text: textOf(line) })), (page) => pageHeights[page] ?? 0);
  const lines = placed.filter((_, index) => !copies.has(index));
  const known = documentWords(lines.map(textOf));
  if (lines.length === 0) return [];

  // Body size: the size most characters are set in. Line spacing per size: the most common baseline step.
  const sizeWeights = new Map<number, number>();
  for (const line of lines) sizeWeights.set(round(line.size), (sizeWeights.get(round(line.size)) ?? 0) + line.chars);
  const bodySize = mode(sizeWeights) ?? 10;
  const stepWeights = new Map<number, Map<number, number>>();
  for (let i = 1; i < lines.length; i++) {
    const [a, b] = [lines[i - 1]!, lines[i]!];
    if (a.page !== b.page || round(a.size) !== round(b.size)) continue;
    const step = round(a.y - b.y);
    if (step <= 0) continue;
    const bySize = stepWeights.get(round(a.size)) ?? new Map<number, number>();
    bySize.set(step, (bySize.get(step) ?? 0) + 1);
    stepWeights.set(round(a.size), bySize);
  }
  const lineStep = (size: number) => {
    const bySize = stepWeights.get(round(size));
    // A size whose lines never follow each other (single-line headings) gets a typical 1.2 line height.
    return Math.min(mode(bySize ?? new Map()) ?? size * 1.2, size * 2);
  };
  // Heading levels: distinct sizes above the body, largest first.
  const headingSizes = [...sizeWeights.keys()].filter((s) => s > bodySize * HEADINGS.largerThanBody).sort((a, b) => b - a);
  const headingLevel = (line: Line): number => {
    const size = round(line.size);
    const rank = headingSizes.indexOf(size);
    const sentence = /[.,;]$/.test(textOf(line));
    if (rank >= 0 && (size > bodySize * HEADINGS.clearlyLarger || !sentence)) return Math.min(rank + 1, 6);
    // A bold line near the body size is a run-in heading unless it reads as a sentence.
    return line.bold && size >= bodySize * HEADINGS.boldAtLeast && !sentence ? Math.min(headingSizes.length + 1, 6) : 0;
  };

  // Right edge of the column a line sits in (lines on its page starting near its left edge): a line
  // ending well short of it was broken by its author, not by wrapping.
  const byPage = new Map<number, Line[]>();
  for (const line of lines) {
    const list = byPage.get(line.page);
    if (list) list.push(line);
    else byPage.set(line.page, [line]);
  }
  // Only lines of the same size count (a wide heading above a narrow column says nothing about its width),
  // and the 90th percentile rather than the maximum (one overlong line is not the column).
  const rightEdge = (line: Line): number => {
    const ends = (byPage.get(line.page) ?? [])
      .filter((other) => Math.abs(other.x - line.x) < 2 * line.size && round(other.size) === round(line.size))
      .map((other) => other.endX)
      .sort((a, b) => a - b);
    return ends[Math.ceil(0.9 * (ends.length - 1))] ?? line.endX;
  };
  const blocks: DocBlock[] = [];
  let parts: string[] = [];
  let current: { kind: 'paragraph' | 'heading' | 'list_item'; level: number; ordered: boolean; last: Line; first: Line } | null = null;
  let table: string[][] | null = null;

  const flush = () => {
    if (current && parts.length) {
      const text = joinLines(parts, known);
      if (current.kind === 'heading') blocks.push({ type: 'heading', level: current.level, text });
      else if (current.kind === 'list_item') blocks.push({ type: 'list_item', ordered: current.ordered, text: text.replace(BULLET, '') });
      else blocks.push({ type: 'paragraph', text });
    }
    current = null;
    parts = [];
  };
  const flushTable = () => {
    if (!table) return;
    // One row of cells is a line with gaps (a tab stop, a label and its value), not a table.
    if (table.length >= 2) blocks.push({ type: 'table', rows: table });
    else for (const row of table) blocks.push({ type: 'paragraph', text: row.join(' ') });
    table = null;
  };

  for (const line of lines) {
    if (line.segments.length >= 2 && !headingSizes.includes(round(line.size))) {
      flush();
      (table ??= []).push(line.segments);
      continue;
    }
    flushTable();
    const text = textOf(line);
    const level = headingLevel(line);
    const bullet = BULLET.test(text) && level === 0;
    const prev: Line | null = current ? (current as { last: Line }).last : null;
    const cur = current as { kind: string; level: number; first: Line } | null;
    const continues =
      cur !== null &&
      prev !== null &&
      !bullet &&
      round(line.size) === round(prev.size) &&
      (cur.kind === 'heading' ? level === cur.level && parts.length < HEADINGS.maxLines && prev.y - line.y <= HEADINGS.maxLeading * line.size : level === 0) &&
      // Wrapping fills a line: one ending well short of its column was ended by its author (a list
      // without markers, the next of two headings). Short columns get proportionally less slack.
      (prev.endX >= rightEdge(prev) - Math.min(6 * prev.size, 0.3 * (rightEdge(prev) - prev.x)) || /[-,]$/.test(textOf(prev))) &&
      continuesFrom(prev, line, lineStep(line.size), cur.first);
    if (continues && current) {
      parts.push(text);
      (current as { last: Line }).last = line;
      continue;
    }
    flush();
    current = { kind: level ? 'heading' : bullet ? 'list_item' : 'paragraph', level, ordered: bullet && ORDERED.test(text), first: line, last: line };
    parts = [text];
  }
  flush();
  flushTable();
  return blocks;
}

/** `line` wraps on from `prev`: the next baseline at the usual spacing, or the top of the next page/column mid-sentence. */
function continuesFrom(prev: Line, line: Line, step: number, first: Line): boolean {
  const size = line.size;
  if (line.page === prev.page) {
    const gap = prev.y - line.y;
    if (gap > 0 && gap <= step * 1.2 + 0.5) return line.x >= Math.min(first.x, prev.x) - 2 * size && line.x <= prev.x + 3 * size;
    // A jump up the page: the next column. A sentence cut mid-way carries on there.
  }
  const ending = textOf(prev);
  return !/[.!?:;"”)\]]$/.test(ending) && /^\p{Ll}/u.test(textOf(line));
}
