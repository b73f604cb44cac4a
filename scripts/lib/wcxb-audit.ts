/**
 * What the audits that read an output file against a WCXB-laid-out set share (audit:extras, audit:recall):
 * their arguments, the set's pages with the scorer's page type, and the output file's entries.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface AuditOptions {
  folder: string;
  predictions: string;
  type?: string;
  samples: number;
}

/** `<WCXB set folder> <out.json> [--type <page type>] [--samples <n>]`; throws the usage on bad arguments. */
export function parseAuditArgs(args: readonly string[], command: string): AuditOptions {
  const usage = `usage: npm run -s ${command} -- <WCXB set folder> <out.json> [--type <page type>] [--samples <n>]`;
  const [folder, predictions, ...rest] = args;
  if (!folder || !predictions || folder.startsWith('--') || predictions.startsWith('--')) throw new Error(usage);
  if (!existsSync(path.join(folder, 'ground-truth'))) throw new Error(`${folder} has no ground-truth/ folder: ${command} reads WCXB's layout\n${usage}`);
  const options: AuditOptions = { folder, predictions, samples: 0 };
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value\n${usage}`);
    if (flag === '--type') options.type = value;
    else if (flag === '--samples') {
      if (!Number.isInteger(Number(value)) || Number(value) < 0) throw new Error(`--samples must be a whole number, not ${value}`);
      options.samples = Number(value);
    } else throw new Error(`unknown option ${flag}\n${usage}`);
  }
  return options;
}

/** A page of the set: its id, the scorer's page type and its truth's main content. */
export interface TruthPage {
  id: string;
  type: string;
  truth: string;
}

/** The set's pages in id order, of one page type if given. */
export function truthPages(folder: string, type?: string): TruthPage[] {
  const truths = path.join(folder, 'ground-truth');
  return readdirSync(truths)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const data = JSON.parse(readFileSync(path.join(truths, file), 'utf8')) as { ground_truth?: { main_content?: string }; _internal?: { page_type?: { primary?: string } } };
      // The scorer's page type: WCXB's "category" is scored as a collection.
      const primary = data._internal?.page_type?.primary ?? 'article';
      const pageType = primary === 'category' ? 'collection' : primary;
      if (type && pageType !== type) return [];
      return [{ id: file.slice(0, -'.json'.length), type: pageType, truth: data.ground_truth?.main_content ?? '' }];
    });
}

export type Prediction = { text?: string; markdown?: string } | string | undefined;

/** An output file's entries by page id (extract:dir writes them bare or under `output`, as the scorer reads them). */
export function readPredictions(file: string): Record<string, Prediction> {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Prediction> & { output?: Record<string, Prediction> };
  return raw.output && typeof raw.output === 'object' ? raw.output : raw;
}
