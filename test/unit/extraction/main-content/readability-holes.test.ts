import { describe, expect, it } from 'vitest';
import { restoreReadabilityHoles } from '../../../../src/extraction/main-content/readability-holes.js';
import { plainText } from '../../../../src/extraction/dom/text.js';
import { bodyOf, mainText, OG_ARTICLE, pageOf, prose } from './fixtures.js';

/** A service's checklist as a data-visualisation block: divs of short lines, named with a word Readability weighs as chrome ("media"). */
const checklist = (services: string[]): string =>
  `<div class="cda-media-block"><div class="titleHeadSection"><div class="dvHeadlineStyle">Your maintenance checklist</div></div>` +
  services
    .map(
      (name) =>
        `<div class="checklistItem"><div class="checklistItemName">${name}</div>` +
        `<div class="checklistWriteUp">INTERVAL: up to 100,000 miles</div><div class="checklistWriteUp">PRICE: $75-$145</div>` +
        `<div class="checklistWriteUp">The ${name.toLowerCase()} keeps the engine parts free of the debris that builds up during normal operation.</div></div>`,
    )
    .join('') +
  '</div>';

const article = (middle: string, after = ''): string =>
  `<article><h1>Your car maintenance checklist</h1>${prose('upkeep', 3)}${middle}${prose('repairs', 3)}${after}</article>`;

