/**
 * npm run -s audit:extras -- <WCXB set folder> <out.json> [--type <page type>] [--samples <n>]
 * What the outputs hold that the truth does not (scripts/lib/extras-audit.ts), over a WCXB-laid-out set
 * (ground-truth/<id>.json) and extract:dir's output for it: the content F1 read from the markdown, then
 * ceilings: the F1 if every line of one kind of block outside the truth went (paragraphs, short paragraphs,
 * list items…; outside by the block model's label: under half of its word trigrams in the truth), and if
 * every section (heading to heading) outside it went, or only a trailing or a leading run of such
 * sections; the sections' ceiling by WCXB page type. --type keeps one page type; --samples n lists n of
 * the outside sections (page, type, how far down, words, opening words), the longest first. Ceilings are
 * read against the truth itself: where the points are, not what a rule earns.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BLOCK_KINDS, readExtras, type PageExtras } from './lib/extras-audit.js';

const USAGE = 'usage: npm run -s audit:extras -- <WCXB set folder> <out.json> [--type <page type>] [--samples <n>]';

interface Options {
  folder: string;
  predictions: string;
  type?: string;
  samples: number;
}

function parseArgs(args: string[]): Options {
  const [folder, predictions, ...rest] = args;
  if (!folder || !predictions || folder.startsWith('--') || predictions.startsWith('--')) throw new Error(USAGE);
  if (!existsSync(path.join(folder, 'ground-truth'))) throw new Error(`${folder} has no ground-truth/ folder: audit:extras reads WCXB's layout\n${USAGE}`);
  const options: Options = { folder, predictions, samples: 0 };
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    if (flag === '--type') options.type = value;
    else if (flag === '--samples') {
      if (!Number.isInteger(Number(value)) || Number(value) < 0) throw new Error(`--samples must be a whole number, not ${value}`);
      options.samples = Number(value);
    } else throw new Error(`unknown option ${flag}\n${USAGE}`);
  }
  return options;
}

interface Page extends PageExtras {
  id: string;
  type: string;
}

type Predictions = Record<string, { markdown?: string } | string | undefined>;

function readPages(options: Options): Page[] {
  const raw = JSON.parse(readFileSync(options.predictions, 'utf8')) as Predictions & { output?: Predictions };
  const predictions = raw.output && typeof raw.output === 'object' ? raw.output : raw;
  const truths = path.join(options.folder, 'ground-truth');
  const pages: Page[] = [];
  for (const file of readdirSync(truths).filter((name) => name.endsWith('.json')).sort()) {
    const id = file.slice(0, -'.json'.length);
    const data = JSON.parse(readFileSync(path.join(truths, file), 'utf8')) as { ground_truth?: { main_content?: string }; _internal?: { page_type?: { primary?: string } } };
    // The scorer's page type: WCXB's "category" is scored as a collection.
    const primary = data._internal?.page_type?.primary ?? 'article';
    const type = primary === 'category' ? 'collection' : primary;
    if (options.type && type !== options.type) continue;
    const prediction = predictions[id];
    if (typeof prediction === 'string') throw new Error(`${options.predictions} holds text only: audit:extras reads the markdown extract:dir writes`);
    pages.push({ id, type, ...readExtras(prediction?.markdown ?? '', data.ground_truth?.main_content ?? '') });
  }
  return pages;
}

const gain = (pages: Page[], after: (page: Page) => number, over: number): string => {
  const delta = pages.reduce((sum, page) => sum + after(page) - page.base, 0) / over;
  return `${delta >= 0 ? '+' : ''}${delta.toFixed(4)}`;
};

function report(pages: Page[], samples: number): void {
  const n = pages.length;
  if (n === 0) throw new Error('no pages to read');
  const base = pages.reduce((sum, page) => sum + page.base, 0) / n;
  console.log(`${n} pages; content F1 read from the markdown ${base.toFixed(4)} (the scorer reads the text: close, not equal)`);
  console.log("ceiling if the blocks of one kind outside the truth (the block model's label) went:");
  console.log(`  ${'kind'.padEnd(16)}${'words'.padStart(10)}${'outside'.padStart(10)}  F1`);
  for (const kind of BLOCK_KINDS) {
    const all = pages.reduce((sum, page) => sum + page.words[kind].all, 0);
    const outside = pages.reduce((sum, page) => sum + page.words[kind].outside, 0);
    if (all === 0) continue;
    console.log(`  ${kind.padEnd(16)}${String(all).padStart(10)}${`${((100 * outside) / all).toFixed(1)}%`.padStart(10)}  ${gain(pages, (page) => page.withoutKind[kind], n)}`);
  }
  const outsideCount = pages.reduce((sum, page) => sum + page.outsideSections.length, 0);
  console.log(
    `ceiling if the sections outside the truth went (${outsideCount} sections): all ${gain(pages, (p) => p.withoutSections.all, n)}, ` +
      `a trailing run only ${gain(pages, (p) => p.withoutSections.trailing, n)}, a leading run only ${gain(pages, (p) => p.withoutSections.leading, n)}`,
  );
  const types = [...new Set(pages.map((page) => page.type))].sort();
  // Each type's share of the figure over all the pages read, so the rows add up to the line above.
  console.log(`  by page type (share of the ${n} pages' figure): ${types.map((type) => `${type} ${gain(pages.filter((p) => p.type === type), (p) => p.withoutSections.all, n)}`).join(', ')}`);
  if (samples > 0) {
    const sections = pages.flatMap((page) => page.outsideSections.map((section) => ({ page, ...section }))).sort((a, b) => b.words - a.words);
    console.log(`the ${Math.min(samples, sections.length)} longest sections outside the truth (page, type, how far down, words, opening):`);
    for (const s of sections.slice(0, samples)) console.log(`  ${s.page.id}  ${s.page.type.padEnd(14)}${`${Math.round(100 * s.at)}%`.padStart(5)}${String(s.words).padStart(7)}  "${s.opening}"`);
  }
}

try {
  const options = parseArgs(process.argv.slice(2));
  report(readPages(options), options.samples);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
