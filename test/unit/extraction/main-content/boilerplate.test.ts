import { describe, expect, it } from 'vitest';
import { removeBoilerplate } from '../../../../src/extraction/main-content/boilerplate.js';
import { passesFor } from '../../../../src/extraction/main-content/policy.js';
import { plainText } from '../../../../src/extraction/dom/text.js';
import { extractTrendsArticle, pageOf, paragraphs, trendParagraphs } from './fixtures.js';

describe('hidden copies of an article body', () => {
  it('drop a hidden <pre> holding the story again as raw markdown', () => {
    const markdown = Array.from({ length: 12 }, (_, i) => `## Trend ${i + 1}\nPlumbers who follow smart water meters, tankless heaters and green fittings win more customers.`).join('\n\n');
    const text = extractTrendsArticle(`<main><article><h1>Plumbing trends</h1>${trendParagraphs(4)}</article><pre aria-hidden="true" class="rawMarkdown" hidden># Plumbing trends\n\n${markdown}</pre></main>`);
    expect(text).toContain('Trend 4:');
    expect(text).not.toContain('## Trend');
  });
});

describe('removeBoilerplate and embedded posts', () => {
  it('keeps an embedded tweet whose wrapper is named "social-media-embed", drops a share bar named "social"', () => {
    const document = pageOf(`<article>${paragraphs('the campaign', 2)}
      <div class="social-media-embed"><blockquote class="twitter-tweet"><p>Yes this is real and the state spent half a million on it</p></blockquote></div>
      <div class="social-share"><a href="/s">Share</a></div>${paragraphs('the reaction', 2)}</article>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('Yes this is real and the state spent half a million on it');
    expect(text).not.toContain('Share');
  });
});

describe('chrome that holds much of the page', () => {
  const categories = Array.from({ length: 60 }, (_, i) => `<li><a href="/collections/c${i}">Kitchen category number ${i}</a></li>`).join('');
  const grid = Array.from({ length: 6 }, (_, i) => `<div class="card"><h3>Cast iron skillet ${i}</h3><span>$${30 + i}.99 USD</span></div>`).join('');

  it('drops a <nav> mega-menu however much of a short page it holds: it is links', () => {
    const document = pageOf(`<nav class="navigation"><ul>${categories}</ul></nav><main><h1>Lodge cast iron</h1>${grid}</main>`);
    removeBoilerplate(document.body, passesFor('listing'));
    const text = plainText(document.body as never);
    expect(text).toContain('Cast iron skillet 5');
    expect(text).not.toContain('Kitchen category number 0');
  });

  // A university's mega menu: each panel's links beside a featured story's caption (vims.edu).
  const panels = ['About', 'Research', 'Education', 'Engage'].map((panel) => `<li><button>${panel}</button><ul class="megamenu">
      <li><ul>${[1, 2, 3, 4].map((n) => `<li><a href="/${panel}/${n}">${panel} page ${n}</a></li>`).join('')}</ul></li>
      <li class="feature"><figure><img src="/${panel}.webp" alt=""><figcaption>With hundreds of faculty, staff and students on three campuses, our ${panel.toLowerCase()} teams take on the pressing challenges of coastal waters. <a href="/${panel}">Learn More</a></figcaption></figure></li></ul></li>`).join('');

  it('drops a <nav> mega-menu whose items carry featured captions, though they make it mostly prose and much of the page', () => {
    const document = pageOf(`<nav aria-label="primary navigation"><ul>${panels}</ul></nav><div id="page"><h1>Free online data science courses</h1>${paragraphs('the course catalog', 2)}</div>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('the course catalog');
    expect(text).not.toContain('Research page 2');
    expect(text).not.toContain('coastal waters');
  });

  it("drops a sidebar <aside> whose widget lists another site's posts with their summaries, however long", () => {
    const feed = Array.from({ length: 6 }, (_, i) => `<li><a href="https://party.example/feed/${i}">National post ${i} on the basic income</a><div class="rssSummary">The federal party's post number ${i} argues at length that a basic income is a human right, and asks every member to join the march in Berlin this weekend.</div></li>`).join('');
    const document = pageOf(`<div id="content"><h1>Basic income is a human right</h1>${paragraphs('the march', 1)}</div><aside class="widget widget_rss"><h3>Federal party news</h3><ul>${feed}</ul></aside>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('the march');
    expect(text).not.toContain('post number 3');
  });

  it('spares a <nav> that holds prose of its own, outside its items: a misnamed wrapper', () => {
    const document = pageOf(`<nav class="wrapper">${paragraphs('the course catalog', 3)}<ul><li><a href="/next">Next course</a></li></ul></nav><footer><a href="/contact">Contact</a></footer>`);
    removeBoilerplate(document.body, passesFor('article'));
    expect(plainText(document.body as never)).toContain('the course catalog');
  });

  // Skepchick's #sidebar: a network's recent posts with their excerpts, beside a short post (Dragnet R112).
  const networkFeed = Array.from({ length: 5 }, (_, i) => `<li><h4><a href="https://sister${i}.example/2012/10/29/quickies/">Quickies from sister blog ${i}</a></h4><p>Sister blog ${i} rounds up the week: a costume nobody should wear, a study of why fewer women stay in physics, and an endorsement that surprised its fans entirely. [...]</p></li>`).join('');
  const shortPost = '<div class="post"><h1>Skepchick Quickies 10.29</h1><p>On October 29, 1863, the International Red Cross was formed. Stay safe in the storm today.</p></div>';

  it("drops a block named \"sidebar\" beside the page's title, though its feed's excerpts make it prose and most of the page", () => {
    const document = pageOf(`${shortPost}<div id="sidebar" class="grid4"><div class="widget rmp_widget"><h3>Recent Network Posts</h3><ul>${networkFeed}</ul></div></div>`);
    removeBoilerplate(document.body, passesFor('unknown'));
    const text = plainText(document.body as never);
    expect(text).toContain('International Red Cross');
    expect(text).not.toContain('Sister blog 3 rounds up the week');
  });

  it('reads a block named "side-bar" in two words as a sidebar', () => {
    const document = pageOf(`${shortPost}<div id="side-bar"><div class="textwidget"><h3>Network</h3><ul>${networkFeed}</ul></div></div>`);
    removeBoilerplate(document.body, passesFor('unknown'));
    expect(plainText(document.body as never)).not.toContain('Sister blog 3 rounds up the week');
  });

  it('keeps a sidebar\'s prose of its own, and a wrapper whose layout "has-sidebar", beside the title', () => {
    const own = pageOf(`${shortPost}<div class="sidebar">${paragraphs('the editors', 3)}</div>`);
    removeBoilerplate(own.body, passesFor('unknown'));
    expect(plainText(own.body as never)).toContain('the editors');
    const layout = pageOf(`<header><h1>Hotel deals</h1></header><div class="o-layout has-sidebar"><ul>${networkFeed}</ul></div>`);
    removeBoilerplate(layout.body, passesFor('unknown'));
    expect(plainText(layout.body as never)).toContain('Sister blog 3 rounds up the week');
  });

  it('spares a block misnamed "sidebar" that holds most of the page, when it is not mostly links', () => {
    const wrapped = Array.from({ length: 8 }, (_, i) => `<div class="card"><h3>Cast iron skillet ${i}</h3><span>Pre-seasoned, oven safe and ready for the grill, the stove or the campfire.</span></div>`).join('');
    const document = pageOf(`<div class="sidebar-layout">${wrapped}<a href="/more">More skillets</a></div><p>Free shipping over $50.</p>`);
    removeBoilerplate(document.body, passesFor('listing'));
    expect(plainText(document.body as never)).toContain('Cast iron skillet 7');
  });
});

describe('tag lists by their links', () => {
  it('drops a block of rel="tag" links with its label, keeps a tag link inside a paragraph', () => {
    const tags = ['calendario stock car 2018', 'stock car brasil', 'stock car interlagos'].map((tag, i) => `<a href="/tag/t${i}" rel="tag">${tag}</a>`).join(', ');
    const inProse = '<p>This season the series returns to <a href="/tag/interlagos" rel="tag">Interlagos</a> for the final round, where the title was decided last year.</p>';
    const document = pageOf(`<article><h1>Plumbing trends</h1>${trendParagraphs(4)}${inProse}<div class="wrap-after"><strong>Tags<br>${tags}</strong></div></article>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('Trend 4:');
    expect(text).toContain('returns to Interlagos for the final round');
    expect(text).not.toContain('stock car brasil');
    expect(text).not.toMatch(/^Tags$/m);
  });
});

describe('class names that say what a block is not', () => {
  const stories = (grid: number): string =>
    Array.from({ length: 3 }, (_, i) => `<div class="summary-item"><h3><a href="/story/${grid}-${i}">Story ${grid}.${i} about the ocean floor</a></h3><p>Researchers found something new under the sea, story ${grid}.${i} says at length.</p></div>`).join('');

  it('keep a story grid named "hide-read-more-ad" and a wrapper named "no-sidebar"', () => {
    const grids = [1, 2, 3, 4].map((n) => `<div class="summary-grid hide-read-more-ad">${stories(n)}</div>`).join('');
    const document = pageOf(`<main><h1>Science</h1>${grids}<div class="layout no-sidebar">${paragraphs('the tides', 1)}</div>
      <div class="ad-slot">Buy one, get one free</div></main>`);
    removeBoilerplate(document.body, passesFor('listing'));
    const text = plainText(document.body as never);
    for (const n of [1, 2, 3, 4]) expect(text).toContain(`Story ${n}.2 about the ocean floor`);
    expect(text).toContain('the tides');
    expect(text).not.toContain('Buy one, get one free');
  });

  it('read "summary-item-has-author" as an item that holds an author, not an author box: the teasers stay', () => {
    const teaser = (n: number): string =>
      `<div class="summary-item summary-item-has-author"><img src="/post-${n}.jpg" alt=""><a href="/blog/post-${n}">Post ${n}: what your lens says about you</a>
        <p>Every photographer has a favourite lens, and post ${n} explains what that choice reveals about how you see the world around you.</p></div>`;
    const document = pageOf(`<main><h1>Blog</h1>${[1, 2, 3, 4, 5, 6, 7, 8].map(teaser).join('')}</main>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) expect(text).toContain(`post ${n} explains what that choice reveals`);
  });

  it('keep a block whose name turns a setting off ("sidebar-enabled--false"), drop a real sidebar', () => {
    const document = pageOf(`<main><h1>Spring cleaning</h1>${paragraphs('the closet', 4)}<div class="article-tail sidebar-enabled--false">So there you have it, a list to start from.</div>
      <div class="sidebar">Popular this week</div></main>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('So there you have it');
    expect(text).not.toContain('Popular this week');
  });
});

describe("Tailwind's arbitrary values", () => {
  it('are CSS, not names: panels positioned under the "--nav-height" stay, a real nav goes', () => {
    const panel = (name: string) =>
      `<div class="w-full overflow-hidden sticky top-[var(--nav-height)] h-[var(--content-height)]"><h2>${name}</h2><p>The ${name.toLowerCase()} of this phone is the best we have built, and it shows in every photo, call and game you play on it.</p></div>`;
    const document = pageOf(`<nav class="nav"><a href="/phones">Phones</a> <a href="/tablets">Tablets</a></nav><main><h1>OnePlus 13</h1>${['Camera', 'Display', 'Battery'].map(panel).join('')}</main>`);
    removeBoilerplate(document.body, passesFor('product'));
    const text = plainText(document.body as never);
    expect(text).toContain('The battery of this phone is the best');
    expect(text).not.toContain('Tablets');
  });
});

describe('cookie-consent dialogs', () => {
  const explained = (kind: string) =>
    `<h4>${kind} Cookies</h4><p>These cookies are used to provide you with services available through this platform and to use some of its features, such as access to secure areas and saved preferences.</p>`;
  const dialog = `<div id="modal_cookie-consent" class="modal-frame"><p>Our platform uses various types of cookies, each of which has a specific function. Below you can manage your preferences.</p>${['Technical', 'Functionality', 'Analytical'].map(explained).join('')}</div>`;

  it('drops a consent dialog although it explains each kind of cookie in paragraphs', () => {
    const document = pageOf(`<main><h1>Automatic watches</h1>${paragraphs('automatic watches', 10)}</main>${dialog}`);
    removeBoilerplate(document.body, passesFor('unknown'));
    const text = plainText(document.body as never);
    expect(text).toContain('This is sentence 9 about automatic watches');
    expect(text).not.toContain('Functionality Cookies');
  });

  it("keeps a document's section about cookies, whose id is its heading's anchor", () => {
    const section = `<section id="cookies"><h2>Cookies</h2>${paragraphs('the cookies attribute of request objects', 3)}</section>`;
    const document = pageOf(`<main><h1>Quickstart</h1>${paragraphs('routing', 5)}${section}${paragraphs('sessions', 5)}</main>`);
    removeBoilerplate(document.body, passesFor('unknown'));
    expect(plainText(document.body as never)).toContain('This is sentence 2 about the cookies attribute of request objects');
  });
});

describe('DocBook navigation', () => {
  it('drops the navheader and navfooter tables DocBook writes around every page (PostgreSQL manual)', () => {
    const navTable = (name: string) =>
      `<div class="${name}"><table><tr><td><a accesskey="p" href="typeconv.html">Prev</a></td><td><a accesskey="u" href="sql.html">Up</a></td><th>Part II. The SQL Language</th><td><a accesskey="n" href="intro.html">Next</a></td></tr></table></div>`;
    const document = pageOf(`<div id="docContent">${navTable('navheader')}<div class="chapter"><h2>Chapter 11. Indexes</h2>${paragraphs('indexes', 3)}</div>${navTable('navfooter')}</div>`);
    removeBoilerplate(document.body, passesFor('unknown'));
    const text = plainText(document.body as never);
    expect(text).toContain('This is sentence 2 about indexes');
    expect(text).not.toContain('Part II. The SQL Language');
    expect(text).not.toContain('Prev');
  });
});

describe('print-only blocks', () => {
  it('drops a print masthead and reprints notice, keeps the story and a "Print" button label in a sentence', () => {
    const document = pageOf(`<div class="main"><div class="print-header"><p>This copy is for your personal, non-commercial use only. To order presentation-ready copies for distribution to your colleagues, clients or customers visit our reprints desk.</p></div>
      <div class="visible-print-block"><p>Printed from the Daily Ledger, the paper of record for the county and its three towns since 1881.</p></div>
      <article><h1>Home Depot beats estimates</h1>${paragraphs('quarterly sales', 4)}<p>Use the <span class="print-btn">Print</span> button to keep a copy.</p></article></div>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).not.toContain('non-commercial use only');
    expect(text).not.toContain('the paper of record');
    expect(text).toContain('This is sentence 3 about quarterly sales');
    expect(text).toContain('Use the Print button');
  });

  it('keeps the words of a button a sentence runs through, and drops a button standing alone', () => {
    const document = pageOf(`<article><h1>Machine learning, explained</h1>${paragraphs('machine learning', 3)}
      <p>The definition holds true, according to<button class="sidenote-button">Mikey Shulman,</button> a lecturer at MIT Sloan.</p>
      <p>Buy more, save more. Use coupon code <button class="copy-code">SPRING</button> at checkout.</p><div><button>Share this story</button></div></article>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('according to Mikey Shulman, a lecturer at MIT Sloan.');
    expect(text).toContain('Use coupon code SPRING at checkout.');
    expect(text).not.toContain('Share this story');
  });

  it("drops Bootstrap's print-only citation and copyright notice inside the story, prose and all; keeps what is hidden only on wide screens", () => {
    const printOnly = `<div class="d-none d-print-block"><div class="mb-4"><strong>Citation</strong>: Hibernating astronauts (2019, November 18) retrieved 20 November 2019</div>
      <p class="border text-muted p-3">${'This document is subject to copyright and may not be reproduced without written permission. '.repeat(8)}</p></div>`;
    const narrowOnly = `<div class="post-authors d-lg-none d-print-block"><p>Written by the science desk of the agency, with reporting from its partners in Europe and abroad.</p></div>`;
    const document = pageOf(`<article class="news-article"><h1>Hibernating astronauts</h1>${paragraphs('torpor', 30)}${narrowOnly}${printOnly}</article>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).not.toContain('retrieved 20 November');
    expect(text).not.toContain('subject to copyright');
    expect(text).toContain('with reporting from its partners');
    expect(text).toContain('This is sentence 3 about torpor');
  });
});

describe('blocks named copyright', () => {
  it("drops a footer's legal lines named so, keeps a story that speaks of copyright", () => {
    const document = pageOf(`<div class="content-item"><h1>Man pleads guilty</h1>${paragraphs('the threat', 6)}
      <p>The court heard that he copied a copyright notice into his messages.</p></div>
      <div class="copyright-wrp"><div class="region region-copyright"><p>The Daily 1625 K Street, NW Suite 900 Washington DC 20006 | 202-628-8500 tel</p>
      <p>The contents of this site are ©2019 Capitol Daily Corp., a subsidiary of News Communications, Inc.</p></div></div>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).not.toContain('1625 K Street');
    expect(text).not.toContain('The contents of this site');
    expect(text).toContain('copied a copyright notice');
    expect(text).toContain('This is sentence 5 about the threat');
  });
});

describe('text only screen readers get', () => {
  it("drops the BBC's and Amazon's off-screen labels, keeps the story and the price shown", () => {
    const document = pageOf(`<article><h1>Singer may play her songs after all</h1><figure><img src="/singer.jpg" alt="The singer">
      <span class="off-screen">Image copyright</span><span class="story-image-copyright">Getty Images</span></figure>${paragraphs('the awards', 6)}
      <p>Now <span class="a-price"><span class="a-offscreen">Price was EUR 17.50, now EUR 11.02</span><span class="a-price-whole">EUR 11.02</span></span> in paperback.</p></article>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).not.toContain('Image copyright');
    expect(text).not.toContain('Price was EUR 17.50');
    expect(text).toContain('Now EUR 11.02 in paperback');
    expect(text).toContain('This is sentence 5 about the awards');
  });
});

describe('skip links', () => {
  it('drops skip links and their short wrapper, keeps a section and a tooltip the word "skip" also names', () => {
    const document = pageOf(`<div class="skip-links"><a href="#main">Skip to content</a> <a href="#search">Skip to search</a></div>
      <a class="skip-link screen-reader-text" href="#main">Skip to main navigation</a>
      <main id="main"><h1>What is mesh WiFi?</h1>${paragraphs('mesh routers', 6)}
        <div id="topic1" class="skip-item"><h2>WiFi Mesh: An Overview</h2>${paragraphs('mesh satellites', 2)}</div>
        <p>Each satellite joins the <span class="inline-flex underline decoration-dotted decoration-skip-ink-none">backhaul network</span> that links it to the router.</p>
      </main>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).not.toContain('Skip to');
    expect(text).toContain('WiFi Mesh: An Overview');
    expect(text).toContain('This is sentence 1 about mesh satellites');
    expect(text).toContain('joins the backhaul network that links it');
  });

  it("keeps the skip links' target, a grid of product links named for them", () => {
    const products = Array.from({ length: 12 }, (_, i) => `<div class="card"><a href="/p/${i}">Pegasus running shoe, model ${i}</a><span>$${120 + i}</span></div>`).join('');
    const document = pageOf(`<a href="#skip-to-products">Skip to products</a><h1>Men's running shoes</h1><div id="skip-to-products" class="product-grid">${products}</div>`);
    removeBoilerplate(document.body, passesFor('listing'));
    const text = plainText(document.body as never);
    expect(text).toContain('Pegasus running shoe, model 11');
  });
});

describe('screen-reader text', () => {
  it("keeps a comparison table's ticks and crosses spelt out for screen readers, drops the same text elsewhere", () => {
    const mark = (answer: 'Yes' | 'No'): string =>
      `<td><i class="fa-square-${answer === 'Yes' ? 'check' : 'xmark'}" aria-hidden="true"></i><span class="sr-only">${answer}</span></td>`;
    const document = pageOf(`<main><h1>Online therapy vs. in-office therapy</h1>${paragraphs('online therapy', 3)}
      <table><tr><th>Feature</th><th>Online</th><th>In-office</th></tr>
        <tr><th>Messaging any time</th>${mark('Yes')}${mark('No')}</tr>
        <tr><th>Commute to the office</th>${mark('No')}${mark('Yes')}</tr></table>
      <p>Read the <a href="/faq">full answers<span class="sr-only"> (opens in a new window)</span></a> before you choose.</p></main>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toMatch(/Messaging any time\s+Yes\s+No/);
    expect(text).toMatch(/Commute to the office\s+No\s+Yes/);
    expect(text).not.toContain('opens in a new window');
  });
});

describe('rails of other stories', () => {
  const rail =
    '<div class="rail rail--trending"><h3 class="rail__title">Most read in world news</h3>' +
    ['RANDY ANDY', 'TIME TRAVELLER', 'EYE POPPING']
      .map((kicker, i) => `<div class="rail__item"><h3>${kicker}</h3><span>Teaser ${i} about another story on the site entirely</span><a class="rail__item-anchor" href="/news/${i}"></a></div>`)
      .join('') +
    '</div>';

  it('drops a "trending" rail from a story page, keeps the same list on a page that declares no article, and keeps a heading merely named so', () => {
    const body = `<article>${paragraphs('the outbreak', 2)}${rail}${paragraphs('the quarantine', 2)}<h2 id="h-9-babbel-most-popular-app-now-with-lessons">Babbel, the most popular app</h2></article>`;
    const story = pageOf(body);
    removeBoilerplate(story.body, passesFor('article'));
    const storyText = plainText(story.body as never);
    expect(storyText).not.toContain('Teaser 1 about another story');
    expect(storyText).toContain('This is sentence 1 about the quarantine');
    expect(storyText).toContain('Babbel, the most popular app');

    const hub = pageOf(body);
    removeBoilerplate(hub.body, passesFor('unknown'));
    expect(plainText(hub.body as never)).toContain('Teaser 1 about another story');
  });

  it('drops a rail whose stories are linked by web components (<pp-link href>), and a skip link drawn so', () => {
    const componentRail = rail.replace(/<a class="rail__item-anchor" href="([^"]+)"><\/a>/g, '<pp-link href="$1">Read on</pp-link>');
    const story = pageOf(`<pp-link class="skip-link" href="#main">Skip to content</pp-link><article id="main">${paragraphs('the outbreak', 2)}${componentRail}${paragraphs('the quarantine', 2)}</article>`);
    removeBoilerplate(story.body, passesFor('article'));
    const text = plainText(story.body as never);
    expect(text).not.toContain('Teaser 1 about another story');
    expect(text).not.toContain('Skip to content');
    expect(text).toContain('This is sentence 1 about the quarantine');
  });
});

describe('overlays that open with a close button', () => {
  const story = `<main><h1>Free flu shots for detained migrants</h1>${paragraphs('the doctors offer', 6)}</main>`;

  it('drop pop-ups and flyouts without a dialog role, whatever their prose', () => {
    const steps = `<div id="makehomepagedialog"><button class="closebutton" title="Close">Close</button><h2>Make MSN my homepage</h2><ul><li><div>On the toolbar, click Safari. Then, click Preferences, and in the window that opens choose General.</div></li></ul></div>`;
    const flyout = `<div id="feedback-flyout"><button id="feedback-close" title="close"></button><h2>Send MSN Feedback</h2><label>How can we improve?</label></div>`;
    const document = pageOf(`${story}${steps}${flyout}`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('This is sentence 5 about the doctors offer');
    expect(text).not.toContain('click Preferences');
    expect(text).not.toContain('Send MSN Feedback');
  });

  it('keep a block whose close button is not its first element, or says something else', () => {
    const panel = `<section><h2>Opening hours</h2><p>Open daily from nine to five, except on public holidays.</p><button>Close</button></section>`;
    const toggle = `<div><button aria-label="Show the full schedule">Schedule</button><p>Races start at noon on Saturday and Sunday.</p></div>`;
    const document = pageOf(`${story}${panel}${toggle}`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('Open daily from nine to five');
    expect(text).toContain('Races start at noon');
  });
});

describe('elements the markup takes off the page’s text', () => {
  it('drops a popover (shown only once opened) and a block the site marks data-nosnippet', () => {
    const document = pageOf(`<main><h1>Streaming this week</h1>${paragraphs('the new releases', 6)}
      <div popover id="watch-menu"><a href="/netflix">Netflix</a> <a href="/prime">Prime Video</a></div>
      <div data-nosnippet><span>Screen awards</span> <a href="/calendar">Release calendar</a></div></main>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('This is sentence 5 about the new releases');
    expect(text).not.toContain('Prime Video');
    expect(text).not.toContain('Release calendar');
  });

  it("drops what the site tells text-to-speech not to read (Medium's speechify-ignore)", () => {
    const figure = `<figure><div role="button" tabindex="0"><span class="gb gc speechify-ignore">Press enter or click to view image in full size</span><img src="/poster.png" alt="A poster"></div></figure>`;
    const document = pageOf(`<main><h1>Streaming this week</h1><div class="speechify-ignore bd">Jane Doe 6 min read · Dec 1, 2025 Listen Share</div>${paragraphs('the new releases', 3)}${figure}${paragraphs('the new shows', 3)}</main>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('This is sentence 2 about the new shows');
    expect(text).not.toContain('Press enter or click');
    expect(text).not.toContain('6 min read');
  });

  it('still spares such a block when it holds the story’s prose', () => {
    const document = pageOf(`<main><h1>Streaming this week</h1><div data-nosnippet>${paragraphs('the new releases', 6)}</div></main>`);
    removeBoilerplate(document.body, passesFor('article'));
    expect(plainText(document.body as never)).toContain('This is sentence 5 about the new releases');
  });
});

describe('fallback content of media players', () => {
  it("drops a <video>'s fallback sentence and keeps the player's sources", () => {
    const document = pageOf(`<article>${paragraphs('the bookcase', 2)}
      <figure><video autoplay muted src="/loop.mp4"><source src="/loop.webm" type="video/webm">Sorry, your browser doesn’t support embedded videos.</video></figure>
      <audio controls><track kind="captions" src="/talk.vtt">Your browser does not support the audio element.</audio>${paragraphs('the shelves', 2)}</article>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).not.toContain('support embedded videos');
    expect(text).not.toContain('support the audio element');
    expect(text).toContain('the shelves');
    expect(document.body.querySelector('video source')?.getAttribute('src')).toBe('/loop.webm');
    expect(document.body.querySelector('audio track')).not.toBeNull();
  });
});

describe('ruby annotations', () => {
  it('drops the readings printed above their characters and keeps the sentence whole', () => {
    const document = pageOf(`<article>${paragraphs('the law', 2)}
      <p><ruby>子<rp>(</rp><rt>こ</rt><rp>)</rp></ruby>どもへの<ruby>虐待<rt>ぎゃくたい</rt></ruby>をなくすための<ruby>法律<rt>ほうりつ</rt></ruby>ができました。</p></article>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('子どもへの虐待をなくすための法律ができました。');
    expect(text).not.toContain('ぎゃくたい');
  });
});

describe('line numbers of code blocks', () => {
  it("drops Pygments' line-number spans and table gutter, keeps the code and a number that is code", () => {
    const inline = `<pre><span class="linenos"> 4</span><span class="c1"># Required</span>\n<span class="linenos"> 5</span><span class="nt">version</span><span class="p">:</span> <span class="l">2</span>\n</pre>`;
    const table = `<table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre>1\n2</pre></div></td><td class="code"><pre>retries: 3\ntimeout: 30</pre></td></tr></table>`;
    const document = pageOf(`<article>${paragraphs('the configuration file', 2)}${inline}${table}<p class="line-note">Line 12 sets the timeout.</p></article>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('version: 2');
    expect(text).not.toMatch(/\b5\s*version/);
    expect(text).toContain('retries: 3');
    expect(text).not.toMatch(/^\s*1\s*$/m);
    expect(text).toContain('Line 12 sets the timeout.');
  });
});

describe('icon-font ligatures', () => {
  it("drops a Material icon's ligature name, keeps a label so styled and a tick that is all a cell says", () => {
    const steps = `<ul><li><span class="material-icons">chevron_right</span> Pick a domain name</li><li><span class="material-symbols-outlined">local_shipping</span> Free shipping over $50</li></ul>`;
    const label = `<p><span class="material-icons-label">Shipping and returns explained</span></p>`;
    const table = `<table><tr><th>Feature</th><th>Pro</th></tr><tr><td>Cloud backup</td><td><span class="material-icons">check</span></td></tr></table>`;
    const document = pageOf(`<article>${paragraphs('the store', 2)}${steps}${label}${table}</article>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('Pick a domain name');
    expect(text).toContain('Free shipping over $50');
    expect(text).not.toContain('chevron_right');
    expect(text).not.toContain('local_shipping');
    expect(text).toContain('Shipping and returns explained');
    expect(text).toMatch(/Cloud backup\s+check/);
  });
});

describe('related-stories lists', () => {
  it("drops a related list whose cards carry other stories' whole bodies, and keeps a misnamed wrapper's own prose", () => {
    const card = (topic: string) =>
      `<div role="listitem" class="resource-related_card-item"><a href="/blog/${topic.replace(/ /g, '-')}">Blogs ${topic}</a>` +
      `<div class="hide"><div class="w-richtext">${paragraphs(topic, 8)}</div></div></div>`;
    const related = `<section class="section_resource-related"><h2>Related Resources</h2><div role="list">${card('conversational AI')}${card('storage tiers')}${card('object storage')}</div></section>`;
    const wrapper = `<div id="more-on-car-repair-related-articles"><div class="text-container">${paragraphs('repair shop prices', 4)}</div></div>`;
    const document = pageOf(`<main><article><h1>Cloud services for small businesses</h1>${paragraphs('cloud services', 3)}${wrapper}</article>${related}</main>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('sentence 2 about cloud services');
    expect(text).toContain('sentence 1 about repair shop prices');
    expect(text).not.toContain('about conversational AI');
    expect(text).not.toContain('about object storage');
  });

  // WooCommerce's category template on Kress's robotic mowers: the products sit in a `related-product` section.
  const mowers = Array.from({ length: 8 }, (_, i) => `<li class="product"><a href="/mowers/kr${160 + i}"><h2>KR${160 + i}</h2><p>Robotic lawn mower for ${i + 1} acres</p><span class="price">$ ${2 + i},099.99</span></a></li>`).join('');
  const grid = `<section class="related-product"><ul class="products">${mowers}</ul></section>`;

  it("keeps a related list that holds most of what is left of the page in items without prose: it is the page's own list", () => {
    const document = pageOf(`<header><nav><a href="/">Home</a><a href="/mowers">Robotic lawn mowers</a></nav></header><main><h1>Robotic lawn mowers</h1>${grid}</main><footer>${paragraphs('the dealer network', 2)}</footer>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('KR167');
    expect(text).toContain('$ 9,099.99');
  });

  // Deloitte's services page: each service a `cmp-promo` card inside a promo container.
  const services = ['Audit', 'Assurance', 'Tax', 'Consulting', 'Risk Advisory', 'Mergers'].map(
    (name) => `<div class="promo cmp-promo__services"><a href="/services/${name.toLowerCase().replace(/ /g, '-')}"><h3>${name}</h3><div class="cmp-promo__desc">What our ${name} practice does for clients.</div><span>Find out more</span></a></div>`,
  );
  const promos = `<div class="cmp-promo-container">${services.join('')}</div>`;

  it("keeps a promotion block that holds most of what is left of the page without prose, its cards named like it included", () => {
    const document = pageOf(`<main><h1>Our services</h1><p>Whether you are starting up or scaling up, we can help.</p>${promos}</main><footer>${paragraphs('the firm', 2)}</footer>`);
    removeBoilerplate(document.body, passesFor('unknown'));
    const text = plainText(document.body as never);
    expect(text).toContain('What our Risk Advisory practice does');
    expect(text).toContain('Mergers');
  });

  it('drops the same promotions beside a story that holds most of the page', () => {
    const document = pageOf(`<main><article><h1>Audit season</h1>${paragraphs('audit season', 6)}</article>${promos}</main>`);
    removeBoilerplate(document.body, passesFor('unknown'));
    const text = plainText(document.body as never);
    expect(text).toContain('sentence 2 about audit season');
    expect(text).not.toContain('Risk Advisory');
  });

  it('drops the same list beside a story that holds most of the page', () => {
    const document = pageOf(`<main><article><h1>Which mower for a steep lawn</h1>${paragraphs('steep lawns', 6)}</article>${grid}</main>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('sentence 2 about steep lawns');
    expect(text).not.toContain('KR167');
  });
});

describe('an <aside> among the story\'s paragraphs', () => {
  const tip = `<aside class="center"><p>Not all vegetarians are the same. Vegans eat no animal products at all, while lacto-ovo vegetarians still eat milk and eggs, and that changes which nutrients need watching.</p></aside>`;
  const sidebar = `<aside class="widget-area"><h3>Recent posts</h3><ul><li><a href="/a">Ten salads for summer</a></li><li><a href="/b">Protein without meat</a></li></ul></aside>`;

  it('keeps a callout set between the paragraphs, drops the sidebar beside the story', () => {
    const document = pageOf(`<main><article><h1>Eating well</h1>${paragraphs('meals', 2)}${tip}${paragraphs('sleep', 2)}</article>${sidebar}</main>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('Not all vegetarians are the same');
    expect(text).not.toContain('Recent posts');
  });

  it('drops an aside whose paragraph is mostly a link, and one outside any run of paragraphs', () => {
    const pointer = `<aside><p><a href="/related">Read our complete guide to planning vegetarian meals for a family of four on a budget, with recipes</a> here.</p></aside>`;
    const document = pageOf(`<main><article><h1>Eating well</h1>${paragraphs('meals', 2)}${pointer}${paragraphs('sleep', 2)}</article><div class="rail">${tip}</div></main>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('sentence 1 about sleep');
    expect(text).not.toContain('complete guide to planning');
    expect(text).not.toContain('Not all vegetarians are the same');
  });
});
