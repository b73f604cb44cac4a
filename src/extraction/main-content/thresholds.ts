/**
 * Every numeric knob of main-content, named once, each with the reason for its value. Lengths are
 * characters of text with whitespace runs counted as one; shares are of the text (or prose, text
 * outside links) named beside them. Knobs that look alike but measure different things keep their own
 * names; the ones merged here were the same concept with the same value in several files.
 */
import type { RootKind } from './kinds.js';

export const THRESHOLDS = {
  // --- Which root wins: Readability's pick or our own (root-choice.ts) ---

  /**
   * Readability's pick must hold this share of our root's prose, by page kind: it keeps one best node,
   * right for articles and too little for threads, shops and listings.
   */
  READABILITY_MIN_SHARE: {
    /** A fifth, not less: CMSs stamp og:type=article on service pages too, where Readability keeps the intro box (2fce135: a tenth -> a fifth, WCXB article .947 -> .949, service .818 -> .822). */
    article: 0.2,
    /** Service and landing pages declare nothing and Readability keeps their first sections (35b6f1f: 0.6 -> 0.65, WCXB 0.860 -> 0.862 with LANDING_MIN_SHARE). */
    unknown: 0.65,
    /** A thread is many posts of equal weight; Readability keeps one. */
    forum: 0.8,
    /**
     * Title, price, description and specs sit in separate boxes: Readability must find nearly all of our root's prose.
     * Not all of it: a pick missing one short line (a SKU, a stock note) lost to a root holding the store's menus and
     * offers (WCXB dev 2894: 5,654 of 5,684 characters; 3017: 584 of 610). 1 -> 0.95: WCXB dev 0.89412 -> 0.89477,
     * 12 pages up and 6 down, every fold but the first up (one page, 4061 0.28 -> 0.99, is +0.00047 of it: a shop's
     * category whose truth keeps its description without its grid); unseen probe 0.92615 -> 0.92617, trafilatura's
     * set 0.9265 -> 0.9267, scrapinghub and the unseen final half identical. 0.9 and 0.8 moved more pages down.
     */
    product: 0.95,
    /** A listing is many like items; Readability keeps one block of them. */
    listing: 0.8,
    /** A run of like linked blocks (listingRun): at 90% Readability found the same content, usually cleaner. */
    repeated: 0.9,
    /** Several listing signs agree (looksLikeIndexPage): always our root, Readability keeps one teaser (e6cc914). */
    index: Infinity,
  } satisfies Record<RootKind, number>,
  /** Our root is the whole <body> on a page declaring nothing (it found no content block): Readability's pick with half its prose is the better bet (e6cc914). */
  BODY_ROOT_MIN_SHARE: 0.5,
  /** og:type=article on an address naming no story is a CMS default on a service page of several sections, of which Readability keeps one (35b6f1f). */
  LANDING_MIN_SHARE: 0.5,
  /** On such an address a pick with less of our root's whole text (links too) kept an intro or a few items of a topic page (302f11a: WCXB 0.866 -> 0.867, listing .718 -> .730). */
  LANDING_MIN_TEXT_SHARE: 0.6,
  /** ...only when our root is mostly prose: a root of link text holds a sidebar beside the topic Readability rightly kept (302f11a). */
  LANDING_MIN_PROSE_SHARE: 0.5,
  /** Listing items are links, so prose undercounts a listing: a pick with less of our root's whole text kept one block of items (05c1a56: WCXB listing 0.664 -> 0.681). */
  LISTING_MIN_TEXT_SHARE: 0.3,
  /** A declared listing whose root is a run of like item blocks: a pick with less of it kept a category blurb, not the grid (776b3bf: collection .675 -> .684). */
  LISTING_ITEMS_MIN_TEXT_SHARE: 0.9,
  /**
   * When our root holds not even a REAL_PARAGRAPH of prose, prose shares measure nothing (75 characters
   * against 55): a pick with less than this share of our root's whole text kept a line beside the grid (a
   * shelter's pets, outside the shared sets: 0.08 -> 0.98; WCXB dev one page up, 4271 0.10 -> 0.15).
   */
  PROSELESS_MIN_TEXT_SHARE: 0.5,
  /**
   * Readability's pick must hold this share of our root's sentences (sentences.ts), where our root holds at
   * least SENTENCE_SHARE_MIN_OWN of them: a pick with fewer is a list, a table or a block of names beside the
   * article. Harper's "A Letter on Justice and Open Debate" (trafilatura's set): Readability picked the table
   * cell of 150 signatories, long and full of commas, over the letter beside it (0 -> 3 of 3 marked lines); a
   * Daily Mail story the same (0 -> 3, and three lines it should leave out). WCXB dev 0.89314 -> 0.89342
   * (0226 0.63 -> 1.00, 4531 0.95 -> 1.00, none down), trafilatura's set 0.9233 -> 0.9238, one unseen final
   * page 0.09 -> 0.93, scrapinghub and the unseen probe unchanged. At 0.5 an article among teaser paragraphs
   * lost its pick (scrapinghub aade2ec8 0.98 -> 0.57); counting long <p>s instead of sentences missed an
   * abstract in a <blockquote> and posts split into lines by <br> (WCXB 0380 0.91 -> 0.63, 0525 0.89 -> 0.74).
   */
  SENTENCE_MIN_SHARE: 0.2,
  SENTENCE_SHARE_MIN_OWN: 5,

  // --- Our own root (own-candidate.ts) and Readability (readability.ts) ---

  /** A child holding this share of its parent's weighted text replaces the parent as our root (320360e). */
  DOMINANT_CHILD_SHARE: 0.8,
  /** Link text weighs this much less than prose in our root's choice: a menu of many links must not outweigh a paragraph. */
  LINK_TEXT_DISCOUNT: 0.7,
  /**
   * Readability's charThreshold: the least text it accepts as an article before retrying with looser rules.
   * 1: it retries only a pick with no text at all. Each retry parses the page again and walks it all; at
   * 200, 18% of WCXB dev pages retried (1–3 times), 35% of Readability's time, and a pick that short loses
   * to our own root anyway. At 200: WCXB dev 0.872 (folds 0.868 0.861 0.871 0.875 0.886), scrapinghub
   * 0.966; at 1: 0.872 (0.867 0.862 0.872 0.875 0.884), 0.966, metadata the same, 13% of pages retry.
   * No retries at all (0 in Readability's field, which its option reads as unset): 0.871, 0.964.
   */
  READABILITY_CHAR_THRESHOLD: 1,

  // --- Paragraphs ---

  /**
   * A <p> this long is a real paragraph (prose), not a label, a hint or a menu entry: it spares a
   * chrome-named block (with PROSE_BLOCK_MIN_TEXT) and a form holding it (control-forms).
   */
  REAL_PARAGRAPH: 100,
  /**
   * A facet panel's labels are shorter than this; a longer <p> makes the block an item or a blurb
   * (class="filter-active" on a card). Not REAL_PARAGRAPH: facet labels are tuned to 80 since 05c1a56.
   */
  FACET_LABEL_MAX_PARAGRAPH: 80,
  /** Real paragraphs adding up to this make a block prose whatever its class names say (320360e). */
  PROSE_BLOCK_MIN_TEXT: 600,
  /**
   * A <p> this long is an article's body, longer than an index's teaser (a summary of 100-200 characters):
   * not REAL_PARAGRAPH, which a teaser passes.
   */
  ARTICLE_BODY_PARAGRAPH: 200,
  /** An index holds at most this many ARTICLE_BODY_PARAGRAPHs; more are an article's body (e6cc914). */
  INDEX_MAX_BODY_PARAGRAPHS: 3,

  // --- Boilerplate (boilerplate.ts and its detectors) ---

  /** A chrome-named block holding more than this share of the page's text is a misnamed wrapper around the content (320360e). */
  CHROME_SPARED_SHARE: 0.35,
  /**
   * A related-stories block holding more than this share of what is left of the page, with no prose in it, is the
   * page's own grid (boilerplate.ts isPagesOwnList): 0.4 and 0.5 read the same on WCXB dev, 0.3 took a
   * magazine's rail of teasers as well (4526 0.98 -> 0.78), 0.8 found neither page.
   */
  RELATED_LIST_PAGE_SHARE: 0.5,
  /**
   * A block with more than this share of its text in links is links, not prose: a mega-menu is not spared as a
   * misnamed wrapper (0.4-0.6 measure the same), a run of tag links is a tag list (0.4-0.8 the same).
   */
  MOSTLY_LINKS_SHARE: 0.5,
  /**
   * A skip-link wrapper ("Skip to content", "Skip to search") holds at most this much text; a longer block named
   * so is the links' target, the content (`<div id="skip-to-content">` around a product grid, 0656).
   */
  SKIP_LINKS_MAX_TEXT: 200,
  /** An article marker (microdata article, articleBody, hentry) with less text is a shell: a typed header, a modal's frame, a teaser's wrapper. */
  ARTICLE_MARKER_MIN_TEXT: 200,
  /** Of several microdata articles, the story holds at least this many times the text of each other (article-scope.ts): the rest are its teasers. */
  ARTICLE_SCOPE_DOMINANCE: 3,
  /**
   * Outside its comment blocks, a story with less text than this and no REAL_PARAGRAPH is a link post
   * (lobste.rs, Hacker News): its comments are the page's content, not boilerplate under an article.
   */
  STORY_MIN_TEXT: 500,
  /** Poster cards or signatures on this many posts make a page declaring nothing a thread (e9903c6). */
  POST_CHROME_MIN_REPEATS: 3,
  /** An author box longer than this is a misnamed wrapper (around the article or a list of writers) (50bf725). */
  AUTHOR_BOX_MAX_TEXT: 1200,
  /** ...or when it holds more than this share of the page's text. */
  AUTHOR_BOX_MAX_SHARE: 0.2,
  /** A block named only "author" is an author box when it holds a paragraph this long (its biography) and a face or author link. */
  AUTHOR_BIO_MIN_TEXT: 100,
  /** A filter panel holding more than this share of the page's text is the grid itself (id="filter_results") (05c1a56). */
  FACET_MAX_SHARE: 0.3,

  // --- Parsing repairs (repair.ts) ---

  /** A bogus `<![CDATA[` comment this long swallowed markup worth re-parsing (XenForo forums, 320360e). */
  SWALLOWED_CDATA_MIN_LENGTH: 200,
  /** A <noscript> with this much text holds the page's real markup (Discourse, 320360e); less is a "enable JavaScript" note. */
  NOSCRIPT_MIN_TEXT: 200,
  /** Enough of a noscript's text to tell whether the page renders the same text elsewhere (f9eee89). */
  NOSCRIPT_COPY_SAMPLE: 120,

  // --- Runs of like blocks: listings, tiles, grids ---

  /** Fewer like blocks than this read as a pair of links or a previous/next pair, not a run of items (listing, tile grid, paged grid). */
  RUN_MIN_ITEMS: 4,
  /** A link ending a sentence of this many words is a card, a title over a description (linked-cards.ts); a blog's sidebar link is a title. */
  CARD_MIN_WORDS: 6,
  /** A run of like linked blocks holding this share of our root's text makes the root a listing (8ee04d4). */
  LISTING_RUN_MIN_SHARE: 0.5,
  /**
   * Tiles, a recommendation widget or link lists holding more than this share of the text are the
   * page's content (a category grid, a "List of ..." article), not a box beside it (722a02c, 5f751ca).
   */
  CONTENT_MIN_SHARE: 0.5,
  /** A tile is a name, a price and a button label; a description paragraph is longer (722a02c). */
  TILE_MAX_TEXT: 200,
  /** A tile's name is its link: at least this share of its text; a feature card whose only link is "Learn more" is prose. */
  TILE_MIN_LINK_SHARE: 0.25,
  /** Widget headings are short; a longer text is a sentence that merely uses the words (3f48f5e). */
  WIDGET_HEADING_MAX_TEXT: 80,
  /** ...and no shorter than this: a lone word is no heading. */
  WIDGET_HEADING_MIN_TEXT: 8,

  // --- Index pages declaring an article (listing-evidence.ts) ---

  /** Share of the root's text inside links above which it reads as teasers and menus (e6cc914). */
  INDEX_LINK_SHARE: 0.35,
  /** <article> elements on the page from which they read as an index's teasers. */
  INDEX_MIN_ARTICLES: 3,
  /** Signs that must agree, of four (repeated cards, pagination, <article>s, link share): no single one tells an index. */
  INDEX_MIN_SIGNS: 3,

  // --- Final trim of the chosen root (cleanup.ts, duplicate-blocks.ts) ---

  /** A byline or timestamp block (class "byline", "date", <time>) is at most this long; longer is content that merely carries the name. */
  METADATA_MAX_TEXT: 160,
  /** On a run of items, a "meta" block that is one sentence of at least this many words is the item's description (cleanup.ts isItemDescription): "All things abroad." */
  ITEM_DESCRIPTION_MIN_WORDS: 3,
  /** An author line naming this many people or more is a work's credit, kept as its entry's text (cleanup.ts isWorkCredit). */
  AUTHOR_LIST_MIN_NAMES: 3,
  /** Furniture lines (credits, datelines, labels) are at most this long. */
  FURNITURE_MAX_TEXT: 200,
  /** A caption ending in a credit "(Photo: ...)" may be this long. */
  CAPTION_MAX_TEXT: 400,
  /** A byline, a bare date or an agency credit is a short line: at most this long. */
  STAMP_MAX_TEXT: 100,
  /** A line repeating the page's own address may be this much longer than it (a scheme, "www.", a slash). */
  PAGE_ADDRESS_SLACK: 16,
  /** Dates and bylines on this many items belong to a listing's entries, not furniture (8ee04d4). */
  LISTING_MIN_STAMPS: 3,
  /** A "Related: ..." label is followed by a link holding at least this share of the line. */
  LINK_POINTER_MIN_DENSITY: 0.4,
  /** A paragraph with this share of its text in one link is a pointer elsewhere. */
  LINK_PARAGRAPH_MIN_DENSITY: 0.95,
  /** Widget labels ("Whatsapp Facebook Pin", "Read more") are at most this long... */
  REPEATED_LABEL_MAX_TEXT: 60,
  /** ...at least this long (shorter is a symbol or a number)... */
  REPEATED_LABEL_MIN_TEXT: 4,
  /** ...repeated this often on the page... */
  REPEATED_LABEL_MIN_COUNT: 3,
  /** ...and mostly link text. */
  REPEATED_LABEL_MIN_LINK_DENSITY: 0.5,
  /** A hover card in a sentence (hover-cards.ts) holds an image and at least this many links... */
  HOVER_CARD_MIN_LINKS: 2,
  /** ...with at least this share of its text in them... */
  HOVER_CARD_MIN_LINK_DENSITY: 0.8,
  /** ...and the paragraph holds at least this much text outside it: a sentence, not a team's logo and name in a cell. */
  HOVER_CARD_MIN_SENTENCE_TEXT: 80,
  /** A list with this share of its text in links is a link list, not prose. */
  LINK_LIST_MIN_DENSITY: 0.8,
  /** ...and at least this many items: a one-item list is a lone link (a pointer, handled as one). */
  LINK_LIST_MIN_ITEMS: 2,
  /** ...and not one with more than this share of its links leading off the site or to files: the article's own list (off-site-links.ts). */
  OFF_SITE_LINK_SHARE: 0.5,
  /** A teaser of another story (story-teasers.ts) is at most this long, heading and excerpt together. */
  TEASER_MAX_TEXT: 1000,
  /** ...and its excerpt at least this long: a linked heading alone is a link list's item. */
  TEASER_MIN_EXCERPT: 40,
  /** ...in runs of at least this many like blocks. */
  TEASER_RUN_MIN_ITEMS: 3,
  /** A teaser's title is at least this long ("Read more" is a button)... */
  TEASER_MIN_TITLE: 10,
  /** ...and at least this share of it is its one link. */
  TEASER_TITLE_LINK_SHARE: 0.9,
  /** A heading over a run of teasers this short ("Related posts") goes with them. */
  TEASER_RUN_HEADING_MAX_TEXT: 80,
  /** A block copy shorter than this ("Add to cart", sizes, "Details") repeats legitimately (3f48f5e). */
  COPY_MIN_TEXT: 25,
  /** In an article only long containers are copies (a promo box, a second body); cells, quotes and legends repeat legitimately (f9eee89). */
  ARTICLE_COPY_MIN_TEXT: 200,
  /** Phones, desktops and a sticky bar make up to three copies; a text shown more often is a run of like items (a955545), except in a thread. */
  MAX_COPIES: 3,
  /**
   * Template filler ("Lorem ipsum…") making up this share of the content is what the page shows (a theme's demo, a
   * generator's output): it stays. A survey's landing page whose tabs were left filled with it holds 68% (WCXB 0285).
   */
  FILLER_PAGE_SHARE: 0.9,
  /**
   * A block that is one phrase of at most this many words said over and over is filler (placeholder-text.ts):
   * a marquee's "Book Now *" loop, a template's "word word word"...
   */
  FILLER_PHRASE_MAX_WORDS: 4,
  /** ...when the phrase comes this many times back to back: a chant in a quote ("Les Miserable!" three times) is prose. */
  FILLER_PHRASE_MIN_REPEATS: 6,
  /** A literal with this many quoted keys is a script's data, not an aside in braces (parked-data.ts). */
  PARKED_DATA_MIN_KEYS: 3,
  /** A thread's quote is read in runs of this many words (quoted-posts.ts)... */
  QUOTE_RUN_WORDS: 5,
  /** ...needs this many runs to be weighed (shorter quotes repeat a whole block or are a word or two)... */
  QUOTE_MIN_RUNS: 3,
  /** ...and is a copy of a post when this share of its runs stands in the thread outside every quote. */
  QUOTED_POST_SHARE: 0.8,
  /** Words of a disclosure button kept as its panel's label: "Can I use my own vet?", not "Menu" or "Show more" (collapsed-panels.ts). */
  DISCLOSURE_LABEL_MIN_WORDS: 4,
  /** A disclosure button's panel follows the button or the label block holding it (a heading), up to this much text (collapsed-panels.ts). */
  DISCLOSURE_LABEL_MAX_TEXT: 200,
  /** A truncated excerpt shows at least this much of the hidden whole text it stands for (truncated-excerpts.ts). */
  EXCERPT_MIN_TEXT: 40,
  /** A question a hidden answer sits under (collapsed-panels.ts answersQuestion) has at least this many words ("What is an ITIN?")... */
  QUESTION_MIN_WORDS: 3,
  /** ...and at most this many: a longer line ending in "?" is a run of labels (a search box's suggestions, a post's header). */
  QUESTION_MAX_WORDS: 20,
  /** The answer has at least this many words of its own: an empty or one-word hidden block is an icon or a toggle. */
  ANSWER_MIN_WORDS: 5,
  /** Blocks Readability kept that bound the stretch where its holes are looked for have at least this much text: a lone "1" or "Share" is no landmark (readability-holes.ts). */
  HOLE_ANCHOR_MIN_TEXT: 20,
  /** A hole put back holds a sentence of at least this many words (a list of names or dates is no prose)... */
  HOLE_SENTENCE_MIN_WORDS: 8,
  /** ...at least this much text... */
  HOLE_MIN_TEXT: 80,
  /**
   * ...and at most this share of it in links (a teaser box is links)... A manual's or a post's prose names the
   * pages it refers to ("(see Requirements file and conda.environment)", a list of free plans' addresses): 0.3 ->
   * 0.4 put those paragraphs back. WCXB dev 0.89896 -> 0.89901 (13 pages up, 8 down by 0.008 at most; folds
   * -0.00001 +0.00005 0 +0.00006 +0.00015; item titles are now restored before the holes, find-main-content.ts),
   * unseen probe 0.93369 -> 0.93389 (Read the Docs' 5454 0.94 -> 0.97), final 0.92472 -> 0.92512 (a woodworking
   * thread's first post 5095 0.84 -> 0.88, a scholarships list 5245 0.96 -> 0.99), scrapinghub identical. 0.35 and
   * 0.5 read lower on both unseen halves or on dev.
   */
  HOLE_MAX_LINK_SHARE: 0.4,
  /** ...and no title with this share of its text in a link (a heading, or a line over a description): a teaser's (fold 1 of WCXB dev -0.0001 without). */
  HOLE_TEASER_TITLE_LINK_SHARE: 0.5,
  /** Readability's pick is one section of an article when at least this many sections (a heading over a sentence) come before it in our root; one is a summary box (readability-holes.ts). */
  LEADING_SECTIONS_MIN: 2,
  /** Like sections of Readability's pick come back when they hold more prose than this share of the pick's text (readability-holes.ts). */
  LIKE_SECTIONS_MIN_GAIN: 1,
  /**
   * The paragraphs straight after the last block Readability kept come back when they hold more text than this
   * share of the pick (readability-holes.ts): then the pick was the article's lead. From 0.1 a plan's legal
   * notices under a shop page came back on WCXB dev (0344 0.99 -> 0.89); from 0.5 up nothing but the two
   * fragments of trafilatura's set changed.
   */
  CONTINUATION_MIN_SHARE: 1,
  /** Captions holding more than this share of the root's text are a gallery's content, not captions (cleanup.ts). */
  CAPTIONS_MAX_TEXT_SHARE: 0.7,
  /** A declared description this long spares the caption holding it as the page's own summary; a shorter one ("Sports news") would be found in any caption (declared-description.ts, cleanup.ts). */
  DECLARED_DESCRIPTION_MIN_TEXT: 50,
  /** A listing item's linked heading this long (without whitespace) is its title; a shorter one is a label ("New", "1") (listing-titles.ts). */
  ITEM_TITLE_MIN_CHARS: 8,
  /** An item's other text runs this long find it again in Readability's pick; a shorter one ("45", "by") is anywhere. */
  ITEM_PART_MIN_CHARS: 5,
  /** Readability's pick tore a listing's titles off when at least this share of its items lost theirs and kept other text (and RUN_MIN_ITEMS of them). */
  TORN_TITLES_MIN_SHARE: 0.5,
  /** A paragraph this long that ends a sentence is prose the learned block pass never removes (learned-blocks.ts). */
  LEARNED_KEEPS_PARAGRAPH_WORDS: 35,
} as const;
