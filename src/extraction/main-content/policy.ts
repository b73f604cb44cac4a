/**
 * The main-content policy as data: which pass runs on which kind of page. One row a pass, one column a
 * page kind; rows run top to bottom in this order (findMainContent, boilerplate.ts and cleanup.ts walk
 * them so), and in the pass over class/id names (from 'embeds' to 'qa-comments') a block goes to the
 * first row that claims it. A cell is `false` (off), `true` (on) or a word saying how the pass runs
 * there. Each row's comment says what the pass removes and the evidence that put it there (commit,
 * measured figure). Every numeric knob is in THRESHOLDS (thresholds.ts).
 *
 * Declared kinds come from the page's own signals (page-kind.ts). Two kinds are derived once our root
 * is known: `repeated`, a page declaring nothing whose root is a run of like linked blocks, and `index`,
 * a page declaring an article on which several listing signs agree.
 */
import type { ChromeNameRule } from './chrome-names.js';
import type { PageKind, RootKind } from './kinds.js';

export type { RootKind } from './kinds.js';

export { THRESHOLDS } from './thresholds.js';
export type { PageKind } from './page-kind.js';


/** A row over the declared kinds; `const` keeps each cell's literal type. */
function byKind<const A, const U, const F, const P, const L>(article: A, unknown: U, forum: F, product: P, listing: L) {
  return { article, unknown, forum, product, listing };
}

/** A row over the declared and the derived kinds. */
function byRootKind<const A, const U, const F, const P, const L, const R, const I>(
  article: A,
  unknown: U,
  forum: F,
  product: P,
  listing: L,
  repeated: R,
  index: I,
) {
  return { article, unknown, forum, product, listing, repeated, index };
}

