import { describe, expect, it } from 'vitest';
import { chooseRoot, type RootFacts } from '../../../../src/extraction/main-content/root-choice.js';
import { rootPassesFor, type RootKind } from '../../../../src/extraction/main-content/policy.js';
import { holdsLinkedCards } from '../../../../src/extraction/main-content/linked-cards.js';
import { sentenceCount } from '../../../../src/extraction/main-content/sentences.js';
import { bodyOf, extract, extractProduct, OG_ARTICLE, paragraphs, runningShoeBlurb, runningShoeGrid } from './fixtures.js';

/**
 * The facts chooseRoot weighs on a page judged `kind` whose root is not the whole <body>: our root holds `prose`
 * characters outside links and `text` in all, Readability's pick `picked`; `rest` sets what a test varies besides.
 */
const rootFacts = (kind: RootKind, prose: number, text: number, picked: number, rest: Partial<RootFacts> = {}): RootFacts => ({
  kind,
  passes: rootPassesFor(kind),
  own: { root: bodyOf('<div></div>'), stats: new Map(), proseLength: prose, textLength: text },
  ownIsBody: false,
  ownIsArticle: false,
  ownHasLinkedCards: false,
  ownHasItems: false,
  atNoStoryAddress: false,
  linkPost: false,
  pageUrl: 'https://example.com/page',
  readabilityLength: picked,
  readabilityProse: null,
  sentences: null,
  ...rest,
});

/** A plan box: six features, none of which Readability scores. */
const planOffer = (n: number): string =>
  `<dl class="offer-${n}"><dt>Plan ${n}</dt>${[1, 2, 3, 4, 5, 6]
    .map((i) => `<dd>Plan ${n} feature ${i}: we plan, build and run this part of your project for you, end to end.</dd>`)
    .join('')}</dl>`;

const serviceOffer = (n: number, steps = 3): string =>
  `<dl class="offer-${n}"><dt>Service ${n}</dt>${[1, 2, 3]
    .slice(0, steps)
    .map((i) => `<dd>Service ${n} step ${i}: we assess, design and run this part of your security programme for you.</dd>`)
    .join('')}</dl>`;

const serviceIntro = `<p>We are a security consultancy. ${'Our team helps companies find and fix the weak points of their systems before attackers do. '.repeat(4)}</p>
  <p>${'We work with teams of every size, from start-ups to large public bodies, on cloud and on-premises systems. '.repeat(4)}</p>`;

/** A service page declaring an article: an intro box above groups of service boxes. */
function servicePage(address: string): string {
  const body = `<div class="wrap"><div class="col"><div class="intro">${serviceIntro}</div><p class="cta">Call us.</p></div>
    <div class="offers">${[1, 2, 3, 4].map((n) => serviceOffer(n)).join('')}</div><div class="more-offers">${[5, 6, 7].map((n) => serviceOffer(n)).join('')}</div></div>`;
  return extract(body, address, OG_ARTICLE);
}

const programmeIntro = `<p>Marathon programmes. ${'Among my most enjoyable activities is helping runners train for the marathon, from their first race on. '.repeat(4)}</p>
  <p>${'Many experienced runners stick with the novice programme because it fits well into their busy lives and jobs. '.repeat(4)}</p>`;

/** A programme teaser: its title is a link, so it weighs in the root's text but not in its prose. */
const plan = (n: number): string =>
  `<div class="plan"><h3><a href="/plan-${n}">Programme ${n} for runners of level ${n}</a></h3><p>Programme ${n} suits runners who already run three times a week and want more.</p></div>`;

/** A programmes page declaring an article: an intro above six programme teasers. */
function programmePage(address: string): string {
  const body = `<div class="wrap"><div class="intro">${programmeIntro}</div><div class="plans">${[1, 2, 3, 4, 5, 6].map(plan).join('')}</div></div>`;
  return extract(body, address, OG_ARTICLE);
}

