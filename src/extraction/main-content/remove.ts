/**
 * Every removal of page content goes through `remove`, naming the rule that made it, so that an
 * explanation (explain.ts) can tell which rule removed which text. A recorder listens only while
 * `recordingInto` runs (extract:dir --explain, tests); in normal runs `remove` is `node.remove()`
 * after one null check and the sentence check (withinSentence reads the text beside an inline element),
 * with no string built.
 */
import type { PageKind, RootKind, RuleName } from './policy.js';
import type { RootChoice } from './root-choice.js';
import { listenerSlot } from './listener-slot.js';
import { hasAncestorOrSelf } from '../dom/dom-walk.js';
import { withinSentence } from '../dom/within-sentence.js';

/** What an explanation hears of one findMainContent run. */
export interface MainContentRecorder {
  /** `node` is about to be removed by `rule`. */
  removed(rule: RuleName, node: ChildNode): void;
  /** The page's declared kind, the kind its root is judged as, and our own root (before Readability runs). */
  judged(declared: PageKind, judgedAs: RootKind, ownRoot: Element | null): void;
  /** The choice between the roots (null: our own root found no text) and the length of Readability's pick (null: none). */
  rootChosen(choice: RootChoice | null, readabilityLength: number | null): void;
  /** `block`, a copy from our own root, was put back into Readability's pick (readability-holes.ts). */
  restored(block: Element): void;
}

const slot = listenerSlot<MainContentRecorder>();

/** The recorder installed for the current run, or null (normal runs). */
export function recorder(): MainContentRecorder | null {
  return slot.current();
}

/** Runs `run` with `into` hearing every removal and decision of main-content. */
export function recordingInto<T>(into: MainContentRecorder, run: () => T): T {
  return slot.during(into, run);
}

/** Rules about what a reader never sees (hidden, scripts and controls, dialogs, broken markup): what they find goes, in a sentence or not. */
const UNSEEN_RULES: ReadonlySet<RuleName> = new Set(['junk-tags', 'landmarks', 'hidden-style', 'modals', 'hidden-text-copies', 'repair-parsing']);

/**
 * Preformatted text is verbatim: a rule judging content may take a whole <pre>, never a part of one. Syntax
 * highlighters wrap each keyword and line in its own span, and alone such a span reads like furniture or a
 * copy: Python's `print` and JavaScript's `new` as a button label or a shop's badge, `#![allow(unused)]` as
 * a metadata line, a Rust listing's `impl Summary for NewsArticle {` as a duplicate of an earlier listing's
 * line. Each such removal left code that no longer runs ("return Response(…)", "... (arg)"), on 24 WCXB dev
 * pages (Pydantic's, Docker's, Kubernetes' and Python's documentation, code in blog posts) and 10 unseen ones.
 * Evidence: WCXB dev 0.89359 -> 0.89360 (12 pages up, 0679 0.980 -> 0.991; 4 down by at most 0.007: code
 * blocks their truths leave out or hold once, now whole), unseen probe 0.92241 -> 0.92250 (5 up, none down:
 * TypeScript's handbook 5412, Read the Docs 5382) and final 0.91865 -> 0.91898 (5 up, none down), scrapinghub
 * unchanged. Only <pre>: a <code> can be a layout wrapper (a shop's Instagram feed inside one, 0596), so this
 * is not dom-walk.ts's isInCode, which also reads <code> and the element itself.
 */
function isInsidePreformatted(element: Element): boolean {
  const parent = element.parentElement;
  return parent !== null && hasAncestorOrSelf(parent, (ancestor) => ancestor.tagName === 'PRE');
}

/**
 * Removes `node` for `rule`, unless a rule judging content would cut it out of a sentence (withinSentence)
 * or out of preformatted text (isInsidePreformatted).
 */
export function remove(node: ChildNode, rule: RuleName): void {
  if (node.nodeType === 1 && !UNSEEN_RULES.has(rule) && (withinSentence(node as Element) || isInsidePreformatted(node as Element))) return;
  slot.current()?.removed(rule, node);
  node.remove();
}
