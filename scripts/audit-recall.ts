/**
 * npm run -s audit:recall -- <WCXB set folder> <out.json> [--type <page type>] [--samples <n>]
 * What the truth holds that the outputs lack, and where on the page it lies (scripts/lib/recall-audit.ts),
 * over a WCXB-laid-out set (html/<id>.html.gz, ground-truth/<id>.json) and an output file for it (extract:dir's,
 * or score:held-out's held-out.json): the mean F1 of the scored text, then two ceilings, read against the
 * truth itself: every missing truth word the page's text holds added, and whole blocks of it added;
 * the blocks' ceiling by where they lie (before, inside or after the output's span) and by WCXB page type,
 * and how much of it the pages with most hold. --type keeps one page type; --samples n lists the n pages
 * with the highest block ceiling and their largest added block. Progress on stderr.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeBody } from '../src/extraction/decode.js';
import { pageTextBlocks, PLACES, readRecall, type PageRecall } from './lib/recall-audit.js';
import { parseAuditArgs, readPredictions, truthPages } from './lib/wcxb-audit.js';

interface Page extends PageRecall {
  id: string;
  type: string;
}

function readPages(folder: string, predictionsFile: string, type?: string): Page[] {
  const predictions = readPredictions(predictionsFile);
  const truths = truthPages(folder, type);
  const pages = truths.map(({ id, type: pageType, truth }, index) => {
    const prediction = predictions[id];
    const text = typeof prediction === 'string' ? prediction : (prediction?.text ?? '');
    const html = decodeBody(gunzipSync(readFileSync(path.join(folder, 'html', `${id}.html.gz`))), undefined);
    if ((index + 1) % 100 === 0 || index + 1 === truths.length) process.stderr.write(`\r${index + 1}/${truths.length} pages`);
    return { id, type: pageType, ...readRecall(text, truth, pageTextBlocks(html)) };
  });
  process.stderr.write('\n');
  return pages;
}

const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(4)}`;
const blockGain = (page: Page): number => page.withBlocks - page.base;

function report(pages: Page[], samples: number): void {
  const n = pages.length;
  if (n === 0) throw new Error('no pages to read');
  const mean = (of: (page: Page) => number): number => pages.reduce((sum, page) => sum + of(page), 0) / n;
  const base = mean((page) => page.base);
  const added = pages.flatMap((page) => page.added);
  console.log(`${n} pages; mean F1 of the scored text ${base.toFixed(5)}`);
  console.log(`ceiling with every missing truth word the page shows: ${mean((p) => p.withWords).toFixed(4)} (${signed(mean((p) => p.withWords) - base)})`);
  console.log(`ceiling with whole blocks of it: ${mean((p) => p.withBlocks).toFixed(4)} (${signed(mean(blockGain))}, ${added.length} blocks)`);
  // Each place's and type's share of the figure over all the pages read, so the rows add up to the line above.
  console.log(`  by where the blocks lie: ${PLACES.map((place) => `${place} ${signed(added.filter((b) => b.place === place).reduce((sum, b) => sum + b.gain, 0) / n)}`).join(', ')}`);
  const types = [...new Set(pages.map((page) => page.type))].sort();
  console.log(`  by page type: ${types.map((type) => `${type} ${signed(pages.filter((p) => p.type === type).reduce((sum, p) => sum + blockGain(p), 0) / n)}`).join(', ')}`);
  const byGain = [...pages].sort((a, b) => blockGain(b) - blockGain(a));
  const total = byGain.reduce((sum, page) => sum + blockGain(page), 0);
  const shareOfTop = (k: number): string => (total > 0 ? byGain.slice(0, k).reduce((sum, page) => sum + blockGain(page), 0) / total : 0).toFixed(2);
  console.log(`  share held by the top 30 pages ${shareOfTop(30)}, the top 300 ${shareOfTop(300)}`);
  if (samples > 0) {
    console.log(`the ${Math.min(samples, n)} pages with the highest block ceiling (page, type, F1, ceiling, largest added block):`);
    for (const page of byGain.slice(0, samples)) {
      const largest = [...page.added].sort((a, b) => b.gain - a.gain)[0];
      const shown = largest ? `${largest.place}, ${largest.words} words: "${largest.opening}"` : '';
      console.log(`  ${page.id}  ${page.type.padEnd(14)}${page.base.toFixed(3)}  ${page.withBlocks.toFixed(3)}  ${shown}`);
    }
  }
}

try {
  const options = parseAuditArgs(process.argv.slice(2), 'audit:recall');
  report(readPages(options.folder, options.predictions, options.type), options.samples);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
