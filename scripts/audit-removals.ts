/**
 * npm run -s audit:removals -- <set folder> [--rule <rule>] [--kind <root kind>] [--pages <n>]
 * Which named rules of main-content took words a set's truth holds (scripts/lib/removal-audit.ts): per rule,
 * the blocks and words it removed, the words of them the truth holds and the output lacks (`lost`), the rest
 * (`cut`), and on how many pages it lost 10 words or more. First, how many of the words the truth holds and
 * the output lacks any rule took at all: the others were outside the chosen root, or never on the page.
 * --rule lists the pages where that rule lost most, with the first words of its largest loss there; --kind
 * keeps the pages whose root was judged as that kind. The set folder is laid out as the shared ones: html/
 * with <id>.html.gz and either ground-truth/<id>.json (WCXB: ground_truth.main_content) or one
 * ground-truth.json (scrapinghub: articleBody). Progress on stderr.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ExtractionError } from '../src/contract/extraction-error.js';
import { decodeBody } from '../src/extraction/decode.js';
import { extractHtml } from '../src/extraction/extract.js';
import { recordingInto } from '../src/extraction/main-content/index.js';
import { auditWords, missingCount, missingWords, PAGE_LOSS_WORDS, RemovalRecorder, tallyRules, weighRemovals, type WeighedRemoval } from './lib/removal-audit.js';
import { savedPageUrl } from './lib/saved-page-url.js';

const USAGE = 'usage: npm run -s audit:removals -- <set folder> [--rule <rule>] [--kind <root kind>] [--pages <n>]';

function parseArgs(args: string[]): { folder: string; rule?: string; kind?: string; pages: number } {
  const [folder, ...rest] = args;
  if (!folder || folder.startsWith('--')) throw new Error(USAGE);
  const options: { folder: string; rule?: string; kind?: string; pages: number } = { folder, pages: 25 };
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    if (flag === '--rule') options.rule = value;
    else if (flag === '--kind') options.kind = value;
    else if (flag === '--pages') {
      if (!Number.isInteger(Number(value)) || Number(value) < 1) throw new Error(`--pages must be a whole number of 1 or more, not ${value}`);
      options.pages = Number(value);
    } else throw new Error(`unknown option ${flag}\n${USAGE}`);
  }
  return options;
}

/** The truth's text of each page id: WCXB's files one per page, or scrapinghub's one file. */
function truthReader(folder: string): (id: string) => string | null {
  const single = path.join(folder, 'ground-truth.json');
  if (existsSync(single)) {
    const all = JSON.parse(readFileSync(single, 'utf8')) as Record<string, { articleBody?: string }>;
    return (id) => all[id]?.articleBody ?? null;
  }
  return (id) => {
    const file = path.join(folder, 'ground-truth', `${id}.json`);
    if (!existsSync(file)) return null;
    // As the scorer reads it: a truth without main content is an empty one.
    return (JSON.parse(readFileSync(file, 'utf8')).ground_truth?.main_content as string | undefined) ?? '';
  };
}

interface PageAudit {
  id: string;
  kind: string;
  missing: number;
  removals: WeighedRemoval[];
}

function auditPage(folder: string, id: string, truthText: string): PageAudit {
  const html = decodeBody(gunzipSync(readFileSync(path.join(folder, 'html', `${id}.html.gz`))), undefined);
  const recorder = new RemovalRecorder();
  let output = '';
  try {
    output = recordingInto(recorder, () => extractHtml(html, savedPageUrl(html, id))).text;
  } catch (err) {
    if (!(err instanceof ExtractionError)) throw err;
  }
  const missing = missingWords(auditWords(truthText), auditWords(output));
  return { id, kind: recorder.rootKind ?? 'none', missing: missingCount(missing), removals: weighRemovals(missing, recorder.removals) };
}

const pad = (value: string | number, width: number): string => String(value).padStart(width);

function printTallies(audits: PageAudit[]): void {
  const missing = audits.reduce((sum, page) => sum + page.missing, 0);
  const taken = audits.reduce((sum, page) => sum + page.removals.reduce((s, r) => s + r.lost, 0), 0);
  console.log(`${audits.length} pages; ${missing} words the truth holds are missing from the output, ${taken} of them taken by a named rule`);
  console.log(`${'rule'.padEnd(34)}${pad('blocks', 8)}${pad('words', 9)}${pad('lost', 8)}${pad('cut', 9)}${pad(`pages losing ${PAGE_LOSS_WORDS}+`, 19)}`);
  for (const tally of tallyRules(new Map(audits.map((page) => [page.id, page.removals])))) {
    console.log(`${tally.rule.padEnd(34)}${pad(tally.blocks, 8)}${pad(tally.words, 9)}${pad(tally.lost, 8)}${pad(tally.cut, 9)}${pad(tally.pagesLosing, 19)}`);
  }
}

function printRulePages(audits: PageAudit[], rule: string, pages: number): void {
  const rows = audits
    .map((page) => {
      const own = page.removals.filter((removal) => removal.rule === rule);
      const largest = own.reduce<WeighedRemoval | null>((best, removal) => (best && best.lost >= removal.lost ? best : removal), null);
      return { page, lost: own.reduce((sum, r) => sum + r.lost, 0), cut: own.reduce((sum, r) => sum + r.cut, 0), largest };
    })
    .filter((row) => row.largest !== null)
    .sort((a, b) => b.lost - a.lost || b.cut - a.cut);
  console.log(`${rule}: removed text on ${rows.length} pages; the ${Math.min(pages, rows.length)} where it lost most (id, root kind, lost, cut, its largest loss):`);
  for (const { page, lost, cut, largest } of rows.slice(0, pages)) {
    console.log(`  ${page.id}  ${page.kind.padEnd(10)}${pad(lost, 6)}${pad(cut, 7)}  "${largest!.firstWords}"`);
  }
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  const truthOf = truthReader(options.folder);
  const ids = readdirSync(path.join(options.folder, 'html')).filter((file) => file.endsWith('.html.gz')).map((file) => file.slice(0, -'.html.gz'.length)).sort();
  const audits: PageAudit[] = [];
  ids.forEach((id, index) => {
    const truth = truthOf(id);
    if (truth !== null) audits.push(auditPage(options.folder, id, truth));
    if ((index + 1) % 100 === 0 || index + 1 === ids.length) process.stderr.write(`\r${index + 1}/${ids.length} pages`);
  });
  process.stderr.write('\n');
  const kept = options.kind ? audits.filter((page) => page.kind === options.kind) : audits;
  if (options.rule) printRulePages(kept, options.rule, options.pages);
  else printTallies(kept);
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
