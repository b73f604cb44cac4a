import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../../src/extraction/dom/dom.js';
import { findMainContent } from '../../../../src/extraction/main-content/index.js';
import { plainText } from '../../../../src/extraction/dom/text.js';
import { extract, paragraphs } from './fixtures.js';

const PAGE_URL = 'https://example.com/page';
const siteNav = `<header><a href="/">Logo</a><nav><ul><li><a href="/a">Home menu</a></li><li><a href="/b">Shop menu</a></li></ul></nav></header>`;
const siteFooter = `<footer><p>Copyright footer text</p><a href="/privacy">Privacy policy</a></footer>`;
const cookieBanner = `<div class="cookie-consent">We use cookies banner. <a href="/cookies">Accept cookies</a></div>`;

describe('findMainContent', () => {
  it('keeps an article body and drops navigation, cookie banner, share bar, related links and footer', () => {
    const text = extract(`${siteNav}${cookieBanner}
      <main><article><h1>Article title</h1>${paragraphs('rivers', 6)}
        <div class="share-bar"><a href="/s1">Share on network</a></div>
        <h3>Related stories</h3><ul><li><a href="/r1">Related story one</a></li><li><a href="/r2">Related story two</a></li></ul>
      </article></main>${siteFooter}`, PAGE_URL);
    expect(text).toContain('sentence 5 about rivers');
    for (const junk of ['Home menu', 'cookies banner', 'Share on network', 'Related story one', 'Copyright footer']) expect(text).not.toContain(junk);
  });

  it('keeps every post of a forum thread, not only the longest one', () => {
    const posts = Array.from(
      { length: 5 },
      (_, i) => `<div class="message"><div class="message-user"><a href="/u${i}">user${i}</a></div><div class="message-body">${paragraphs(`post${i}`, i === 0 ? 4 : 1)}</div></div>`,
    ).join('');
    const text = extract(`${siteNav}<div class="thread"><h1>Thread title</h1>${posts}</div>${siteFooter}`, 'https://forum.example.com/threads/a-question.123/');
    for (let i = 0; i < 5; i++) expect(text).toContain(`about post${i}`);
    expect(text).not.toContain('Home menu');
  });

  it('keeps a product description and specification table but not related products or footer', () => {
    const related = Array.from({ length: 6 }, (_, i) => `<li><a href="/p${i}">Related product ${i}</a> $${i}9</li>`).join('');
    const text = extract(
      `${siteNav}<div class="product"><h1>Trail Shoe</h1><p class="price">$120</p>
        <div class="description">${paragraphs('the shoe', 2)}</div>
        <table><tr><th>Weight</th><td>280 g</td></tr><tr><th>Drop</th><td>6 mm</td></tr></table></div>
        <section class="related-products"><h2>You may also like</h2><ul>${related}</ul></section>${siteFooter}`,
      'https://shop.example.com/products/trail-shoe',
    );
    expect(text).toContain('sentence 1 about the shoe');
    expect(text).toContain('280 g');
    expect(text).not.toContain('Related product 3');
    expect(text).not.toContain('Copyright footer');
  });

  it('keeps the structure the pipeline needs: headings, lists, code and images with alt text', () => {
    const main = findMainContent(
      parseDocument(`<body><article><h2>Install</h2>${paragraphs('setup', 3)}<ul><li>First step item</li><li>Second step item</li></ul>
        <pre><code class="language-js">const answer = 42;</code></pre><img src="/d.png" alt="Diagram of the setup">${paragraphs('usage', 3)}</article></body>`),
      'https://docs.example.com/guide',
    );
    expect(main).not.toBeNull();
    const root = main!.root;
    expect(root.querySelector('h2')?.textContent).toBe('Install');
    expect(root.querySelectorAll('li').length).toBe(2);
    expect(root.querySelector('pre code')?.textContent).toContain('const answer = 42;');
    expect(root.querySelector('img')?.getAttribute('alt')).toBe('Diagram of the setup');
  });

  it('reads content that a <![CDATA[ would otherwise hide from the parser', () => {
    const text = extract(`<![CDATA[ stray ]]><div class="post">${paragraphs('hidden thread', 3)}</div>`, PAGE_URL);
    expect(text).toContain('sentence 2 about hidden thread');
  });

  it('reads a thread served inside <noscript> to clients without scripts', () => {
    const text = extract(`<noscript><div id="main-outlet"><h1>Topic</h1>${paragraphs('crawler view', 3)}</div></noscript>`, PAGE_URL);
    expect(text).toContain('sentence 1 about crawler view');
  });

  it('reads a page whose <html> opens with a script before <head> (browsers move it into the head)', () => {
    const page = `<!doctype html><html lang="en"><script>window.pageData = {}</script><head><title>T</title></head><body class="blog"><article>${paragraphs('early script', 3)}</article></body></html>`;
    const document = parseDocument(page);
    expect(document.body.getAttribute('class')).toBe('blog');
    const main = findMainContent(document, 'https://example.com/');
    expect(main && plainText(main.root)).toContain('sentence 2 about early script');
  });

  it('reads a page with markup before its <html> (a PHP warning, a stray style), as browsers open the body for it', () => {
    const warning = "<br />\n<b>Warning</b>:  mysql_get_server_info(): Access denied in <b>/www/plugin.php</b> on line <b>2</b><br />\n";
    const page = `${warning}<!DOCTYPE html><html lang="de"><head><title>T</title></head><body class="single-post"><article>${paragraphs('late start', 3)}</article></body></html>`;
    const document = parseDocument(page);
    expect(document.body.getAttribute('class')).toBe('single-post');
    expect(document.title).toBe('T');
    const main = findMainContent(document, 'https://example.com/');
    expect(main && plainText(main.root)).toContain('sentence 2 about late start');
    const styled = parseDocument(`<!DOCTYPE html><style>.a{color:red}</style><html><head><title>T</title></head><body class="product"><main>${paragraphs('styled', 3)}</main></body></html>`);
    expect(styled.body.getAttribute('class')).toBe('product');
    expect(styled.head.querySelector('style')).not.toBeNull();
  });

  it('reads a page that leaves out the optional <html>, <head> and <body> tags', () => {
    const article = `<article>${paragraphs('optional tags', 3)}</article>`;
    for (const page of [`<!DOCTYPE html><head><title>T</title></head><body class="post">${article}</body>`, `<!DOCTYPE html><title>T</title><meta charset="utf-8">${article}`]) {
      const document = parseDocument(page);
      expect(document.documentElement.tagName).toBe('HTML');
      expect(document.title).toBe('T');
      const main = findMainContent(document, 'https://example.com/');
      expect(main && plainText(main.root)).toContain('sentence 2 about optional tags');
    }
  });

  it('reads a page that closes its <head> and leaves out <body>, as browsers open the body after it', () => {
    const page = `<!DOCTYPE html><html lang=es><head><title>T</title></head> <a href=#content class=skip-link>Skip</a><main id=content><article>${paragraphs('omitted body', 3)}</article></main><script>var x = 1;</script></html>`;
    const document = parseDocument(page);
    expect([...document.documentElement.children].map((child) => child.tagName)).toEqual(['HEAD', 'BODY']);
    expect(document.body.querySelector('main article')).not.toBeNull();
    expect(document.title).toBe('T');
    const main = findMainContent(document, 'https://example.com/');
    expect(main && plainText(main.root)).toContain('sentence 2 about omitted body');
  });

  it("reads a page whose old IE conditional comments open a second <html>, or a third, as browsers merge them into the first", () => {
    const opened = (times: number) => Array.from({ length: times }, (_, i) => `<!--[if gt IE ${8 + i}]><!--><html class="js${i}"><!--<![endif]-->`).join('\n');
    for (const times of [1, 3]) {
      const page = `<!DOCTYPE HTML><html lang="en">${opened(times)}<head><title>T</title></head><body class="post"><article>${paragraphs('fatherhood', 3)}</article></body></html>`;
      const document = parseDocument(page);
      expect([...document.documentElement.children].map((child) => child.tagName)).toEqual(['HEAD', 'BODY']);
      expect(document.documentElement.getAttribute('lang')).toBe('en');
      expect(document.documentElement.getAttribute('class')).toBe('js0');
      expect(document.body.getAttribute('class')).toBe('post');
      const main = findMainContent(document, 'https://example.com/');
      expect(main && plainText(main.root)).toContain('sentence 2 about fatherhood');
    }
  });

  it('reads a page without a <head> start tag, its metas and title straight after <html>, as browsers open the head for them', () => {
    const page = `<!DOCTYPE html><html lang=en><meta charset=UTF-8><meta name=author content=WRAL><title>Volunteer in Raleigh</title><link rel=icon href=/i.png><body class=story><article>${paragraphs('volunteering', 3)}</article></body></html>`;
    const document = parseDocument(page);
    expect([...document.documentElement.children].map((child) => child.tagName)).toEqual(['HEAD', 'BODY']);
    expect(document.title).toBe('Volunteer in Raleigh');
    expect(document.head.querySelectorAll('meta')).toHaveLength(2);
    expect(document.body.getAttribute('class')).toBe('story');
    const main = findMainContent(document, 'https://example.com/');
    expect(main && plainText(main.root)).toContain('sentence 2 about volunteering');
  });

  it('reads the story when an unclosed site header takes the whole page, <main> included, into it', () => {
    const header = '<header id="header" role="banner"><a href="/">Día a Día</a><ul><li><a href="/fama">Fama</a></li><li><a href="/deportes">Deportes</a></li></ul>';
    const text = extract(`${header}<main><article><h1>Ulpiano Vergara</h1>${paragraphs('registered name', 3)}</article></main>`, PAGE_URL);
    expect(text).toContain('sentence 2 about registered name');
  });

  it('keeps a wrapper named for the sidebar beside it (cb-sidebar-right) when it holds the article body', () => {
    const menu = Array.from({ length: 40 }, (_, i) => `<li><a href="/podcast/${i}">Podcast episode number ${i} with a long title</a></li>`).join('');
    const body =
      `<div class="menu-wrap"><ul>${menu}</ul></div><div class="entry-header"><h1>Nora Bossong</h1></div>` +
      '<div class="post-wrap cb-sidebar-right"><div class="cb-main"><article><section itemprop="articleBody">' +
      '<p>Nora Bossong talks about writing her novel, nominated for the German Book Prize, whose heroine must question her own role as a UN envoy.</p>' +
      '<p>The interview was held by Nicole Collignon.</p></section></article></div></div>';
    expect(extract(body, PAGE_URL)).toContain('The interview was held by Nicole Collignon.');
  });

  it('drops modal dialogs however long their prose (policy pop-ups), unless they hold the page title', () => {
    const modal = `<div role="dialog" aria-modal="true" id="modal-refund"><h1>Refund policy</h1>${paragraphs('refund policy', 8)}</div>`;
    const text = extract(`<main><h1>Wool Runner</h1><p>$110</p>${paragraphs('wool shoe', 2)}</main><footer>${modal}</footer>`, PAGE_URL);
    expect(text).toContain('sentence 1 about wool shoe');
    expect(text).not.toContain('refund policy');
    const wrapped = extract(`<div role="dialog">${'<h1>Only title</h1>'}${paragraphs('dialog article', 3)}</div>`, PAGE_URL);
    expect(wrapped).toContain('sentence 2 about dialog article');
  });

  it('hands over the chosen nodes without a second parse: attribute values as the page gave them, every node in the root\'s document', () => {
    const page = `<html><head><title>Page title</title></head><body>${siteNav}
      <article><h1>Article title</h1>${paragraphs('rivers', 6)}<p><img src="/a.png" alt="Source &amp;amp; Photo: Ann"></p></article>${siteFooter}</body></html>`;
    const main = findMainContent(parseDocument(page), PAGE_URL)!;
    // Serialised and parsed again, the attribute's "&amp;" was read as "&".
    expect(main.root.querySelector('img')?.getAttribute('alt')).toBe('Source &amp; Photo: Ann');
    const nodes = [...main.root.querySelectorAll('*')];
    expect(nodes.length).toBeGreaterThan(6);
    for (const node of nodes) expect(node.isConnected).toBe(true);
    expect(main.title).toBe('Page title');
  });

  it('returns null for a page without content, never an empty root', () => {
    expect(findMainContent(parseDocument(`<body>${siteNav}<script>var x = 1;</script></body>`), 'https://example.com/')).toBeNull();
  });

  it('drops photo credits, datelines, bylines, widget labels and "Related:" pointers from an article', () => {
    const text = extract(
      `<main><article><h1>Storm hits coast</h1><p>By Jane Doe - 11/18/19 11:04 PM EST</p><p>Updated 10:02 AM EST Nov 19, 2019</p>
        ${paragraphs('the storm', 3)}<div>Photo: Sam Lee, AP</div><p>Waves break over the pier in the harbour town. (AP Photo/Sam Lee)</p>
        <div>The core stage at the assembly facility after its four engines went in. (credit: NASA/Jude Guidry)</div>
        <div>Advertisement</div><p>Related: <a href="/other">Earlier storm flooded the town</a></p>${paragraphs('the aftermath', 3)}</article></main>`,
      'https://news.example.com/2019/11/storm',
    );
    expect(text).toContain('sentence 2 about the storm');
    expect(text).toContain('sentence 2 about the aftermath');
    for (const junk of ['Jane Doe', 'Updated 10:02', 'Sam Lee', 'Waves break', 'The core stage', 'Advertisement', 'Earlier storm']) expect(text).not.toContain(junk);
  });

  it('drops pointers to other stories labelled in other languages ("Lea también:", "Lesen Sie auch:", "Czytaj też:", "Mire:")', () => {
    const pointers = ['Lea también: <a href="/a">Impiden ingreso a reportero</a>', 'Lesen Sie auch: <a href="/b">Die Wahl in Berlin</a>', 'Czytaj też: <a href="/c">Nowy rząd w Warszawie</a>', 'À lire aussi : <a href="/d">La réforme des retraites</a>', 'LE PUEDE INTERESAR: <a href="/e">La ficha del expresidente</a>', 'Mire: <a href="/f">El cantante da positivo</a>'];
    const text = extract(
      `<main><article><h1>Storm hits coast</h1>${paragraphs('the storm', 3)}${pointers.map((pointer) => `<p>${pointer}</p>`).join('')}${paragraphs('the aftermath', 3)}</article></main>`,
      'https://news.example.com/2019/11/storm',
    );
    expect(text).toContain('sentence 2 about the aftermath');
    for (const junk of ['Impiden ingreso', 'Die Wahl', 'Nowy rząd', 'La réforme', 'La ficha del', 'El cantante']) expect(text).not.toContain(junk);
  });

  it('drops lone widget labels in other languages ("Ähnliche Beiträge", "À lire aussi", "Kommentare") and keeps headings that say more', () => {
    const labels = ['Ähnliche Beiträge', 'À lire aussi', 'Kommentare', 'Zobacz również', 'Das könnte Sie auch interessieren!'];
    const text = extract(
      `<main><article><h1>Sturm an der Küste</h1>${paragraphs('the storm', 3)}<h2>Kommentare der Anwohner zum Sturm</h2>${paragraphs('the aftermath', 3)}${labels.map((label) => `<h3>${label}</h3>`).join('')}</article></main>`,
      'https://news.example.com/2019/11/sturm',
    );
    expect(text).toContain('Kommentare der Anwohner zum Sturm');
    expect(text).toContain('sentence 2 about the aftermath');
    for (const label of labels) expect(text.split('\n')).not.toContain(label);
  });

  it('keeps dates that recur on every item of a listing', () => {
    const items = Array.from(
      { length: 6 },
      (_, i) => `<li class="repo"><h3><a href="/r${i}">Repository number ${i}</a></h3><p>A tool for parsing format ${i} files quickly and safely.</p><p>Updated Mar ${i + 1}, 2026</p></li>`,
    ).join('');
    const text = extract(`${siteNav}<main><h1>Repositories</h1><ul class="repos">${items}</ul></main>${siteFooter}`, 'https://code.example.com/org/repositories');
    expect(text).toContain('Repository number 5');
    expect(text).toContain('Updated Mar 6, 2026');
  });

  it('drops long reader comments under a page that declares itself an article', () => {
    const comments = Array.from({ length: 4 }, (_, i) => `<li class="comment">${paragraphs(`reader view ${i}`, 3)}</li>`).join('');
    const jsonLd = `<script type="application/ld+json">{"@type":"BlogPosting","headline":"Open thread"}</script>`;
    const text = extract(`${jsonLd}<main><article><h1>Open thread</h1>${paragraphs('the thread', 1)}</article><ol class="comment-list">${comments}</ol></main>`, 'https://blog.example.com/2018/09/open-thread');
    expect(text).toContain('sentence 0 about the thread');
    expect(text).not.toContain('reader view 2');
  });
});