describe('pages declaring og:type=article whose prose is one box among many', () => {
  it("uses our root when Readability's pick holds under a fifth of its prose", () => {
    // A service page: two intro paragraphs (Readability's pick) above two groups of plan boxes it does not score.
    const intro = `<p>We are a consulting studio. ${'Our team helps companies plan and ship digital products with care, and we have done so for many years. '.repeat(3)}</p>
      <p>${'We work with teams of every size, from start-ups to large public bodies, on web and mobile work. '.repeat(3)}</p>`;
    const body = `<div class="wrap"><div class="col"><div class="intro">${intro}</div><p class="cta">Call us.</p></div>
      <div class="offers">${[1, 2, 3, 4].map(planOffer).join('')}</div><div class="more-offers">${[5, 6, 7, 8].map(planOffer).join('')}</div></div>`;
    const text = extract(body, 'https://studio.example.com/services/', OG_ARTICLE);
    expect(text).toContain('We are a consulting studio');
    expect(text).toContain('Plan 7 feature 3');
  });
});

/**
 * Pages declaring an article at an address naming no story: our root wins there; the same page at a
 * story's address keeps Readability's pick (the intro, without the items below it).
 */
const LANDING_CASES = [
  {
    // A service page: the intro box (Readability's pick) above groups of service boxes it does not score.
    describe: 'og:type=article on an address that names no story',
    ownRootWins: "uses our root when Readability's pick holds under half its prose",
    pickStays: "keeps Readability's pick on a story's address",
    page: servicePage,
    landingAddress: 'https://secure.example.com/services/security-consulting/',
    storyAddress: 'https://secure.example.com/blog/2024/05/why-we-audit-cloud-systems-every-quarter/',
    intro: 'We are a security consultancy',
    item: 'Service 6 step 2',
  },
  {
    describe: "og:type=article on an address that names no story, Readability's pick against our root's whole text",
    ownRootWins: 'uses our root when the pick (the intro) holds over half its prose but under 60% of its text',
    pickStays: "keeps Readability's pick on a slug in a blog folder (a story)",
    page: programmePage,
    landingAddress: 'https://run.example.com/training/marathon-training/',
    storyAddress: 'https://run.example.com/blog/marathon-training-for-beginners/',
    intro: 'Among my most enjoyable activities',
    item: 'Programme 6 suits runners',
  },
];

for (const landing of LANDING_CASES) {
  describe(landing.describe, () => {
    it(landing.ownRootWins, () => {
      const text = landing.page(landing.landingAddress);
      expect(text).toContain(landing.intro);
      expect(text).toContain(landing.item);
    });

    it(landing.pickStays, () => {
      const text = landing.page(landing.storyAddress);
      expect(text).toContain(landing.intro);
      expect(text).not.toContain(landing.item);
    });
  });
}

describe('pages declaring nothing', () => {
  it("use our root when Readability's pick holds under 65% of its prose", () => {
    // Readability keeps the intro (about 64% of the prose) and drops the service boxes below it.
    const body = `<main><div class="col"><div class="intro">${serviceIntro}</div></div><div class="offers">${serviceOffer(1)}${serviceOffer(2, 2)}</div></main>`;
    const text = extract(body, 'https://secure.example.com/security-consulting');
    expect(text).toContain('We are a security consultancy');
    expect(text).toContain('Service 2 step 2');
  });
});

describe('a content root that is the whole <body>', () => {
  /** A menu without <nav> or a class name that boilerplate removal knows. */
  const menu = (name: string): string =>
    `<ul class="top">${Array.from({ length: 12 }, (_, i) => `<li>${name} entry ${i} with a label</li>`).join('')}</ul>`;

  it("falls back to Readability's pick on a page declaring nothing, dropping the menus our root kept", () => {
    // The menus hold ~40% of the text, so no child of <body> dominates and our root is the whole page.
    const body = `${menu('Upper')}<div class="wrap"><div class="story"><h1>Story</h1>${paragraphs('rivers', 6)}</div></div>${menu('Lower')}<div class="extra">${menu('Side')}</div>`;
    const text = extract(body, 'https://example.com/columnists/royal');
    expect(text).toContain('sentence 5 about rivers');
    expect(text).not.toContain('Upper entry 3');
  });

  it("falls back to Readability's pick on a product page too, where our root would otherwise need nearly all of its prose", () => {
    // The same menus around a product's description: on a product page Readability's pick must hold nearly all of
    // our root's prose (READABILITY_MIN_SHARE.product), but a root that is the whole <body> found no block at all.
    const body = `${menu('Upper')}<div class="wrap"><div class="description"><h1>Stoneware mug</h1>${paragraphs('glazes', 6)}</div></div>${menu('Lower')}<div class="extra">${menu('Side')}</div>`;
    const text = extractProduct(body);
    expect(text).toContain('sentence 5 about glazes');
    expect(text).not.toContain('Upper entry 3');
  });
});

