import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../../src/extraction/dom/dom.js';
import { readMetadata } from '../../../../src/extraction/metadata/index.js';
import { repairMojibake } from '../../../../src/extraction/mojibake.js';

/**
 * Page metadata (src/extraction/metadata/): title, author and date chosen by a written precedence from
 * JSON-LD, meta tags, the headline and the lines around it, and the URL.
 */

const RETRIEVED = new Date('2026-06-01T12:00:00Z');
const page = (head: string, body: string) => `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`;
const read = (html: string, url = 'https://news.example.com/story') => readMetadata(parseDocument(html), url, RETRIEVED);

describe('dates', () => {
  it('reads datePublished from a JSON-LD @graph node of any type, not from the articles a list mentions', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', name: 'Example News' },
        { '@type': 'ItemList', itemListElement: [{ '@type': 'NewsArticle', headline: 'Other story', datePublished: '2019-01-01' }] },
        {
          '@type': 'MedicalWebPage',
          mainEntity: { '@type': 'LiveBlogPosting', headline: 'Rivers rise', datePublished: '2021-03-04T09:00:00+01:00', author: [{ '@type': 'Person', name: 'Ann Lee' }, { '@type': 'Person', name: 'Bo Chen' }] },
        },
      ],
    };
    const metadata = read(page(`<script type="application/ld+json">${JSON.stringify(graph)}</script>`, '<h1>Rivers rise</h1><p>Text.</p>'));
    expect(metadata.date).toBe('2021-03-04T09:00:00.000+01:00');
    expect(metadata.author).toBe('Ann Lee, Bo Chen');
  });

  it('keeps the calendar day: a date alone is midnight UTC, a datetime keeps its own offset', () => {
    const late = read(page('<meta property="article:published_time" content="2021-03-04T22:30:00-05:00">', '<h1>T</h1>'));
    expect(late.date).toBe('2021-03-04T22:30:00.000-05:00');
    expect(late.date!.slice(0, 10)).toBe('2021-03-04');
    const dateOnly = read(page('<meta name="parsely-pub-date" content="2021-03-04">', '<h1>T</h1>'));
    expect(dateOnly.date).toBe('2021-03-04T00:00:00.000Z');
  });

  it('takes the date from the URL path when the page declares none', () => {
    const metadata = read(page('<title>Spring notes</title>', '<h1>Spring notes</h1><p>Text.</p>'), 'https://blog.example.com/2021/03/04/spring-notes/');
    expect(metadata.date).toBe('2021-03-04T00:00:00.000Z');
  });

  it('reads the byline beside the headline: author and written date', () => {
    const metadata = read(
      page('<title>Spring notes | Example Blog</title>', '<header><h1>Spring notes</h1><div class="byline">By Jane Doe · March 4, 2021 · 5 min read</div></header><article><p>Body.</p></article>'),
    );
    expect(metadata.author).toBe('Jane Doe');
    expect(metadata.date).toBe('2021-03-04T00:00:00.000Z');
  });

  it('prefers the publication to the last update, and uses the update only when nothing else is given', () => {
    const both = read(page('', '<h1>Guide</h1><p class="meta">Published 1 March 2020</p><p class="meta">Updated May 5, 2023</p>'));
    expect(both.date).toBe('2020-03-01T00:00:00.000Z');
    const labelledInParent = read(page('', '<h1>Guide</h1><span class="post-date">Last updated on <span class="date">Feb 27, 2024</span></span><p>Body.</p>'));
    expect(labelledInParent.date).toBe('2024-02-27T00:00:00.000Z');
    const modifiedMeta = read(page('<meta property="article:modified_time" content="2024-02-28T10:00:00Z">', '<h1>Guide</h1><span class="post-date">Updated Feb 27, 2024</span>'));
    expect(modifiedMeta.date).toBe('2024-02-27T00:00:00.000Z');
  });

  it('never takes a copyright year, a bare year or a date after the retrieval', () => {
    const footer = '<footer><p>© 2024 Example Media</p><p>Copyright 2019-2024. All rights reserved.</p></footer>';
    expect(read(page('', `<h1>About us</h1><p>We started in 2019.</p>${footer}`)).date).toBeNull();
    const event = read(page('<meta property="article:published_time" content="2030-01-01T00:00:00Z">', '<h1>Launch party</h1><time datetime="2021-06-01">June 1, 2021</time>'));
    expect(event.date).toBe('2021-06-01T00:00:00.000Z');
  });

  it('reads a labelled publication line far below the headline, but not one in a sidebar or comment', () => {
    const filler = Array.from({ length: 120 }, (_, i) => `<p>Paragraph ${i} of the article.</p>`).join('');
    const below = read(page('', `<h1>Journal indexing</h1>${filler}<div class="meta"><span>Posted on April 13, 2023</span></div>`));
    expect(below.date).toBe('2023-04-13T00:00:00.000Z');
    const noHeadline = read(page('', `<div class="hero">Top 5 HR tools</div>${filler}<p>Published On: 15 August 2025</p>`));
    expect(noHeadline.date).toBe('2025-08-15T00:00:00.000Z');
    const elsewhere = read(page('', `<h1>Journal indexing</h1>${filler}<aside><span>Posted on April 13, 2023</span></aside><div class="comments"><p>Posted on May 1, 2023</p></div>`));
    expect(elsewhere.date).toBeNull();
    // A sentence that only mentions publishing is no label.
    expect(read(page('', `<h1>T</h1>${filler}<p>Published works of 2020 are listed on March 3, 2021.</p>`)).date).toBeNull();
  });

  it('prefers the byline date to a declared date that is later: a migration or template date', () => {
    const ld = (date: string) => `<script type="application/ld+json">${JSON.stringify({ '@type': 'BlogPosting', datePublished: date })}</script>`;
    const byline = '<h1>Startup lessons</h1><div class="byline">Sergio S · 7 min read · Dec 30, 2013</div><p>Body.</p>';
    expect(read(page(ld('2024-08-07T12:01:51Z'), byline)).date).toBe('2013-12-30T00:00:00.000Z');
    // A day later is a time zone, and a later byline date is an update: the declared date stays.
    expect(read(page(ld('2013-12-31T02:00:00Z'), byline)).date).toBe('2013-12-31T02:00:00.000Z');
    expect(read(page(ld('2013-01-05'), byline)).date).toBe('2013-01-05T00:00:00.000Z');
    // A date far below the headline (a citation, a list) is not the byline's.
    const filler = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i}.</p>`).join('');
    expect(read(page(ld('2024-08-07'), `<h1>Review</h1>${filler}<p>Received 2012 Oct 12</p>`)).date).toBe('2024-08-07T00:00:00.000Z');
  });

  it("takes the URL's day over a UTC timestamp one day later: an evening post", () => {
    const head = '<meta property="article:published_time" content="2025-12-19T02:41:41+00:00">';
    expect(read(page(head, '<h1>T</h1>'), 'https://blog.example.com/2025/12/18/t/').date).toBe('2025-12-18T00:00:00.000Z');
    expect(read(page(head, '<h1>T</h1>'), 'https://blog.example.com/2025/12/16/t/').date).toBe('2025-12-19T02:41:41.000Z');
    const local = '<meta property="article:published_time" content="2025-12-19T02:41:41-05:00">';
    expect(read(page(local, '<h1>T</h1>'), 'https://blog.example.com/2025/12/18/t/').date).toBe('2025-12-19T02:41:41.000-05:00');
  });

  it('skips dates labelled as another event than the page: a member joined, a last post', () => {
    const forum = `<h2>Football season</h2><div class="post"><dl class="postprofile"><dd>Founded: Dec 11, 2021</dd></dl><div class="body"><p class="author">by Ann » Tue Aug 27, 2019 1:47 am</p><p>${'The season starts in spring. '.repeat(8)}</p></div></div>`;
    expect(read(page('<title>Football season</title>', forum)).date).toBe('2019-08-27T00:00:00.000Z');
    const thread = `<h1>Projector</h1><div>last post by Bo Sep 26, 2024</div><div class="post"><span>#1 · Jan 3, 2024</span><p>${'Which projector should I buy? '.repeat(8)}</p></div>`;
    expect(read(page('', thread)).date).toBe('2024-01-03T00:00:00.000Z');
  });

  it('reads a <time itemprop="datePublished"> anywhere in the page (microdata), not only beside the headline', () => {
    const filler = Array.from({ length: 120 }, (_, i) => `<span>${i}</span>`).join('');
    const html = page('<meta itemprop="dateModified" content="2024-01-25">', `<h1>Fish</h1>${filler}<div class="post"><time class="hide" itemprop="datePublished" datetime="2006-08-08T22:13+00:00">x</time></div>`);
    expect(read(html).date).toBe('2006-08-08T22:13:00.000Z');
  });

  it("reads a <time> in an article's own footer, not in the page's footer", () => {
    const filler = Array.from({ length: 120 }, (_, i) => `<span>${i}</span>`).join('');
    const own = `<main><article><h1>Puppy training</h1>${filler}<footer class="article-footer"><time datetime="2025-08-12T11:15:06Z">August 12, 2025</time></footer></article></main>`;
    expect(read(page('', own)).date).toBe('2025-08-12T11:15:06.000Z');
    const pages = `<main><h1>Puppy training</h1>${filler}<footer><article><time datetime="2025-08-12T11:15:06Z">August 12, 2025</time></article></footer></main>`;
    expect(read(page('', pages)).date).toBeNull();
  });

  it('reads a "Published" label whose date is the next element, and "Posted on the 15/12/2025"', () => {
    const filler = Array.from({ length: 120 }, (_, i) => `<p>Paragraph ${i} of the article.</p>`).join('');
    expect(read(page('', `<h1>Coffee</h1>${filler}<div class="dateline"><p>Published</p><p>Feb 2, 2023</p></div>`)).date).toBe('2023-02-02T00:00:00.000Z');
    expect(read(page('', `<h1>GCC</h1>${filler}<div>Posted on the 15/12/2025 at 19:00 by Guillaume</div>`)).date).toBe('2025-12-15T00:00:00.000Z');
    // A theme's option names on <body> ("…-related-columns-4") do not make the whole page a sidebar.
    const themed = page('', `<h1>Wedding</h1>${filler}<span>Published On: 15 August 2025</span>`).replace('<body>', '<body class="woo-related-columns-4 footer-fx-none">');
    expect(read(themed).date).toBe('2025-08-15T00:00:00.000Z');
  });

  it("falls back to the first date an article's content shows, and not on other pages", () => {
    const filler = Array.from({ length: 120 }, (_, i) => `<p>Paragraph ${i} of the article.</p>`).join('');
    const body = `<h1>How apps are made</h1>${filler}<div class="author"><p>Moses Kim</p><p>April 8, 2024</p></div>`;
    expect(read(page('<meta property="og:type" content="article">', body)).date).toBe('2024-04-08T00:00:00.000Z');
    expect(read(page('', `<article>${body}</article>`)).date).toBe('2024-04-08T00:00:00.000Z');
    // A product page: the first date is a review's or a release's, not the page's.
    expect(read(page('<meta property="og:type" content="product">', body)).date).toBeNull();
    // Before the last change: a shown date is more likely the publication.
    expect(read(page('<meta property="og:type" content="article"><meta property="article:modified_time" content="2025-01-01">', body)).date).toBe('2024-04-08T00:00:00.000Z');
  });

  it("falls back last to the first date any page's content shows, but not a home page's, a shop's or a list's", () => {
    // A forum thread without markup: the first post's date line (vBulletin's "status icon and date").
    const filler = Array.from({ length: 120 }, (_, i) => `<span>${i}</span>`).join('');
    const thread = `<h1>Wrecked drive?</h1><nav>${filler}</nav><table><tr><td><img src="post_old.gif" alt="Old"> 30th March 2025, 16:26</td></tr><tr><td><p>${'My drive clicks when it spins up. '.repeat(8)}</p></td></tr></table><table><tr><td>2nd April 2025, 09:10</td></tr></table>`;
    expect(read(page('<title>Wrecked drive?</title>', thread), 'https://forums.example.com/showthread.php?t=9').date).toBe('2025-03-30T00:00:00.000Z');
    // A date that prose mentions is no date line.
    const prose = `<h1>Wrecked drive?</h1><nav>${filler}</nav><p>The drive I bought on March 30, 2025 clicks when it spins up.</p>`;
    expect(read(page('', prose), 'https://forums.example.com/showthread.php?t=9').date).toBeNull();
    // The last change still comes first where the page declares one.
    expect(read(page('<meta property="article:modified_time" content="2025-05-01">', thread), 'https://forums.example.com/showthread.php?t=9').date).toBe('2025-05-01T00:00:00.000Z');
    // Not on a home page, nor a page that sells or lists items: the first date there is an item's.
    expect(read(page('', thread), 'https://forums.example.com/').date).toBeNull();
    const product = '<script type="application/ld+json">{"@type":"Product","name":"Drive"}</script>';
    expect(read(page(product, thread), 'https://shop.example.com/drive').date).toBeNull();
    const list = '<script type="application/ld+json">{"@type":"ItemList","itemListElement":[]}</script>';
    expect(read(page(list, thread), 'https://shop.example.com/drives').date).toBeNull();
  });

  it('reads numeric dates by the page language: day first outside US English', () => {
    const british = parseDocument(page('', '<h1>Wine styles</h1><div class="blog-date">03/10/2023</div>').replace('lang="en"', 'lang="en-GB"'));
    expect(readMetadata(british, 'https://wine.example.co.uk/blog/styles', RETRIEVED).date).toBe('2023-10-03T00:00:00.000Z');
    expect(read(page('', '<h1>Wine styles</h1><div class="blog-date">03/10/2023</div>')).date).toBe('2023-03-10T00:00:00.000Z');
  });
});

