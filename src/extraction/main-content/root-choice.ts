/**
 * Which root becomes the main content: Readability's pick or our own (own-candidate.ts). Readability
 * keeps one best node, right for an article; our root keeps every block of a thread, a shop page or a
 * listing. Each test below asks whether Readability's pick holds less than a share of our root's prose
 * or text; the first that says so makes our root win and is named in the choice. Prose is weighed against
 * prose where the policy reads the pick's (`pick-prose`, on threads: its links are names and reply buttons).
 */
import { looksLikeStoryInFolder } from './listing-evidence.js';
import type { OwnCandidate } from './own-candidate.js';
import type { RootKind, RootPasses } from './policy.js';
import { THRESHOLDS } from './thresholds.js';

/** What the choice weighs, read before Readability rewrites the page. */
export interface RootFacts {
  kind: RootKind;
  passes: RootPasses;
  own: OwnCandidate;
  /** Our root is the whole <body>: it found no content block. */
  ownIsBody: boolean;
  /** Our root holds an article's body (long paragraphs): extra text beside it is menus and link boxes. */
  ownIsArticle: boolean;
  /** Our root holds linked cards (linked-cards.ts), read where the policy asks (`listing-text-share` 'if-linked-cards'). */
  ownHasLinkedCards: boolean;
  /** Our root on a declared listing is a run of like item blocks. */
  ownHasItems: boolean;
  /** The page declares an article at an address naming no story (page signs were read). */
  atNoStoryAddress: boolean;
  /**
   * A link post: comment blocks and no story beside them (comments.ts hasStoryBesideComments). Its comments are
   * the page, so Readability's pick, one comment, is weighed as a thread's pick is (READABILITY_MIN_SHARE.forum,
   * where the kind's share is lower). A lobste.rs thread read at its real address as an article kept its longest
   * comment alone (WCXB 0575, 1,666 of 4,163 characters of prose: 0.48 -> 0.89); no other output of WCXB dev,
   * scrapinghub, the unseen halves or trafilatura's set changed at their recorded addresses (nor of WCXB dev
   * and scrapinghub at their own).
   */
  linkPost: boolean;
  pageUrl: string;
  /** Characters of text in Readability's pick; null when it picked nothing. */
  readabilityLength: number | null;
  /** Characters of the pick's text outside links, read where the policy weighs the pick by its prose (`pick-prose`); else null. */
  readabilityProse: number | null;
  /** Sentences in our root and in the pick (sentences.ts), read where the policy weighs them (`sentence-share`); else null. */
  sentences: { own: number; pick: number } | null;
}

type ShareName =
  | 'READABILITY_MIN_SHARE'
  | 'BODY_ROOT_MIN_SHARE'
  | 'LANDING_MIN_SHARE'
  | 'LANDING_MIN_TEXT_SHARE'
  | 'LISTING_MIN_TEXT_SHARE'
  | 'LISTING_ITEMS_MIN_TEXT_SHARE'
  | 'PROSELESS_MIN_TEXT_SHARE'
  | 'SENTENCE_MIN_SHARE';

export interface OwnRootTest {
  name: 'prose-share' | 'landing-text-share' | 'listing-text-share' | 'listing-items-share' | 'proseless-text-share' | 'sentence-share';
  /** Whether the test is asked on this page. */
  applies(facts: RootFacts): boolean;
  /** The share Readability's pick must reach, and its name in THRESHOLDS (READABILITY_MIN_SHARE is by kind: `kind`'s). */
  share(facts: RootFacts): { name: ShareName; value: number; kind?: RootKind };
  /** Of our root's prose (text outside links), its whole text, or its sentences. */
  of: 'prose' | 'text' | 'sentences';
}

const readabilityShare = (kind: RootKind) => ({ name: 'READABILITY_MIN_SHARE', value: THRESHOLDS.READABILITY_MIN_SHARE[kind], kind }) as const;
const wholeBody = (facts: RootFacts): boolean => facts.passes['whole-body-fallback'] && facts.ownIsBody;
const landing = (facts: RootFacts): boolean => facts.passes['landing-share'] && facts.atNoStoryAddress;
const listingTextShareAsked = (facts: RootFacts): boolean =>
  facts.passes['listing-text-share'] === true || (facts.passes['listing-text-share'] === 'if-linked-cards' && facts.ownHasLinkedCards);

