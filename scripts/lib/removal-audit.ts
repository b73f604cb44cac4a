/**
 * What each named rule of main-content took from a page, weighed against the page's truth: of the words a
 * rule removed, how many the truth holds and the output lacks (`lost`: recall the rule cost) and how many
 * the output did not need (`cut`: words the truth lacks, or already holds as often elsewhere). Read across a
 * set (`npm run -s audit:removals`), it says which rule on which kind of root to look at, and on which pages:
 * the page-by-page comparison issue 24 asks for, from the side of the rules rather than of the peers.
 *
 * Words are the shared scorer's (lower-cased runs of letters, digits and `_`), counted as bags: a word the
 * truth holds three times and the output once is missing twice, and the first two removals holding it (in
 * the order the rules ran) have lost it; every later copy is cut. So each missing word is charged to one
 * removal at most, and a rule's `lost` plus `cut` is the words it removed.
 */
import type { MainContentRecorder, RootKind, RuleName } from '../../src/extraction/main-content/index.js';
import { firstWords, readableText, removalLabel } from '../../src/extraction/main-content/index.js';
import { bagOf, scorerWords } from './scorer-words.js';

/** One removal as recorded: the rule's label (chrome-names by group) and the words it took. */
export interface Removal {
  rule: string;
  words: string[];
  firstWords: string;
}

/** A removal weighed: its words the truth needed (`lost`) and the rest (`cut`). */
export interface WeighedRemoval extends Removal {
  lost: number;
  cut: number;
}

/** The scorer's words, lower-cased as the WCXB scorer reads them. */
export const auditWords = (text: string): string[] => scorerWords(text.toLowerCase());

/** The words the truth holds more often than the output, each with how many times more (word lists: auditWords). */
export function missingWords(truth: readonly string[], output: readonly string[]): Map<string, number> {
  const missing = bagOf(truth);
  for (const word of output) {
    const count = missing.get(word);
    if (count) missing.set(word, count - 1);
  }
  return missing;
}

/** How many words `missing` holds in all. */
export const missingCount = (missing: ReadonlyMap<string, number>): number => [...missing.values()].reduce((sum, count) => sum + count, 0);

/**
 * Charges each word the truth holds and the output lacks (`missing`: missingWords) to the first removal, in rule
 * order, that held it; removals keep their order. `missing` is left as it was.
 */
export function weighRemovals(missing: ReadonlyMap<string, number>, removals: readonly Removal[]): WeighedRemoval[] {
  const left = new Map(missing);
  return removals.map((removal) => {
    let lost = 0;
    for (const word of removal.words) {
      const count = left.get(word);
      if (!count) continue;
      lost++;
      left.set(word, count - 1);
    }
    return { ...removal, lost, cut: removal.words.length - lost };
  });
}

/**
 * Records every removal of one extraction with its readable words (code and removals inside an earlier one
 * left out, as `extract:dir --explain` counts them) and the kind the root was judged as.
 */
export class RemovalRecorder implements MainContentRecorder {
  readonly removals: Removal[] = [];
  rootKind: RootKind | null = null;

  removed(rule: RuleName, node: ChildNode): void {
    if (!node.isConnected) return;
    const text = readableText(node);
    const words = auditWords(text);
    if (words.length === 0) return;
    this.removals.push({ rule: removalLabel(rule, node), words, firstWords: firstWords(text) });
  }

  judged(_declared: unknown, judgedAs: RootKind): void {
    this.rootKind = judgedAs;
  }

  rootChosen(): void {}

  restored(): void {}
}

/** A rule's totals over a set. */
export interface RuleTally {
  rule: string;
  blocks: number;
  words: number;
  lost: number;
  cut: number;
  /** Pages where the rule lost at least `PAGE_LOSS_WORDS` words. */
  pagesLosing: number;
}

/** A page counts as one the rule lost words on from this many words up (one stray word is noise). */
export const PAGE_LOSS_WORDS = 10;

/** Per-rule totals of weighed removals grouped by page (`byPage`: page id to its removals), most words lost first. */
export function tallyRules(byPage: ReadonlyMap<string, readonly WeighedRemoval[]>): RuleTally[] {
  const tallies = new Map<string, RuleTally>();
  for (const removals of byPage.values()) {
    const lostOnPage = new Map<string, number>();
    for (const removal of removals) {
      const tally = tallies.get(removal.rule) ?? { rule: removal.rule, blocks: 0, words: 0, lost: 0, cut: 0, pagesLosing: 0 };
      tally.blocks++;
      tally.words += removal.words.length;
      tally.lost += removal.lost;
      tally.cut += removal.cut;
      tallies.set(removal.rule, tally);
      lostOnPage.set(removal.rule, (lostOnPage.get(removal.rule) ?? 0) + removal.lost);
    }
    for (const [rule, lost] of lostOnPage) if (lost >= PAGE_LOSS_WORDS) tallies.get(rule)!.pagesLosing++;
  }
  return [...tallies.values()].sort((a, b) => b.lost - a.lost || a.rule.localeCompare(b.rule));
}