describe('titles', () => {
  it('drops the site name that <title> and og:title add, keeping the headline', () => {
    const metadata = read(page('<title>How to Bake Bread | Example Kitchen</title><meta property="og:site_name" content="Example Kitchen">', '<h1>How to Bake Bread</h1>'));
    expect(metadata.title).toBe('How to Bake Bread');
    const byHost = read(page('<title>Tax tips for 2025 - Walmart.com</title>', '<p>x</p>'), 'https://www.walmart.com/tips');
    expect(byHost.title).toBe('Tax tips for 2025');
  });

  it('keeps the site name on its home page, where the site is the subject', () => {
    const metadata = read(page('<title>Loom | Free screen recorder for Mac and PC</title>', '<h1>One video is worth a thousand words</h1>'), 'https://www.loom.com/');
    expect(metadata.title).toBe('Loom | Free screen recorder for Mac and PC');
  });

  it('prefers the declared title that agrees with the H1, and an article headline over its SEO title', () => {
    const agreeing = read(page('<meta property="og:title" content="Casual Dresses - Shop Summer Dresses">', '<nav><h1>Shop</h1></nav><h1>Casual Dresses</h1>'));
    expect(agreeing.title).toBe('Casual Dresses - Shop Summer Dresses');
    const article = read(page('<meta property="og:type" content="article"><meta property="og:title" content="10 best kettles (2025)">', '<h1>Perfect your pour: the kettles we tested</h1>'));
    expect(article.title).toBe('Perfect your pour: the kettles we tested');
    const slogan = read(page('<meta property="og:title" content="Workforce Management Software">', '<h1>HR, Scheduling, and Payroll</h1>'));
    expect(slogan.title).toBe('Workforce Management Software');
  });

  it("passes over a placeholder og:title (a CMS's \"Home\") for the next declared title", () => {
    const home = read(page('<title>Translators USA: Professional Translation Services</title><meta property="og:title" content="Home">', '<h1>Certified translations in 24 hours</h1>'), 'https://translatorsusa.org/');
    expect(home.title).toBe('Translators USA: Professional Translation Services');
    // A page called so in words of its own keeps them.
    expect(read(page('<title>Home Insurance Quotes</title>', '<p>x</p>')).title).toBe('Home Insurance Quotes');
  });
});