/** Passes before the root is chosen, by the page's declared kind. */
export const PASSES_BY_DECLARED_KIND = {
  //                               article       unknown           forum     product listing
  /** Reads pagination and <article> count before chrome removal, for the index test (only at addresses naming no story) (e6cc914). */
  'page-signs':             byKind(true,         false,            false,    false,  false),
  /** Re-parses markup a bogus <![CDATA[ swallowed (XenForo), unwraps <noscript> content (Discourse) and nested <html>/<body>; drops a noscript that repeats the story (320360e, f9eee89). */
  'repair-parsing':         byKind(true,         true,             true,     true,   true),
  /**
   * The page's one microdata article (holding the title) bounds the content: other stories' teasers go (818926f: scrapinghub 0.975 -> 0.977);
   * of several, one with ARTICLE_SCOPE_DOMINANCE times the text of each other (a story among typed teasers: scrapinghub 0.951 -> 0.953 precision);
   * without microdata, the same among several bare <article>s, the story holding the H1 (WCXB dev +0.0002).
   */
  'article-scope':          byKind(true,         false,            false,    false,  false),
  /** Scripts, styles, media widgets and form controls: never content, their labels read "Add to cart", "Search" (320360e). */
  'junk-tags':              byKind(true,         true,             true,     true,   true),
  /** Modal dialogs (policy pop-ups, size guides) whatever their prose, unless they hold the title (6458787: WCXB 0.840 -> 0.846); overlays that open with a close button (WCXB 0.8909 -> 0.8912). */
  'modals':                 byKind(true,         true,             true,     true,   true),
  /** Hidden <pre> copies of the story (raw markdown for crawlers), spared otherwise as half the page's text (f9eee89). */
  'hidden-text-copies':     byKind(true,         true,             false,    false,  false),
  /**
   * Keeps and shows collapsed accordion/tab panels (FAQ answers, product details) that hiding would drop, by name, role or a button's
   * aria-controls (ae9ee57; 73b121f: product .680 -> .689); on listings, a category page's buying guide (WCXB collection .713 -> .727,
   * dev 0.8835 -> 0.8846, 11 pages, 10 of them one shop's). Not on threads: the one change there was a notification-settings panel.
   */
  'collapsed-panels':       byKind(true,         true,             false,    true,   true),
  /** nav/aside/footer landmarks, chrome roles and hidden elements, unless they hold much of the page or prose (320360e). */
  'landmarks':              byKind(true,         true,             true,     true,   true),
  /** The page's own footer (outside article/main) whatever its prose or share: legal notes, company blurb (23aa601: WCXB 0.869 -> 0.870, service .839 -> .845). */
  'site-footer':            byKind(true,         true,             true,     true,   true),
  /** Elements styled display:none / visibility:hidden, with the same guards as landmarks (320360e). */
  'hidden-style':           byKind(true,         true,             true,     true,   true),
  /** Embedded posts (tweets, Instagram) lose the class names that read as share bars (acc2940: scrapinghub 0.973 -> 0.975). */
  'embeds':                 byKind(true,         true,             true,     true,   true),
  /** Blocks whose class/id names them chrome (menus, cookie banners, share bars, ads...: chrome-names.ts) (320360e). */
  'chrome-names':           byKind(true,         true,             true,     true,   true),
  /** Blocks named as rails of other stories ("trending", "most-read": chrome-names.ts) beside a story (scrapinghub 0.9718 -> 0.9722); on a hub or a thread such a list is the page. */
  'story-rails':            byKind(true,         false,            false,    false,  false),
  /** Spares a "pagination" block holding several item headings: an infinite-scroll grid, not a pager (776b3bf: collection .675 -> .684). */
  'paged-grids':            byKind(true,         true,             true,     true,   true),
  /**
   * Reader comments; on undeclared pages everywhere but at a thread's own address (comments.ts atThreadAddress);
   * never under a link post with no story of its own (comments.ts).
   */
  'comments':               byKind('always',     'unless-thread',  false,    false,  false),
  /**
   * The writer's photo-name-biography box under a story (50bf725). Also on declared listings: a "best of" list typed
   * as a collection still ends on its writer's box (move.org's movers, a Housecall Pro guide: WCXB 0054 0.875 -> 0.885,
   * 0111 0.970 -> 0.985, none down), while a real listing has none. Not on threads (a poster's card is post-chrome)
   * nor products.
   */
  'author-boxes':           byKind(true,         true,             false,    false,  true),
  /** Customer reviews and ratings (by name here, by schema.org itemprop after the buy forms): opinions, not the description (e6cc914: scrapinghub 0.971 -> 0.973 with the index test). */
  'reviews':                byKind(false,        false,            false,    true,   false),
  /** Blocks named disclaimer/legal whatever their prose (b0d0a9d: product .665 -> .680, service .835 -> .845). */
  'fine-print':             byKind(true,         true,             true,     true,   true),
  /** Filter, facet and sort panels beside a grid; articles have none worth the risk (05c1a56: WCXB listing 0.664 -> 0.681). */
  'facets':                 byKind(false,        true,             false,    true,   true),
  /** Poster cards, signatures, tool rows and reply forms of each post; on undeclared pages only when repeated on 3+ posts (1bc769a, e4b7b0a, e9903c6). */
  'post-chrome':            byKind(false,        'if-repeated',    'always', false,  false),
  /** Comment threads under a Q&A question or answer: asides, not answers (1bc769a). */
  'qa-comments':            byKind(false,        true,             true,     false,  false),
  /** Cart forms (variant pickers, quantity, "Add to cart") around a product (776b3bf). */
  'buy-forms':              byKind(false,        false,            false,    true,   false),
  /** Forms with a visible control and no real paragraph: search, sort bars, sign-ups (9cc6eba: listing .718 -> .726). */
  'control-forms':          byKind(true,         true,             true,     true,   true),
  /** A page-level <header> (logo, menu, search) outside article/main (320360e). */
  'site-headers':           byKind(true,         true,             true,     true,   true),
  /** Blocks that are mostly rel="tag" links, label included: tag and category lists whatever their names (tag-lists.ts: scrapinghub 0.968 -> 0.969). */
  'tag-lists':              byKind(true,         true,             true,     true,   true),
  /** Runs of short linked tiles around one product ("Customers also bought") (722a02c: scrapinghub 0.969 -> 0.971; 3f48f5e). */
  'card-grids':             byKind(false,        false,            false,    true,   false),
  /** Blocks led by "You may also like", "Similar items"... around one product (3f48f5e: WCXB product 0.631 -> 0.658). */
  'recommendation-widgets': byKind(false,        false,            false,    true,   false),
  /**
   * Whether our root is a run of like linked blocks, and what that means: one sign of an index (article),
   * the derived kind `repeated` (unknown), or that Readability must keep nearly all of it (listing) (8ee04d4, 776b3bf).
   */
  'run-of-items':           byKind('index-sign', 'makes-repeated', false,    false,  'items-share'),
  /** An article-declared page on which 3 of 4 listing signs agree is the derived kind `index` (e6cc914: WCXB 0.847 -> 0.849). */
  'index-page':             byKind(true,         false,            false,    false,  false),
};