/** In order; each names the THRESHOLDS entry it applies. */
export const OWN_ROOT_TESTS: readonly OwnRootTest[] = [
  {
    name: 'prose-share',
    applies: () => true,
    share: (facts) =>
      wholeBody(facts)
        ? { name: 'BODY_ROOT_MIN_SHARE', value: THRESHOLDS.BODY_ROOT_MIN_SHARE }
        : landing(facts)
          ? { name: 'LANDING_MIN_SHARE', value: THRESHOLDS.LANDING_MIN_SHARE }
          : readabilityShare(facts.linkPost && THRESHOLDS.READABILITY_MIN_SHARE[facts.kind] < THRESHOLDS.READABILITY_MIN_SHARE.forum ? 'forum' : facts.kind),
    of: 'prose',
  },
  {
    // Not when our root is the whole <body> (menus count), mostly link text (a sidebar beside the topic)
    // or the address is a slug in a news or blog folder (a story whose root holds related boxes).
    name: 'landing-text-share',
    applies: (facts) =>
      landing(facts) &&
      !facts.ownIsBody &&
      facts.own.proseLength >= THRESHOLDS.LANDING_MIN_PROSE_SHARE * facts.own.textLength &&
      !looksLikeStoryInFolder(facts.pageUrl),
    share: () => ({ name: 'LANDING_MIN_TEXT_SHARE', value: THRESHOLDS.LANDING_MIN_TEXT_SHARE }),
    of: 'text',
  },
  {
    // Not when our root is the whole <body> where that falls back to BODY_ROOT_MIN_SHARE: its text is the menus'
    // as much as the content's (a mega menu of links over a short press release).
    name: 'listing-text-share',
    applies: (facts) => listingTextShareAsked(facts) && !facts.ownIsArticle && !wholeBody(facts),
    share: () => ({ name: 'LISTING_MIN_TEXT_SHARE', value: THRESHOLDS.LISTING_MIN_TEXT_SHARE }),
    of: 'text',
  },
  {
    name: 'listing-items-share',
    applies: (facts) => facts.ownHasItems && !facts.ownIsArticle,
    share: () => ({ name: 'LISTING_ITEMS_MIN_TEXT_SHARE', value: THRESHOLDS.LISTING_ITEMS_MIN_TEXT_SHARE }),
    of: 'text',
  },
  {
    name: 'proseless-text-share',
    applies: (facts) => !facts.ownIsBody && facts.own.proseLength < THRESHOLDS.REAL_PARAGRAPH,
    share: () => ({ name: 'PROSELESS_MIN_TEXT_SHARE', value: THRESHOLDS.PROSELESS_MIN_TEXT_SHARE }),
    of: 'text',
  },
  {
    // Characters weigh a list of names or specs as much as an article; sentences do not (SENTENCE_MIN_SHARE).
    name: 'sentence-share',
    applies: (facts) => facts.sentences !== null && facts.sentences.own >= THRESHOLDS.SENTENCE_SHARE_MIN_OWN,
    share: () => ({ name: 'SENTENCE_MIN_SHARE', value: THRESHOLDS.SENTENCE_MIN_SHARE }),
    of: 'sentences',
  },
];

/**
 * What `test` weighs of Readability's pick: its sentences against our root's, its prose where read
 * (`pick-prose`) against our root's prose, else its whole text.
 */
export function pickWeighed(test: OwnRootTest, facts: RootFacts): { amount: number; of: 'prose' | 'text' | 'sentences' } {
  if (test.of === 'sentences') return { amount: facts.sentences?.pick ?? 0, of: 'sentences' };
  if (test.of === 'prose' && facts.readabilityProse !== null) return { amount: facts.readabilityProse, of: 'prose' };
  return { amount: facts.readabilityLength ?? 0, of: 'text' };
}

/** What `test` weighs the pick against: our root's prose, its whole text or its sentences. */
export function ownWeighed(test: OwnRootTest, facts: RootFacts): number {
  if (test.of === 'sentences') return facts.sentences?.own ?? 0;
  return test.of === 'prose' ? facts.own.proseLength : facts.own.textLength;
}

/** Whether `test` makes our root win: Readability's pick holds less than its share. */
export function prefersOwnRoot(test: OwnRootTest, facts: RootFacts): boolean {
  if (!test.applies(facts)) return false;
  return pickWeighed(test, facts).amount < test.share(facts).value * ownWeighed(test, facts);
}

export interface RootChoice {
  facts: RootFacts;
  useOwn: boolean;
  /** What made our root win ('no-readability-pick' when Readability picked nothing); null when Readability's pick won. */
  decidedBy: OwnRootTest['name'] | 'no-readability-pick' | null;
}

export function chooseRoot(facts: RootFacts): RootChoice {
  if (facts.readabilityLength === null) return { facts, useOwn: true, decidedBy: 'no-readability-pick' };
  const winner = OWN_ROOT_TESTS.find((test) => prefersOwnRoot(test, facts));
  return { facts, useOwn: winner !== undefined, decidedBy: winner?.name ?? null };
}