describe('titles: H1s that are not the headline', () => {
  it('skips an H1 that names the site (a masthead), except on the home page', () => {
    const head = '<meta property="og:type" content="article"><meta property="og:site_name" content="Human in the Loop"><meta property="og:title" content="AI Trains on Your Art">';
    expect(read(page(head, '<h1>Human in the Loop</h1><p>Text.</p>')).title).toBe('AI Trains on Your Art');
    const masthead = page('<meta property="og:site_name" content="Human in the Loop">', '<h1>Human in the Loop</h1><p>Text.</p>');
    expect(read(masthead, 'https://loop.example.com/').title).toBe('Human in the Loop');
    expect(read(masthead, 'https://loop.example.com/posts/ai-art').title).toBeNull();
  });

  it("takes an article's H1 only when it shares a word with the declared title: else it is a section name", () => {
    const head = '<meta property="og:type" content="article"><meta property="og:title" content="Actuary\'s Industry Choice - Consulting or Insurance?">';
    expect(read(page(head, '<h1>Our BLOG</h1>')).title).toBe("Actuary's Industry Choice - Consulting or Insurance?");
    expect(read(page(head, '<h1>Choosing an industry as an actuary</h1>')).title).toBe('Choosing an industry as an actuary');
  });

  it('takes the H1 that continues a declared title cut short', () => {
    const metadata = read(page('<title>Ergonomic desk step by step: how to set up your monitor, laptop, and k | Oakywood</title><meta property="og:site_name" content="Oakywood">', '<h1>Ergonomic desk step by step: how to set up your monitor, laptop, and keyboard (checklist)</h1>'));
    expect(metadata.title).toBe('Ergonomic desk step by step: how to set up your monitor, laptop, and keyboard (checklist)');
  });

  it('takes the H1 that says a declared title with newer numbers: the page was updated, its og:title not', () => {
    const head = '<meta property="og:title" content="How to Install Solar Panels in 2025"><title>How to Install Solar Panels in 2026 | EnergySage</title>';
    expect(read(page(head, '<h1>How to install solar panels in 2026</h1>')).title).toBe('How to install solar panels in 2026');
    // Other words are another title, numbers or not.
    expect(read(page(head, '<h1>Solar panel costs in 2026</h1>')).title).toBe('How to Install Solar Panels in 2025');
  });

  it('repairs UTF-8 that was read as Windows-1252 (mojibake)', () => {
    expect(read(page('<title>A DIY Investor\u00e2\u20ac\u2122s Guide</title>', '<p>x</p>')).title).toBe('A DIY Investor’s Guide');
    expect(repairMojibake('itertools \u00e2\u0080\u0094 Functions')).toBe('itertools — Functions');
    // Text that does not decode as UTF-8 stays as written.
    expect(repairMojibake('Crème brûlée à la carte')).toBe('Crème brûlée à la carte');
  });
});

