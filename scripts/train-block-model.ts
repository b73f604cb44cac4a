/**
 * npm run -s train:blocks
 * Trains the learned block scorer and writes src/extraction/main-content/learned/block-model.json: dumps
 * WCXB dev's blocks through the service's extraction (scripts/dump-block-rows.ts), then trains LightGBM on
 * them (scripts/train-block-model.py, in .tools/ml, installed from PyPI on first use), printing the
 * held-out figures of each fold beside the figures without the pass. Run it after a change to the block
 * features or to the passes before the block pass: the model learns what they leave.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureTrainingTools } from './lib/tools.js';
import { projectRoot } from './lib/paths.js';

const wcxb = path.resolve(projectRoot, '..', 'shared', 'benchmarks', 'extraction', 'wcxb-dev');
const modelFile = path.join(projectRoot, 'src', 'extraction', 'main-content', 'learned', 'block-model.json');
const python = await ensureTrainingTools();
const scratch = mkdtempSync(path.join(tmpdir(), 'pith-train-'));
try {
  const rows = path.join(scratch, 'rows.jsonl');
  // The dump only listens: it never reads the model, so a file trained on other features does not stop it.
  execFileSync(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts', 'dump-block-rows.ts'), path.join(wcxb, 'html'), rows], { stdio: 'inherit' });
  execFileSync(python, [path.join(projectRoot, 'scripts', 'train-block-model.py'), rows, path.join(wcxb, 'ground-truth'), modelFile], { stdio: 'inherit' });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
