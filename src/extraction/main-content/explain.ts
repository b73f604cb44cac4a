/**
 * An explanation of one findMainContent run, for a person tuning the policy (extract:dir --explain):
 * the page kind as declared and as judged, each named rule that removed text (how much, and the first
 * words of it), why one root won (Readability's length against our root's, each test's share and
 * its THRESHOLDS name), and what the holes pass put back into Readability's pick from our root. Install
 * it with `recordingInto`; normal runs never build one.
 */
import { collapseWhitespace } from '../dom/text.js';
import { chromeNameRule } from './chrome-names.js';
import type { PageKind, RootKind, RuleName } from './policy.js';
import type { MainContentRecorder } from './remove.js';
import { OWN_ROOT_TESTS, ownWeighed, pickWeighed, type RootChoice } from './root-choice.js';
import { elementNames } from '../dom/element-names.js';

/** Words shown of each removal. */
const SAMPLE_WORDS = 8;
/** Removals listed under one rule; the rest are counted. */
const SAMPLES_PER_RULE = 5;
/** Code is not text a reader loses. */
const CODE_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE']);

interface RuleRemovals {
  characters: number;
  blocks: number;
  samples: { characters: number; words: string }[];
}

function wordsOf(node: Node): string {
  if (node.nodeType === 3) return node.textContent ?? '';
  if (node.nodeType !== 1 || CODE_TAGS.has((node as Element).tagName)) return '';
  let text = '';
  for (const child of node.childNodes) text += ` ${wordsOf(child)}`;
  return text;
}

/** The text a reader would lose with `node`: its words, without scripts' and styles' code, whitespace collapsed. */
export function readableText(node: Node): string {
  return collapseWhitespace(wordsOf(node));
}

function describe(element: Element): string {
  const id = element.getAttribute('id');
  const className = element.getAttribute('class');
  return `<${element.tagName.toLowerCase()}${id ? ` id="${id}"` : ''}${className ? ` class="${className}"` : ''}>`;
}

const DERIVED_BECAUSE: Partial<Record<RootKind, string>> = {
  repeated: 'our root is a run of like linked blocks (listingRun)',
  index: 'several listing signs agree (looksLikeIndexPage)',
};

/** A removal's rule as a person reads it: chrome-names tell which group of words matched. */
export function removalLabel(rule: RuleName, node: ChildNode): string {
  return rule === 'chrome-names' ? `${chromeNameRule(elementNames(node as Element))} (chrome-names)` : rule;
}

export class MainContentExplanation implements MainContentRecorder {
  private declared: PageKind | null = null;
  private judgedAs: RootKind | null = null;
  private ownRoot = '';
  private readonly removals = new Map<string, RuleRemovals>();
  private choice: RootChoice | null = null;
  private readabilityLength: number | null = null;
  private rootRecorded = false;
  private readonly restorations: RuleRemovals = { characters: 0, blocks: 0, samples: [] };

  removed(rule: RuleName, node: ChildNode): void {
    // Inside a block an earlier rule already took: counted there.
    if (!node.isConnected) return;
    const text = readableText(node);
    if (!text) return;
    const name = removalLabel(rule, node);
    const entry = this.removals.get(name) ?? { characters: 0, blocks: 0, samples: [] };
    entry.characters += text.length;
    entry.blocks++;
    if (entry.samples.length < SAMPLES_PER_RULE) entry.samples.push({ characters: text.length, words: firstWords(text) });
    this.removals.set(name, entry);
  }

  judged(declared: PageKind, judgedAs: RootKind, ownRoot: Element | null): void {
    this.declared = declared;
    this.judgedAs = judgedAs;
    this.ownRoot = ownRoot ? describe(ownRoot) : '';
  }

  rootChosen(choice: RootChoice | null, readabilityLength: number | null): void {
    this.choice = choice;
    this.readabilityLength = readabilityLength;
    this.rootRecorded = true;
  }