describe("blocks Readability's cleaning dropped between blocks it kept", () => {
  it('puts a dropped block back where it was, between the paragraphs around it', () => {
    const text = mainText(pageOf(article(checklist(['Coolant flush', 'Oil change', 'Tire rotation'])), OG_ARTICLE), 'https://example.com/cars/maintenance-checklist');
    expect(text).toContain('The oil change keeps the engine parts free');
    expect(text).toContain('PRICE: $75-$145');
    const checklistAt = text.indexOf('The coolant flush keeps');
    expect(checklistAt).toBeGreaterThan(text.indexOf('Sentence 2 about upkeep'));
    expect(checklistAt).toBeLessThan(text.indexOf('Sentence 0 about repairs'));
  });

  it('puts back a paragraph of prose that links its references (under HOLE_MAX_LINK_SHARE of its text), not a box that is mostly links', () => {
    // About 37% of this paragraph's text is links: a manual's sentence naming the pages it refers to.
    const referencing =
      '<div class="cda-media-block"><p>If you want to pin the builder to a specific version of the tool, use a <a href="/reqs">requirements file</a> ' +
      'or an <a href="/env">environment file</a> (see <a href="/reqs#files">Requirements files</a> and <a href="/conda">Conda environments</a>). ' +
      'This also overrides <a href="/settings">the default build settings</a> pinned for projects created before October 2020.</p></div>';
    // About 60%: a box of links with a few words between them.
    const linkBox =
      '<div class="cda-media-block"><p>Read next: <a href="/a">How the builder caches your dependencies between runs</a> and ' +
      '<a href="/b">Why pinned versions make reproducible builds</a>, both written for teams that ship every day.</p></div>';
    // Apart, with a kept paragraph between them: adjacent dropped blocks are weighed as one hole.
    const text = mainText(pageOf(article(referencing + prose('pinning', 2) + linkBox), OG_ARTICLE), 'https://example.com/docs/pinning');
    expect(text).toContain('If you want to pin the builder to a specific version');
    expect(text).toContain('pinned for projects created before October 2020.');
    expect(text.indexOf('If you want to pin')).toBeLessThan(text.indexOf('Sentence 0 about pinning'));
    expect(text).not.toContain('How the builder caches');
  });

  it("does not put back another story's teaser (its title is a link), nor what follows the article's last kept block", () => {
    const teaser =
      '<div class="post-item"><a class="image" href="/airlines/cathay"><img src="/cathay.jpg"></a><div class="copy"><h5><a href="/airlines">Airlines</a></h5>' +
      '<h3 class="title"><a href="/airlines/cathay">Cathay Pacific launches its first suite between the United States and Hong Kong</a></h3>' +
      `<p>${'The airline brings its retrofitted aircraft to the United States for the first time this winter. '.repeat(3)}</p></div></div>`;
    const after = checklist(['Brake fluid', 'Wiper blades']);
    const text = mainText(pageOf(article(`<div class="post-wide">${teaser}</div>`, after), OG_ARTICLE), 'https://example.com/cars/maintenance-checklist');
    expect(text).toContain('Sentence 0 about repairs');
    expect(text).not.toContain('retrofitted aircraft');
    expect(text).not.toContain('The brake fluid keeps');
  });

  it('does not put back a comment section Readability dropped, even with a kept block after it', () => {
    const comment = (name: string, n: number) =>
      `<article class="comment js-comment"><footer class="comment__meta">${name} | September 25, 2015</footer>` +
      `<p>We have been looking for a checklist like this one for a long time and tried many of them, number ${n} of our attempts included, before this one worked for us.</p></article>`;
    const comments = `<section id="comments" class="comment-wrapper">${comment('Kenzie', 1)}${comment('Brian', 2)}</section>`;
    const dropped = `<div class="note"><p>${'A note the cleaning dropped between two kept paragraphs, written as a sentence of the article. '.repeat(2)}</p></div>`;
    // Our root as it was, and Readability's pick without the note and the comments but with the paragraph after them.
    const own = bodyOf(`<div>${prose('upkeep', 2)}${dropped}${prose('repairs', 1)}${comments}${prose('closing', 1)}</div>`).firstElementChild!;
    const picked = bodyOf(`<div>${prose('upkeep', 2)}${prose('repairs', 1)}${prose('closing', 1)}</div>`).firstElementChild!;
    restoreReadabilityHoles(own, picked);
    const text = plainText(picked as never);
    expect(text).toContain('A note the cleaning dropped');
    expect(text).not.toContain('looking for a checklist like this one');
    expect(text).not.toContain('Kenzie');
  });

  it('does not put back a list of teasers: a linked line over a sentence without links', () => {
    const teasers =
      '<ul class="river media-stream">' +
      ['Cerebras did not spend one minute on the benchmark', 'AMD releases an unlocked processor for under fifty dollars', 'A survey highlights momentum in metal printing']
        .map((title, i) => `<li><div class="content"><p><a href="/article/${i}">${title}</a></p><p class="dek">The widely cited test measures how fast computers crunch problem number ${i} of the set, and the makers of the fastest chips say they never tuned for it.</p></div></li>`)
        .join('') +
      '</ul>';
    const text = mainText(pageOf(article(teasers), OG_ARTICLE), 'https://example.com/cars/maintenance-checklist');
    expect(text).toContain('Sentence 0 about repairs');
    expect(text).not.toContain('crunch problem number 1');
  });
});

describe("an article's sections before the first block Readability kept", () => {
  const section = (heading: string, topic: string): string => `<h2>${heading}</h2>${prose(topic, 1)}`;
  /** Our root as it was, and Readability's pick: only the last of the article's sections (Layout Builder's sibling blocks). */
  const restored = (before: string): string => {
    const own = bodyOf(`<div><h1>Best states to retire in</h1><p class="byline">12.16.2025</p>${before}<h2>Taxes by state</h2>${prose('taxes', 4)}</div>`).firstElementChild!;
    const picked = bodyOf(`<div>${prose('taxes', 4)}</div>`).firstElementChild!;
    restoreReadabilityHoles(own, picked);
    return plainText(picked as never);
  };

  it('puts back the sections before the pick, in order and before it, without the title', () => {
    const text = restored(section('How to choose a state', 'choosing') + section('Quality of life', 'living'));
    expect(text.indexOf('Sentence 0 about choosing')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('How to choose a state')).toBeLessThan(text.indexOf('Sentence 0 about choosing'));
    expect(text.indexOf('Sentence 0 about choosing')).toBeLessThan(text.indexOf('Sentence 0 about living'));
    expect(text.indexOf('Sentence 0 about living')).toBeLessThan(text.indexOf('Sentence 0 about taxes'));
    expect(text).toContain('Taxes by state');
    expect(text).not.toContain('Best states to retire in');
  });

  it('leaves out a single box before the pick (a summary card), and sections before a linked heading', () => {
    expect(restored(section('Key takeaways', 'takeaways'))).not.toContain('about takeaways');
    const byline = '<h4><a href="/authors/paul">By Paul Deer</a></h4>';
    const text = restored(section('Earlier story', 'elsewhere') + section('Another story', 'further') + byline + section('How to choose a state', 'choosing') + section('Quality of life', 'living'));
    expect(text).toContain('Sentence 0 about choosing');
    expect(text).not.toContain('about elsewhere');
    expect(text).not.toContain('By Paul Deer');
  });
});