describe('listing pages', () => {
  it("keeps the item grid when Readability's pick is the blurb beside it", () => {
    const text = extract(`<main>${runningShoeBlurb}${runningShoeGrid(24)}</main>`, 'https://shop.example/collections/running-shoes');
    expect(text).toContain('Trail Runner Model 0 ');
    expect(text).toContain('Trail Runner Model 23 ');
  });

  it("trusts Readability on a page of like blocks whose root holds an article's body", () => {
    const menu = '<div class="mega">' + Array.from({ length: 200 }, (_, i) => `<div class="col"><a href="/c/${i}">Category link number ${i} in the big menu</a></div>`).join('') + '</div>';
    const story = Array.from({ length: 6 }, (_, i) => `<p>${'Paragraph ' + i + ' of the story, long enough to be read as prose by any reader of this page. '.repeat(3)}</p>`).join('');
    const text = extract(`<div id="page"><div class="post"><h1>How mapping works</h1>${story}</div>${menu}</div>`, 'https://page.invalid/blog-post');
    expect(text).toContain('Paragraph 5 of the story');
    expect(text).not.toContain('Category link number 199');
  });
});

describe('listing grids beside a long category blurb', () => {
  it("uses our root when Readability's pick is the blurb and the root is mostly a run of items", () => {
    const sentence = 'Cast iron pans hold heat evenly, sear beautifully and last for generations when seasoned with care and a little oil. ';
    const blurb = `<div class="seo"><p>${sentence.repeat(5)}</p><p>${sentence.repeat(5)}</p></div>`;
    const tiles = Array.from(
      { length: 24 },
      (_, i) => `<div class="tile"><a href="/products/pan-${i}">Lodge Seasoned Cast Iron Skillet Model ${i} with Assist Handle</a><span>$29.90</span></div>`,
    ).join('');
    const text = extract(`<main><h1>Lodge</h1>${blurb}<div class="grid">${tiles}</div></main>`, 'https://shop.example/collections/lodge');
    expect(text).toContain('Skillet Model 0 ');
    expect(text).toContain('Skillet Model 23 ');
  });
});

describe('a root without a real paragraph of prose (root-choice.ts, proseless-text-share)', () => {
  /** The facts of an article-declared page (a shelter's list of pets). */
  const facts = (prose: number, text: number, picked: number): RootFacts =>
    rootFacts('article', prose, text, picked, { pageUrl: 'https://shelter.example.org/available-pets/' });

  it("uses our root when neither holds prose and Readability's pick is a sliver of its text (a shelter's grid of pets)", () => {
    // Our root: a grid of pet cards, 1,213 characters of names and breeds, 75 outside links; Readability kept a 55-character line.
    const choice = chooseRoot(facts(75, 1213, 55));
    expect(choice.useOwn).toBe(true);
    expect(choice.decidedBy).toBe('proseless-text-share');
  });

  it('leaves the choice to prose once our root holds a real paragraph, and to a pick holding half its text', () => {
    expect(chooseRoot(facts(600, 1213, 500)).useOwn).toBe(false);
    expect(chooseRoot(facts(75, 1213, 700)).useOwn).toBe(false);
  });
});