  restored(block: Element): void {
    const text = readableText(block);
    this.restorations.characters += text.length;
    this.restorations.blocks++;
    if (this.restorations.samples.length < SAMPLES_PER_RULE) this.restorations.samples.push({ characters: text.length, words: firstWords(text) });
  }

  /** The explanation as lines of text. */
  format(): string {
    return [...this.kindLines(), ...this.removalLines(), ...this.rootLines(), ...this.restorationLines()].join('\n');
  }

  /** What the holes pass put back into Readability's pick, in the removals' format. */
  private restorationLines(): string[] {
    const entry = this.restorations;
    if (entry.blocks === 0) return [];
    const lines = [`put back from our root (readability-holes): ${entry.characters} chars in ${entry.blocks} block${entry.blocks === 1 ? '' : 's'}`];
    for (const sample of entry.samples) lines.push(`  - ${sample.characters} chars: "${sample.words}"`);
    if (entry.blocks > entry.samples.length) lines.push(`  - ... and ${entry.blocks - entry.samples.length} more`);
    return lines;
  }

  private kindLines(): string[] {
    if (!this.declared || !this.judgedAs) return ['page kind: not reached (no <body>)'];
    const derived = DERIVED_BECAUSE[this.judgedAs];
    return [`page kind: declared ${this.declared}, judged as ${this.judgedAs}${derived ? ` (derived: ${derived})` : ' (as declared)'}`];
  }

  private removalLines(): string[] {
    if (this.removals.size === 0) return ['removed: nothing'];
    const lines = ['removed, by rule (in the order each rule first removed text):'];
    for (const [rule, entry] of this.removals) {
      lines.push(`  ${rule}: ${entry.characters} chars in ${entry.blocks} block${entry.blocks === 1 ? '' : 's'}`);
      for (const sample of entry.samples) lines.push(`    - ${sample.characters} chars: "${sample.words}"`);
      if (entry.blocks > entry.samples.length) lines.push(`    - ... and ${entry.blocks - entry.samples.length} more`);
    }
    return lines;
  }

  private rootLines(): string[] {
    if (!this.rootRecorded) return ['root: not reached'];
    const readability = this.readabilityLength === null ? "Readability picked nothing" : `Readability's pick holds ${this.readabilityLength} chars`;
    const choice = this.choice;
    if (!choice) return [`root: Readability's pick (our own root found no text); ${readability}`];
    const { facts } = choice;
    const lines = [
      `root: ${choice.useOwn ? `our own root ${this.ownRoot}` : "Readability's pick"} won`,
      `  ${readability}; our root ${this.ownRoot} holds ${facts.own.proseLength} chars of prose, ${facts.own.textLength} of text${facts.ownIsBody ? ' (it is the whole <body>)' : ''}`,
    ];
    if (choice.decidedBy === 'no-readability-pick') return lines;
    for (const test of OWN_ROOT_TESTS) {
      if (!test.applies(facts)) continue;
      const share = test.share(facts);
      const name = share.name === 'READABILITY_MIN_SHARE' ? `READABILITY_MIN_SHARE.${share.kind ?? facts.kind}` : share.name;
      const base = ownWeighed(test, facts);
      const needed = share.value * base;
      const pick = pickWeighed(test, facts);
      const verdict = pick.amount < needed ? `less: our root wins` : 'enough';
      const weighed = pick.of === 'text' ? `Readability ${pick.amount}` : `Readability's ${pick.of} ${pick.amount}`;
      lines.push(`  ${test.name}: ${weighed} vs ${name} ${share.value} x our ${test.of} ${base} = ${round(needed)}: ${verdict}`);
      if (test.name === choice.decidedBy) break;
    }
    return lines;
  }
}

/** The first words of whitespace-collapsed `text`, as samples show it. */
export function firstWords(text: string): string {
  const words = text.split(' ');
  return words.length > SAMPLE_WORDS ? `${words.slice(0, SAMPLE_WORDS).join(' ')} ...` : text;
}

const round = (value: number): string => (Number.isFinite(value) ? String(Math.round(value)) : String(value));