describe("like sections around Readability's pick (one section of several taken for the article)", () => {
  /** Our root as it was (sibling wrappers of one name, Drupal's "paragraphs"), and Readability's pick: the wrapper `pickedAt`. */
  const restored = (wrappers: string[], pickedAt: number, after = ''): string => {
    const own = bodyOf(`<div><h1>Heating with leaves</h1>${wrappers.join('')}${after}</div>`).firstElementChild!;
    const picked = bodyOf(`<div>${wrappers[pickedAt]}</div>`).firstElementChild!;
    restoreReadabilityHoles(own, picked);
    return plainText(picked as never);
  };
  const wrapper = (heading: string, topic: string, count = 1): string =>
    `<div class="paragraph_wrapper clearfix left"><h2 class="paragraph_subline">${heading}</h2><div class="textflow">${prose(topic, count)}</div></div>`;

  it('puts back the like sections before and after the pick, in order', () => {
    const text = restored([wrapper('The pilot project', 'pilot'), wrapper('How the press works', 'press'), wrapper('Funding', 'funding'), wrapper('Heat value', 'heat')], 1);
    expect(text.indexOf('Sentence 0 about pilot')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('Sentence 0 about pilot')).toBeLessThan(text.indexOf('Sentence 0 about press'));
    expect(text.indexOf('Sentence 0 about press')).toBeLessThan(text.indexOf('Sentence 0 about funding'));
    expect(text.indexOf('Funding')).toBeLessThan(text.indexOf('Sentence 0 about funding'));
    expect(text.indexOf('Sentence 0 about funding')).toBeLessThan(text.indexOf('Sentence 0 about heat'));
    expect(text).not.toContain('Heating with leaves');
  });

  it('knows wrappers without a class by their first child (each section a bare div around a named one)', () => {
    const bare = (topic: string): string => `<div><div class="paragraph left mb-8"><div class="paragraph-text">${prose(topic, 1)}</div></div><div class="clear-both"></div></div>`;
    const text = restored([bare('pilot'), bare('press'), bare('funding')], 1);
    expect(text).toContain('Sentence 0 about pilot');
    expect(text).toContain('Sentence 0 about funding');
  });

  it('leaves out like blocks holding less prose than the pick: what follows an article in the same layout blocks', () => {
    const newsletter = '<div class="paragraph_wrapper clearfix left"><h2 class="paragraph_subline">Subscribe</h2><div class="textflow"><p>By subscribing to this newsletter, you agree to our terms of service and privacy policy.</p></div></div>';
    const text = restored([wrapper('How the press works', 'press', 4), newsletter], 0);
    expect(text).toContain('Sentence 3 about press');
    expect(text).not.toContain('By subscribing');
    // Bare divs around bare children are no sections of one kind: every page has them. (A label first: paragraphs
    // straight after the pick that outweigh it are its article's rest, the next describe's case.)
    const own = bodyOf(`<div><div><div>${prose('press', 1)}</div></div><div><div><div>More from the region</div>${prose('other', 2)}</div></div></div>`).firstElementChild!;
    const picked = bodyOf(`<div>${prose('press', 1)}</div>`).firstElementChild!;
    restoreReadabilityHoles(own, picked);
    expect(plainText(picked as never)).not.toContain('about other');
  });
});