describe("a thread: Readability's pick weighed by its prose (root-choice.ts, policy row pick-prose)", () => {
  const sentence = (topic: string, n: number): string =>
    `Post ${n} about ${topic} is written long enough to read as real prose with several clauses and details.`;
  // Readability drops the replies (its "unlikely" class words name them) and keeps the first post with its links.
  const firstPost = `<div class="topic-first-post"><div class="post-header"><a href="/user/julian">Julian</a></div><div class="content">${[1, 2, 3, 4]
    .map((n) => `<p>${sentence('the release', n)} See <a href="/changelog/${n}">the full changelog of release candidate ${n} on our site</a>. ${sentence('federation', n)}</p>`)
    .join('')}</div></div>`;
  const reply = (n: number): string =>
    `<li class="reply"><div class="content"><p>${sentence('upgrading', n)} ${sentence('plugins', n)}</p></div></li>`;
  const thread = `<main><h1>RC1 of v4</h1>${firstPost}<ul class="replies">${[5, 6].map(reply).join('')}</ul></main>`;

  it('keeps the replies when the pick holds enough text only by counting its links', () => {
    // The pick: 1,060 characters, 844 outside links; our root: 1,255 of prose. Weighed by its whole text the pick won (0.8 x 1,255 = 1,004).
    const text = extract(thread, 'https://community.example.org/topic/18427/rc1-of-v4');
    expect(text).toContain('Post 1 about the release');
    expect(text).toContain('Post 5 about upgrading');
    expect(text).toContain('Post 6 about plugins');
  });
});

describe("a pick without the article's sentences (root-choice.ts, sentence-share)", () => {
  const paragraph = (n: number): string =>
    `<p>Paragraph ${n} of the letter argues its case. It gives a reason, then another one. Writers need room to disagree. Mistakes must be allowed.</p>`;
  /** An open letter, then its signatories in one table cell: long, full of commas, and no sentences. */
  const signatories = Array.from({ length: 60 }, (_, i) => `<strong>Signer Name${i} Surname</strong>, University of Somewhere ${i}<br>`).join('\n');
  const letter = (paragraphs: number): string =>
    `<article class="post"><h1>A Letter on Open Debate</h1><div class="letter">${Array.from({ length: paragraphs }, (_, i) => paragraph(i)).join('')}</div>` +
    `<table><tbody><tr><td>${signatories}</td></tr></tbody></table></article>`;

  it('counts the sentences of an article, not the lines of a long list of names', () => {
    expect(sentenceCount(bodyOf(letter(6)).querySelector('.letter')!)).toBe(18);
    expect(sentenceCount(bodyOf(letter(6)).querySelector('td')!)).toBe(0);
  });

  it('weighs sentences only where our root holds SENTENCE_SHARE_MIN_OWN of them, and not on a run of items', () => {
    const letter = (sentences: RootFacts['sentences']): RootFacts =>
      rootFacts('article', 4000, 4000, 3000, { ownIsArticle: true, pageUrl: 'https://magazine.example.org/a-letter-on-open-debate/', sentences });
    expect(chooseRoot(letter({ own: 30, pick: 2 }))).toMatchObject({ useOwn: true, decidedBy: 'sentence-share' });
    expect(chooseRoot(letter({ own: 30, pick: 10 })).useOwn).toBe(false);
    expect(chooseRoot(letter({ own: 4, pick: 0 })).useOwn).toBe(false);
    expect(rootPassesFor('repeated')['sentence-share']).toBe(false);
    expect(rootPassesFor('index')['sentence-share']).toBe(false);
  });
});