/** Passes from the choice of root on, by the kind the root is judged as. */
export const PASSES_BY_ROOT_KIND = {
  //                                article             unknown             forum               product             listing repeated index
  /**
   * A root that is the whole <body> found no content block: Readability's pick needs only BODY_ROOT_MIN_SHARE of it (e6cc914).
   * On a product page too, where the pick must otherwise hold nearly all of our root's prose (READABILITY_MIN_SHARE.product),
   * so the whole page won with its store notices and menus: WCXB dev 0.89388 -> 0.89412, three sites' pages up (lenovo.com 3066
   * 0.85 -> 0.93, esafety.gov.au 2157 0.82 -> 0.94, lesraffineurs.com 0609 0.74 -> 0.91), none down; scrapinghub, both
   * unseen halves and trafilatura's set: every output identical. Turned on for the other kinds
   * as well, it moved no page of WCXB dev, scrapinghub or the unseen probe half.
   */
  'whole-body-fallback': byRootKind(false,              true,               false,              true,               false,  false,   false),
  /**
   * Readability's pick is weighed by its prose (text outside links) against our root's prose, not by its whole text
   * (root-choice.ts): in a thread its link text is names, avatars and reply buttons that the cleanup removes after the
   * choice (WCXB 0549: a 7,061-character pick won against 0.8 x 8,623 of our prose and came out at 4,172). WCXB dev
   * 0.89248 -> 0.89253, 3 forum pages up (0549 0.84 -> 0.89, 4312 0.84 -> 0.87, 0518), none down; on every kind it
   * moved 45 pages each way about evenly (23 up, 22 down: articles whose pick sat at the threshold).
   */
  'pick-prose':          byRootKind(false,              false,              true,               false,              false,  false,   false),
  /** At an address naming no story, Readability's pick is weighed by LANDING_* shares (35b6f1f, 302f11a: WCXB 0.866 -> 0.867). */
  'landing-share':       byRootKind(true,               false,              false,              false,              false,  false,   false),
  /**
   * Readability's pick must hold LISTING_MIN_TEXT_SHARE of our root's whole text: items are links (05c1a56: WCXB listing 0.664 -> 0.681).
   * On a page declaring nothing, only where our root holds linked cards (linked-cards.ts): a hub of cards under a short intro
   * left Readability the intro (docs.stripe.com's "Get started" page, unseen probe 5390 0.55 -> 0.83: 573 of our root's 2,361
   * characters). Asked without the cards, it let a short blog post's container win with its sidebars' link lists (category
   * names, blogrolls, recent posts in columns named "beta", "middle", "pageBody") where Readability's pick is the post:
   * Dragnet's pages 0.87959 -> 0.88415 with the cards (13 up, none down; a TypePad blog R60 0.39 -> 0.98, a news blog R716 0.31 -> 0.92).
   * WCXB dev, scrapinghub, the unseen final half and trafilatura's set: unchanged either way.
   * Not where the whole-body fallback judges a whole-<body> root (root-choice.ts): there menus count in its text. A shop's
   * home page above its featured products would come up with it (WCXB dev 4369 0.57 -> 0.92), but so would a mega menu of
   * links over a ministry's short press release (bmas.de, text-stats.test.ts).
   */
  'listing-text-share':  byRootKind(false,              'if-linked-cards',  false,              false,              true,   true,    false),
  /** Readability's pick must hold SENTENCE_MIN_SHARE of our root's sentences (root-choice.ts); on a run of items or an index sentences are incidental (4264). */
  'sentence-share':      byRootKind(true,               true,               true,               true,               true,   false,   false),
  /**
   * One copy of a block rendered twice (per screen size); in an article only long containers (3f48f5e, 26b377a: WCXB 0.862 -> 0.863, f9eee89);
   * in a thread, a reply's quote of a post already shown (WCXB forum .796 -> .815, dev 0.8819 -> 0.8831, every fold up), and a line
   * repeated over every post however many posts repeat it ('threads': duplicate-blocks.ts DuplicateScope, dev 0.89725 -> 0.89745);
   * there also a quote of part of a post the thread shows, with the quoter's own line breaks (quoted-posts.ts: dev 0.89840 -> 0.89853,
   * unseen final 0.92284 -> 0.92433).
   */
  'duplicates':          byRootKind('long-containers',  'any-block',        'threads',          'any-block',        false,  false,   false),
  /**
   * Template filler ("Lorem ipsum dolor sit amet…", a phrase over and over) unless it is most of the page (placeholder-text.ts:
   * WCXB dev +0.00038, 0285 0.30 -> 0.74, 0587 0.68 -> 0.81; the repeated phrase +0.00010).
   */
  'placeholder-text':    byRootKind(true,               true,               true,               true,               true,   true,    true),
  /** An image file's address standing as text, outside code: a leaked data field, not words (image-addresses.ts: WCXB 0604 0.08 -> 0.20). */
  'image-addresses':     byRootKind(true,               true,               true,               true,               true,   true,    true),
  /** A script's data literal written out as text, outside code, unless it is most of the content (parked-data.ts: WCXB 0715 0.86 -> 0.92). */
  'parked-data':         byRootKind(true,               true,               true,               true,               true,   true,    true),
  /** A block of two or more links to nowhere (`#`, `javascript:`) and nothing else: a script's control, a star picker (script-links.ts: WCXB dev +0.00018, 2908 0.46 -> 0.65). */
  'script-links':        byRootKind(true,               true,               true,               true,               true,   true,    true),
  /** Avatars drawn as a poster's initials ("B", "SB"): a picture, not words (avatar-initials.ts: unseen probe +0.0005, final +0.00014). */
  'avatar-initials':     byRootKind(true,               true,               true,               true,               true,   true,    true),
  /** Blocks Readability's cleaning dropped between blocks it kept, put back from our root when they read as prose (readability-holes.ts). */
  'readability-holes':   byRootKind(true,               true,               true,               true,               true,   true,    true),
  /** A landing page's hero lines under its <h1>, put back before Readability's pick (readability-holes.ts restoreHeroLines), at addresses naming no story. */
  'hero-lines':          byRootKind(false,              true,               false,              false,              false,  true,    false),
  /** A listing's item titles Readability's cleaning dropped while keeping the rest of each item, put back (listing-titles.ts). */
  'item-titles':         byRootKind(false,              false,              false,              false,              true,   true,    true),
  /**
   * Teasers of other stories ending the content after a story, at an address naming one: a run of like blocks, each a title
   * linking to another page of the site over an excerpt (story-teasers.ts). WCXB dev 0.89621 -> 0.8965 (3 up, none down;
   * 0331 0.71 -> 0.93); scrapinghub +0.00001; trafilatura's set 0.9272 -> 0.9275. On product pages a shop's own cards went (0605).
   */
  'story-teasers':       byRootKind(true,               true,               false,              false,              false,  false,   false),
  /** Hover cards inside a sentence (a photo and links about a name, hidden by a stylesheet) (hover-cards.ts: scrapinghub 0.969 -> 0.970). */
  'hover-cards':         byRootKind(true,               true,               true,               true,               true,   true,    true),
  /** Image captions and credits, unless the "caption" holds a heading (a card's text), numbers a figure the text refers to ("Figure 3. …") or holds the page's declared description (320360e, 776b3bf). */
  'captions':            byRootKind(true,               true,               true,               true,               true,   true,    true),
  /**
   * Short bylines, dates and article tool rows named so in class/id, and <time> (320360e). On a run of items ('sparing-descriptions':
   * listing, repeated, index) an item's "meta" block that is one sentence is its description (cleanup.ts isItemDescription).
   */
  'metadata-lines':      byRootKind(true,               true,               true,               true,               'sparing-descriptions', 'sparing-descriptions', 'sparing-descriptions'),
  /** Lines that are page furniture: photo credits, copyright, author bios, newsletter pitches, widget labels (8ee04d4, 722a02c, acc2940: scrapinghub 0.973 -> 0.975). */
  'furniture':           byRootKind(true,               true,               true,               true,               true,   true,    true),
  /** Datelines and bylines, unless LISTING_MIN_STAMPS recur (a listing's entries) (8ee04d4). */
  'stamps':              byRootKind(true,               true,               true,               true,               true,   true,    true),
  /** "Related: ..." lines and link-only paragraphs, in Readability's pick of a page that is no listing (8ee04d4); not a run of post titles over their summaries (teaser-titles.ts) nor a roundup item's name beside its picture (picture-names.ts) nor a list item's whole entry (teaser-titles.ts isWholeListEntry). */
  'link-pointers':       byRootKind('readability-pick', 'readability-pick', 'readability-pick', 'readability-pick', false,  false,   'readability-pick'),
  /** Short link labels repeated on an article ("Share", "Read more"), in Readability's pick (8ee04d4). */
  'repeated-labels':     byRootKind('readability-pick', false,              false,              false,              false,  false,   false),
  /** Link lists ("Related stories") in Readability's pick of a page that is no listing, unless they are most of it (320360e; 5f751ca: WCXB 0.851 -> 0.853) or lead off the site or to documents (off-site-links.ts), also a paragraph of links one per line. */
  'link-lists':          byRootKind('readability-pick', 'readability-pick', 'readability-pick', 'readability-pick', false,  false,   'readability-pick'),
  /**
   * Blocks the learned scorer finds unlikely to be content (learned/: block-model.json, `npm run train:blocks`),
   * except on a listing, whose short link items are its content. Held out on WCXB dev by the kind judged
   * (`train:blocks`, 1ce8579): forum 0.820 -> 0.826, product 0.734 -> 0.744, repeated 0.818 -> 0.822,
   * unknown 0.885 -> 0.886, article 0.947 (unchanged), index 0.829 -> 0.825 (4 pages); listing 0.724 -> 0.720,
   * so off. All dev 0.8718 -> 0.8742.
   */
  'learned-blocks':      byRootKind(true,               true,               true,               true,               false,  true,    true),
  /**
   * A post's "Reply" control and "Thread starter" badge on a line of its own, after the learned pass (post-actions.ts: WCXB
   * dev +0.00002, 10 pages up, none down). Not on a listing, a run of items or an index, where "1 reply" counts a topic's answers (an unseen
   * forum index, 5134, whose truth keeps the count). On a thread also the posts' numbers ("#3"; unseen probe +0.0004, final +0.0001).
   */
  'post-actions':        byRootKind(true,               true,               'with-post-numbers', true,              false,  false,   false),
};

