/**
 * npm run -s train:blocks
 * Trains the learned block scorer and writes src/extraction/main-content/learned/block-model.json: dumps
 * WCXB dev's blocks through the service's extraction (scripts/dump-block-rows.ts), then trains LightGBM on
 * them (scripts/train-block-model.py, in .tools/ml, installed from PyPI on first use), printing the
 * held-out figures of each fold beside the figures without the pass. Run it after a change to the block
 * features or to the passes before the block pass: the model learns what they leave.
 *
 * npm run -s train:blocks -- --learning-curve [--extra <set folder>]...
 * Writes no model: prints the pass's held-out gain on WCXB dev when each fold's model learns from 1, 2, 3 or 4
 * of the other folds, at the shipped model's settings, and with each --extra set (a folder of html/*.html.gz and
 * ground-truth/*.json in WCXB's format, such as an unseen half from wcxb:unseen) added to the four folds' pages.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseBlockModel } from '../src/extraction/main-content/learned/block-model.js';
import { ensureTrainingTools } from './lib/tools.js';
import { projectRoot } from './lib/paths.js';

const USAGE = 'usage: npm run -s train:blocks [-- --learning-curve [--extra <set folder>]...]';
const wcxb = path.resolve(projectRoot, '..', 'shared', 'benchmarks', 'extraction', 'wcxb-dev');
const modelFile = path.join(projectRoot, 'src', 'extraction', 'main-content', 'learned', 'block-model.json');
const trainer = path.join(projectRoot, 'scripts', 'train-block-model.py');

function parseArgs(args: string[]): { curve: boolean; extras: string[] } | null {
  if (args.length === 0) return { curve: false, extras: [] };
  if (args[0] !== '--learning-curve') return null;
  const extras: string[] = [];
  for (let i = 1; i < args.length; i += 2) {
    const folder = args[i + 1];
    if (args[i] !== '--extra' || !folder || folder.startsWith('--')) return null;
    extras.push(path.resolve(folder));
  }
  return { curve: true, extras };
}

const options = parseArgs(process.argv.slice(2));
if (!options) {
  console.error(USAGE);
  process.exit(2);
}
for (const folder of options.extras) {
  if (!existsSync(path.join(folder, 'html')) || !existsSync(path.join(folder, 'ground-truth'))) {
    console.error(`--extra ${folder}: expected html/ and ground-truth/ inside it\n${USAGE}`);
    process.exit(2);
  }
}

/**
 * Dumps a set's blocks through today's passes. The dump only listens: it never reads the model, so a file
 * trained on other features does not stop it.
 */
function dumpRows(htmlFolder: string, rowsFile: string): void {
  const dumper = path.join(projectRoot, 'scripts', 'dump-block-rows.ts');
  execFileSync(process.execPath, ['--import', 'tsx', dumper, htmlFolder, rowsFile], { stdio: 'inherit' });
}

const python = await ensureTrainingTools();
const scratch = mkdtempSync(path.join(tmpdir(), 'pith-train-'));
try {
  const rows = path.join(scratch, 'rows.jsonl');
  dumpRows(path.join(wcxb, 'html'), rows);
  if (options.curve) {
    const shipped = parseBlockModel(JSON.parse(readFileSync(modelFile, 'utf8')));
    const extraArgs = options.extras.flatMap((folder, i) => {
      const extraRows = path.join(scratch, `extra-${i}.jsonl`);
      dumpRows(path.join(folder, 'html'), extraRows);
      return ['--extra', extraRows, path.join(folder, 'ground-truth')];
    });
    const settings = [String(shipped.threshold), String(shipped.maxRemovedShare)];
    const curveArgs = ['--learning-curve', rows, path.join(wcxb, 'ground-truth'), ...settings, ...extraArgs];
    execFileSync(python, [trainer, ...curveArgs], { stdio: 'inherit' });
  } else {
    execFileSync(python, [trainer, rows, path.join(wcxb, 'ground-truth'), modelFile], { stdio: 'inherit' });
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