describe('the rest of an article whose lead alone Readability kept', () => {
  /** Our root: the lead, then the body beside a picture in a media object (drk.de's press releases), then `after`. */
  const restored = (lead: number, body: number, after = ''): string => {
    const own = bodyOf(
      `<div><header><h1>Red Cross calls for anticipatory aid</h1></header><div class="o-textblock">${prose('the lead', lead)}</div>` +
        `<div class="o-media"><figure><img src="/flood.jpg"><figcaption>A flooded village in Bangladesh, photographed by the Red Cross field team this spring.</figcaption></figure>` +
        `<div class="o-media__body">${prose('the body', body)}</div></div>${after}</div>`,
    ).firstElementChild!;
    const picked = bodyOf(`<div>${prose('the lead', lead)}</div>`).firstElementChild!;
    restoreReadabilityHoles(own, picked);
    return plainText(picked as never);
  };

  it('puts back the paragraphs straight after the pick when they outweigh it, in order; a caption between does not end them', () => {
    const text = restored(1, 3);
    expect(text.indexOf('Sentence 0 about the lead')).toBe(0);
    expect(text.indexOf('Sentence 0 about the body')).toBeGreaterThan(0);
    expect(text.indexOf('Sentence 0 about the body')).toBeLessThan(text.indexOf('Sentence 2 about the body'));
  });

  it('leaves out what follows a whole article (less prose than the pick), and stops at the first block that is not a paragraph', () => {
    expect(restored(3, 1)).not.toContain('about the body');
    const text = restored(1, 2, `<h2>Related press releases</h2>${prose('another release', 4)}`);
    expect(text).toContain('Sentence 1 about the body');
    expect(text).not.toContain('another release');
  });
});

describe('what a kept sentence ending in a colon announces', () => {
  /** A moving company's quote page: the lead-in in one layout column, the numbered steps it announces in the next, then a call to action. */
  const steps = (lead: string, cards: string): string => {
    const own = bodyOf(
      `<div><div class="intro">${prose('quotes', 2)}<h4><strong>${lead}</strong></h4></div>` +
        `<div class="steps"><ol class="bullets">${cards}</ol></div><p><a href="/quote">Start your quote</a></p></div>`,
    ).firstElementChild!;
    const picked = bodyOf(`<div>${prose('quotes', 2)}<h4>${lead}</h4><p><a href="/quote">Start your quote</a></p></div>`).firstElementChild!;
    restoreReadabilityHoles(own, picked);
    return plainText(picked as never);
  };
  const step = (n: number, title: string, description: string): string =>
    `<li class="bullet"><div class="bullet__marker">${n}</div><div class="bullet__title">${title}</div><div class="bullet__text"><p>${description}</p></div></li>`;
  const movingSteps =
    step(1, 'Fill out our online moving form', 'The more information you are able to provide us, the more accurate your moving quote will be.') +
    step(2, 'Contact from a customer service representative', 'One of our friendly representatives will contact you to confirm the details of your move and answer your questions.') +
    step(3, 'Confirm details', 'This is the final step before we begin your move, when we go over the price and the supplies needed once more.');

  it('puts back the steps a kept lead-in announces, after it and before the block Readability kept next', () => {
    const text = steps('There are three quick, easy steps required from you to get a free moving quote:', movingSteps);
    const lead = text.indexOf('three quick, easy steps');
    expect(lead).toBeGreaterThan(0);
    expect(text.indexOf('Fill out our online moving form')).toBeGreaterThan(lead);
    expect(text.indexOf('This is the final step before we begin your move')).toBeGreaterThan(text.indexOf('Fill out our online moving form'));
    expect(text.indexOf('Start your quote')).toBeGreaterThan(text.indexOf('This is the final step'));
  });

  it('leaves a short label ending in a colon alone, and cards whose every sentence carries a link', () => {
    expect(steps('The best overall:', movingSteps)).not.toContain('Fill out our online moving form');
    const linkedCards =
      step(1, 'Beats Powerbeats Pro 2', 'See the price of the Beats Powerbeats Pro 2 earbuds with the charging case at <a href="/go/amazon">Amazon</a>') +
      step(2, 'Shokz OpenRun Pro 2', 'See the price of the Shokz OpenRun Pro 2 headphones with the spare cable at <a href="/go/walmart">Walmart</a>');
    expect(steps('These are the earbuds we picked after testing every pair on our runs:', linkedCards)).not.toContain('Powerbeats');
  });
});