type DeclaredRows = typeof PASSES_BY_DECLARED_KIND;
type RootRows = typeof PASSES_BY_ROOT_KIND;

/** Every named rule: a row of either table, or a group of chrome words (chrome-names.ts) under the 'chrome-names' row. */
export type RuleName = keyof DeclaredRows | keyof RootRows | ChromeNameRule;

/** One column of the declared-kind rows: how each pass runs on a page of one kind. */
export type DeclaredPasses = { readonly [Row in keyof DeclaredRows]: DeclaredRows[Row][PageKind] };
/** One column of the root-kind rows. */
export type RootPasses = { readonly [Row in keyof RootRows]: RootRows[Row][RootKind] };

function column<Rows extends Record<string, Record<Kind, unknown>>, Kind extends string>(rows: Rows, kind: Kind) {
  const out: Record<string, unknown> = {};
  for (const [row, cells] of Object.entries(rows)) out[row] = cells[kind];
  return out as { [Row in keyof Rows]: Rows[Row][Kind] };
}

const DECLARED_COLUMNS = new Map<PageKind, DeclaredPasses>();
const ROOT_COLUMNS = new Map<RootKind, RootPasses>();

export function passesFor(kind: PageKind): DeclaredPasses {
  let passes = DECLARED_COLUMNS.get(kind);
  if (!passes) DECLARED_COLUMNS.set(kind, (passes = column(PASSES_BY_DECLARED_KIND, kind)));
  return passes;
}

export function rootPassesFor(kind: RootKind): RootPasses {
  let passes = ROOT_COLUMNS.get(kind);
  if (!passes) ROOT_COLUMNS.set(kind, (passes = column(PASSES_BY_ROOT_KIND, kind)));
  return passes;
}