describe('a page declaring nothing whose root is mostly linked cards', () => {
  /** A docs hub's card: the whole card is one link, a title over a sentence. */
  const card = (n: number): string =>
    `<a class="card" href="/docs/topic-${n}"><h3>Topic ${n} guide</h3><p>Learn how topic ${n} works and when to use it in your integration.</p></a>`;
  /** Three cards under a heading: too few alike in any one block for a run of items (RUN_MIN_ITEMS), so the page stays `unknown`. */
  const group = (g: number): string => `<section class="group"><h2>Group ${g}</h2><div class="row">${[0, 1, 2].map((i) => card(g * 3 + i)).join('')}</div></section>`;
  const intro = `<p>${'Start here to accept payments online, in person or on a platform, and pick the guide that fits your business. '.repeat(2)}</p>`;

  it("uses our root when Readability's pick is the intro and under LISTING_MIN_TEXT_SHARE of its whole text", () => {
    // Readability keeps the intro: 241 of our root's 924 characters, though nearly all of its prose.
    const body = `<div class="shell"><div class="intro">${intro}</div>${[0, 1, 2].map(group).join('')}</div>`;
    const text = extract(body, 'https://docs.example.com/payments/get-started');
    expect(text).toContain('Start here to accept payments');
    expect(text).toContain('Topic 7 guide');
  });
});

describe("a short blog post beside its sidebars' link lists, declaring nothing", () => {
  // A TypePad blog of 2012 (Dragnet's R60): the post in one column, category names and a blogroll in another named
  // nothing a sidebar is. Our root holds both; its links name things, none holds a sentence, so they are not a hub's cards.
  const list = (name: string, count: number) =>
    `<div class="module"><h2 class="module-header">${name}</h2><ul>${Array.from({ length: count }, (_, i) => `<li><a href="/${name.toLowerCase()}/${i}">${name} item ${i}</a></li>`).join('')}</ul></div>`;
  const post = `<div id="alpha"><div class="entry"><h3 class="entry-header">Tonight on the show</h3><div class="entry-body">${paragraphs('the show', 2)}</div></div></div>`;
  const sidebar = `<div id="beta">${list('Categories', 40)}${list('Blogroll', 30)}</div>`;

  it("takes Readability's pick, the post, without the sidebars", () => {
    const text = extract(`<div id="container-inner">${post}${sidebar}</div>`, 'https://blog.example.com/tonight-on-the-show');
    expect(text).toContain('the show');
    expect(text).not.toContain('Blogroll item 12');
  });

  it('holds no linked cards, where a docs hub does', () => {
    expect(holdsLinkedCards(bodyOf(`<div id="container-inner">${post}${sidebar}</div>`))).toBe(false);
    const card = (n: number) => `<a href="/docs/${n}"><h3>Topic ${n}</h3><p>Learn how topic ${n} works and when to use it.</p></a>`;
    expect(holdsLinkedCards(bodyOf([0, 1, 2, 3].map(card).join('')))).toBe(true);
    expect(holdsLinkedCards(bodyOf([0, 1, 2].map(card).join('')))).toBe(false);
  });

  it("reads headlines ending in a question or exclamation mark as titles, not cards' sentences", () => {
    const headline = (n: number) => `<li><a href="/2012/08/post-${n}">Star number ${n} In A Tiny Bikini? Yes Please!</a></li>`;
    expect(holdsLinkedCards(bodyOf(`<ul>${[0, 1, 2, 3, 4, 5].map(headline).join('')}</ul>`))).toBe(false);
  });
});

describe('a product page whose pick misses one short line of our root', () => {
  /** Sweetwater's product page: our root holds 5,684 characters of prose and 6,376 of text. */
  const facts = (picked: number): RootFacts =>
    rootFacts('product', 5684, 6376, picked, { pageUrl: 'https://shop.example.com/store/detail/scarlett-4i4', sentences: { own: 40, pick: 40 } });

  it("takes Readability's pick holding all but a SKU line of our root's prose (READABILITY_MIN_SHARE.product)", () => {
    // Sweetwater's page (WCXB dev 2894): the pick holds 5,654 of our root's 5,684 characters of prose; our root adds
    // the store's bundle offers and sales-engineer box in link text.
    expect(chooseRoot(facts(5654))).toMatchObject({ useOwn: false, decidedBy: null });
  });

  it('keeps our root when the pick misses a whole box of it', () => {
    // Without the specs (a fifth of the prose) the pick is not the product.
    expect(chooseRoot(facts(4500))).toMatchObject({ useOwn: true, decidedBy: 'prose-share' });
  });
});