describe("a landing page's hero lines under its <h1>", () => {
  const hero = (tagline: string) =>
    `<div><h1>Cybersecurity consulting</h1><p>${tagline}</p><p>Frontline expertise to reach peak readiness, advance your maturity, and keep your team ahead of threats.</p>` +
    `${prose('readiness', 3)}</div>`;
  const pick = () => bodyOf(`<div>${prose('readiness', 3)}</div>`).firstElementChild!;

  it('puts them back before the first block Readability kept where the caller asks for hero lines', () => {
    const own = bodyOf(hero('Move from reactive to ready')).firstElementChild!;
    const picked = pick();
    restoreReadabilityHoles(own, picked, { heroLines: true });
    const text = plainText(picked as never);
    expect(text).toContain('Move from reactive to ready');
    expect(text.indexOf('Frontline expertise')).toBeGreaterThan(-1);
    expect(text.indexOf('Frontline expertise')).toBeLessThan(text.indexOf('Sentence 0 about readiness'));
    expect(text).not.toContain('Cybersecurity consulting');
  });

  it('leaves them out where the caller does not ask (an article, a product), and when a line holds a year (a dateline)', () => {
    const own = bodyOf(hero('Move from reactive to ready')).firstElementChild!;
    const picked = pick();
    restoreReadabilityHoles(own, picked, { heroLines: false });
    expect(plainText(picked as never)).not.toContain('Frontline expertise');

    const dated = bodyOf(hero('By Jane Doe, published July 18, 2025')).firstElementChild!;
    const pickedDated = pick();
    restoreReadabilityHoles(dated, pickedDated, { heroLines: true });
    expect(plainText(pickedDated as never)).not.toContain('Frontline expertise');
  });

  it("puts them back above a pick opening with a section's heading, where a short label found further on in the pick was not kept (a guide's introduction)", () => {
    const intro =
      '<p>The Fetch API provides a JavaScript interface for making HTTP requests and processing the responses.</p>' +
      '<p>Fetch is the modern replacement for XMLHttpRequest, which uses callbacks, and it is built on promises.</p>';
    const sample = (code: string) => `<div class="code-example"><div class="language-name">js</div><pre>${code}</pre></div>`;
    const section = `<h2>Making a request</h2>${prose('requests', 3)}${sample('const posted = await fetch(url, { method: "POST" });')}`;
    const own = bodyOf(`<div><h1>Using the Fetch API</h1>${intro}${sample('const response = await fetch(url);')}${section}</div>`).firstElementChild!;
    const picked = bodyOf(`<div>${section}</div>`).firstElementChild!;
    restoreReadabilityHoles(own, picked, { heroLines: true });
    const text = plainText(picked as never);
    expect(text).toContain('Fetch is the modern replacement for XMLHttpRequest');
    expect(text.indexOf('The Fetch API provides')).toBeLessThan(text.indexOf('Making a request'));
    expect(text.split('Making a request')).toHaveLength(2);
  });

  it('leaves them out when a kept line other than a heading stands above the pick (an event page\'s "Address:")', () => {
    const own = bodyOf(
      `<div><h1>Calendar</h1><p>View All Calendars is the default. Choose Select a Calendar to view a specific calendar and subscribe to it.</p>` +
        `<div>Address:</div>${prose('events', 3)}</div>`,
    ).firstElementChild!;
    const picked = bodyOf(`<div><div>Address:</div>${prose('events', 3)}</div>`).firstElementChild!;
    restoreReadabilityHoles(own, picked, { heroLines: true });
    expect(plainText(picked as never)).not.toContain('View All Calendars');
  });
});