describe('authors', () => {
  it('does not take a URL for a name, and reads microdata beside the headline', () => {
    const metadata = read(
      page(
        '<meta property="article:author" content="https://www.facebook.com/example">',
        '<h1>Field notes</h1><p>Posted by <span itemprop="author" itemscope><a href="/u/1"><span itemprop="name">Ravi Patel</span></a></span></p>',
      ),
    );
    expect(metadata.author).toBe('Ravi Patel');
  });

  it('cleans labels, dates and roles off the name, and refuses the site name, sentences and roles', () => {
    expect(read(page('', '<h1>T</h1><div class="post-author">Written by: Maria Gomez | Staff Writer</div>')).author).toBe('Maria Gomez');
    expect(read(page('<meta name="author" content="Example News">', '<h1>T</h1>').replace('<head>', '<head><meta property="og:site_name" content="Example News">')).author).toBeNull();
    expect(read(page('', '<h1>T</h1><p>By default, we keep your photos for thirty days.</p>')).author).toBeNull();
    expect(read(page('', '<h1>T</h1><div class="author">Author</div>')).author).toBeNull();
    // "Written" opens a section heading here, not a byline; a post's filing is no name either.
    expect(read(page('', '<h1>Event planning skills</h1><h3>Written Communication</h3><p>Body.</p>')).author).toBeNull();
    expect(read(page('<meta property="og:site_name" content="ShawnHymel">', '<h1>T</h1><div class="entry-meta">By: ShawnHymel | December 16, 2025 | Categories: Uncategorized</div>')).author).toBeNull();
    expect(read(page('', '<h1>T</h1><p>Posted byDamien Walter</p>')).author).toBe('Damien Walter');
  });

  it('lets a declared login handle yield to the full name in the byline, and keeps it when the byline has none', () => {
    const byline = '<h1>WordPress alternatives</h1><div class="meta"><time datetime="2025-08-27">August 27, 2025</time> <span>by</span> <a rel="author" href="/blog/author/jrobison/">John Robison</a></div><p>Body.</p>';
    expect(read(page('<meta name="author" content="jrobison">', byline)).author).toBe('John Robison');
    // A full name declared stays first, whatever the byline says.
    expect(read(page('<meta name="author" content="Jane Roe">', byline)).author).toBe('Jane Roe');
    // On a thread the handle is the poster; one capitalised word beside the headline is no full name.
    const thread = '<h1>Best first telescope?</h1><div class="username">Aarknoid</div><p>Body.</p>';
    expect(read(page('<meta name="author" content="slow-poke">', thread)).author).toBe('slow-poke');
    expect(read(page('<meta name="author" content="slow-poke">', '<h1>Best first telescope?</h1><p>Body.</p>')).author).toBe('slow-poke');
  });

  it("reads an author box at the end of the article: a labelled line, the name on it or in the next element", () => {
    const story = `<h1>Link building in 2026</h1>${'<p>Links still matter for search, and here is why they do.</p>'.repeat(120)}`;
    const box = (inner: string) => read(page('', `${story}<div class="box">${inner}</div><footer><p>Written by Site Team</p></footer>`)).author;
    expect(box('<div class="label">Written by</div><div class="name">Jack Shepherd</div><div>Hi! I am Jack.</div>')).toBe('Jack Shepherd');
    expect(box('<p>Written by John Crenshaw</p>')).toBe('John Crenshaw');
    // A filter or a menu item is no label, nor is a label over something other than a person's name.
    expect(box('<ul><li>By Use Case</li><li>By Business Need</li></ul>')).toBeNull();
    expect(box('<p>Posted by the marketing department of a large company</p>')).toBeNull();
    // The footer's line is the site's, never the article's.
    expect(box('')).toBeNull();
  });

  it("reads the link preview's \"Written by\" pair when the page names no author otherwise, after the byline", () => {
    const preview = '<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Nawaz Dhandala"><meta name="twitter:label2" content="Est. reading time"><meta name="twitter:data2" content="9 minutes">';
    expect(read(page(preview, '<h1>GraphQL schema design</h1><p>Body.</p>')).author).toBe('Nawaz Dhandala');
    expect(read(page(preview, '<h1>GraphQL schema design</h1><p class="byline">By Christian Dupuis</p><p>Body.</p>')).author).toBe('Christian Dupuis');
    expect(read(page('<meta name="twitter:label1" content="Est. reading time"><meta name="twitter:data1" content="9 minutes">', '<h1>T</h1><p>Body.</p>')).author).toBeNull();
  });

  it('reads the name on a date line that carries no label', () => {
    const metadata = read(page('', '<h1>IT security basics</h1><div><span>Trevor Jackins</span> <span>9 min read</span> <span>October 8, 2025</span></div><p>Body.</p>'));
    expect(metadata.author).toBe('Trevor Jackins');
    expect(metadata.date).toBe('2025-10-08T00:00:00.000Z');
  });
});
