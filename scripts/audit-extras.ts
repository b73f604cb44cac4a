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
import { BLOCK_KINDS, readExtras, type PageExtras } from './lib/extras-audit.js';
import { parseAuditArgs, readPredictions, truthPages } from './lib/wcxb-audit.js';

interface Page extends PageExtras {
  id: string;
  type: string;
}

function readPages(folder: string, predictionsFile: string, type?: string): Page[] {
  const predictions = readPredictions(predictionsFile);
  return truthPages(folder, type).map(({ id, type: pageType, truth }) => {
    const prediction = predictions[id];
    if (typeof prediction === 'string') throw new Error(`${predictionsFile} holds text only: audit:extras reads the markdown extract:dir writes`);
    return { id, type: pageType, ...readExtras(prediction?.markdown ?? '', truth) };
  });
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
  const options = parseAuditArgs(process.argv.slice(2), 'audit:extras');
  report(readPages(options.folder, options.predictions, options.type), options.samples);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
