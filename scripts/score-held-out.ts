/**
 * npm run -s score:held-out [-- --keep <folder>]
 * WCXB dev read held out by the whole pipeline (issue 24: "hold out a fifth of dev while you tune"). The
 * learned block pass ships a model trained on every dev page, so score:folds' folds still read each page with
 * a model that saw it. This dumps dev's blocks through today's passes (dump-block-rows.ts), trains one model a
 * fold on the other four folds with the settings chosen on those four (train-block-model.py), reads each
 * fold's pages through the service's pipeline with its own model, and prints each fold's mean page F1 (the
 * shared scorer's) beside the same pages read with the shipped model, in the same run. The shipped model is
 * not touched. `--keep <folder>` keeps both runs' predictions there (held-out.json, shipped.json: the
 * extract:dir format) for page-by-page comparison, and the models (fold-<k>.json, and all-dev.json trained
 * on every page as train:blocks would write it). The held-out mean comes with its standard error over the pages
 * and a 95% bootstrap interval (scripts/lib/paired-comparison.ts). Progress on stderr, one JSON line of figures
 * on stdout.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeBody } from '../src/extraction/decode.js';
import { type BlockModel, parseBlockModel } from '../src/extraction/main-content/learned/block-model.js';
import { readingWithBlockModel } from '../src/extraction/main-content/learned/learned-blocks.js';
import { meanWithInterval, type MeanWithInterval } from './lib/paired-comparison.js';
import { projectRoot } from './lib/paths.js';
import { NO_CONTENT, type PagePrediction, predictPage } from './lib/page-prediction.js';
import { recordedPageUrl, savedPageUrl } from './lib/saved-page-url.js';
import { ensureTrainingTools } from './lib/tools.js';
import { foldOf, FOLDS, mean, meanF1ByFold, scoreWcxbDev, wcxbDev as wcxb } from './lib/wcxb-folds.js';

const USAGE = 'usage: npm run -s score:held-out [-- --keep <folder>]';

const args = process.argv.slice(2);
const keepAt = args.indexOf('--keep');
const keep = keepAt >= 0 ? args[keepAt + 1] : undefined;
if (args.length !== (keepAt >= 0 ? 2 : 0) || (keepAt >= 0 && (!keep || keep.startsWith('--')))) {
  console.error(USAGE);
  process.exit(2);
}

/** Each fold's mean page F1 and the mean over all pages with its uncertainty, from the shared scorer's per-page figures. */
function foldFigures(predictionsFile: string): { all: number; folds: number[]; spread: MeanWithInterval } {
  const { per_page: perPage } = scoreWcxbDev(predictionsFile);
  const spread = meanWithInterval(perPage.map((page) => page.f1));
  return { all: spread.mean, folds: meanF1ByFold(perPage), spread };
}

const python = await ensureTrainingTools();
const scratch = mkdtempSync(path.join(tmpdir(), 'pith-held-out-'));
try {
  const rows = path.join(scratch, 'rows.jsonl');
  process.stderr.write('dumping WCXB dev blocks through the current passes\n');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts', 'dump-block-rows.ts'), path.join(wcxb, 'html'), rows], { stdio: 'inherit' });
  process.stderr.write('training one model a fold on the other four\n');
  // Its figures go to stderr here: stdout is this script's one JSON line.
  execFileSync(python, [path.join(projectRoot, 'scripts', 'train-block-model.py'), rows, path.join(wcxb, 'ground-truth'), path.join(scratch, 'all-dev.json'), scratch], {
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  if (keep) {
    mkdirSync(keep, { recursive: true });
    for (const name of ['all-dev.json', ...Array.from({ length: FOLDS }, (_, k) => `fold-${k}.json`)]) copyFileSync(path.join(scratch, name), path.join(keep, name));
  }
  const models: BlockModel[] = Array.from({ length: FOLDS }, (_, k) => parseBlockModel(JSON.parse(readFileSync(path.join(scratch, `fold-${k}.json`), 'utf8'))));

  const files = readdirSync(path.join(wcxb, 'html')).filter((f) => f.endsWith('.html.gz')).sort();
  const heldOut: Record<string, PagePrediction> = {};
  const shipped: Record<string, PagePrediction> = {};
  files.forEach((file, index) => {
    const id = file.slice(0, -'.html.gz'.length);
    const html = decodeBody(gunzipSync(readFileSync(path.join(wcxb, 'html', file))), undefined);
    const url = recordedPageUrl(wcxb, id) ?? savedPageUrl(html, id);
    heldOut[id] = readingWithBlockModel(models[foldOf(id)]!, () => predictPage(html, url, id)) ?? NO_CONTENT;
    shipped[id] = predictPage(html, url, id) ?? NO_CONTENT;
    if ((index + 1) % 100 === 0 || index + 1 === files.length) process.stderr.write(`\r  read ${index + 1}/${files.length} pages both ways`);
  });
  process.stderr.write('\n');
  const outDir = keep ?? scratch;
  writeFileSync(path.join(outDir, 'held-out.json'), JSON.stringify(heldOut));
  writeFileSync(path.join(outDir, 'shipped.json'), JSON.stringify(shipped));
  const held = foldFigures(path.join(outDir, 'held-out.json'));
  const same = foldFigures(path.join(outDir, 'shipped.json'));
  const show = (values: number[]) => values.map((value) => value.toFixed(5)).join(' ');
  process.stderr.write(
    `WCXB dev, ${files.length} pages, mean page F1:\n` +
      `  shipped block model (trained on every dev page): ${same.all.toFixed(5)}  folds ${show(same.folds)}\n` +
      `  held out (each fold read with a model trained on the other four): ${held.all.toFixed(5)}  folds ${show(held.folds)}  mean of folds ${mean(held.folds).toFixed(5)}\n` +
      // The pages are a sample too: the mean's own uncertainty, against which any target or change is read.
      `  held out, over the pages: standard error ${held.spread.standardError.toFixed(5)}, 95% bootstrap interval ${held.spread.interval[0].toFixed(5)} to ${held.spread.interval[1].toFixed(5)}\n`,
  );
  const { standardError, interval } = held.spread;
  console.log(JSON.stringify({ pages: files.length, shipped: { f1: same.all, folds: same.folds }, held_out: { f1: held.all, folds: held.folds, mean_of_folds: mean(held.folds), standard_error: standardError, interval } }));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
