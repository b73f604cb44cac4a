import { Readability } from '@mozilla/readability';
import { describe, expect, it } from 'vitest';
import { inlineStyleValue } from '../../../../src/extraction/dom/inline-style.js';
import { bodyHolding, type DomDocument, parseDocument } from '../../../../src/extraction/dom/dom.js';
import { cleanContent } from '../../../../src/extraction/main-content/cleanup.js';
import { rootPassesFor } from '../../../../src/extraction/main-content/policy.js';
import { PithReadability, runReadability } from '../../../../src/extraction/main-content/readability.js';

const STYLES = [
  'display:none',
  'display: none;',
  ' DISPLAY:none',
  'color:red; display : none ; visibility:hidden',
  'display:none;display:block',
  'display:block;display:none',
  'display:',
  'display:;visibility:hidden',
  ':none',
  'display',
  'background:url(a:b);display:none',
  'visibility: hidden !important',
  'display:none !important',
  'font: 12px/1.5 a;;;visibility:hidden;',
  'display:\tnone',
  '',
];

const PAGE = `<!doctype html><html><body>
  ${STYLES.map((style) => `<div style="${style}">x</div>`).join('\n')}
  <p hidden>h</p><p aria-hidden="true">a</p><p aria-hidden="false">b</p>
  <p aria-hidden="true" class="mwe-math-fallback-image-inline">m</p><span>plain</span>
  <svg aria-hidden="true" class="fallback-image" style="display:none"><path d="M0"/></svg><svg aria-hidden="true"></svg></body></html>`;

describe("Readability's visibility test without linkedom's style objects", () => {
  const document = parseDocument(PAGE) as unknown as Document;
  const elements = [...document.body.querySelectorAll('*')];
  const readability = new Readability(document) as unknown as { _isProbablyVisible(node: Element): boolean };
  const ours = new PithReadability(document) as unknown as { _isProbablyVisible(node: Element): boolean };

  it.each(STYLES)('reads %j as linkedom’s style object does', (style) => {
    const element = document.createElement('div');
    element.setAttribute('style', style);
    for (const property of ['display', 'visibility', 'color']) expect(inlineStyleValue(element, property)).toBe((element.style as unknown as Record<string, string>)[property]);
  });

  it('judges every element as Readability 0.6.0 does (its one caller reads only truthiness)', () => {
    expect(elements.length).toBeGreaterThan(STYLES.length);
    for (const element of elements) expect(ours._isProbablyVisible(element)).toBe(Boolean(readability._isProbablyVisible(element)));
  });

  it('but sees a link hidden from screen readers only (aria-hidden and tabindex -1: it repeats a link on screen)', () => {
    const page = parseDocument('<body><a href="/s" aria-hidden="true" tabindex="-1">Teaser</a><a href="/s" aria-hidden="true">Icon</a></body>') as unknown as Document;
    const [duplicate, hidden] = [...page.body.querySelectorAll('a')];
    const pith = new PithReadability(page) as unknown as { _isProbablyVisible(node: Element): boolean };
    expect(pith._isProbablyVisible(duplicate!)).toBe(true);
    expect(pith._isProbablyVisible(hidden!)).toBe(false);
  });
});

describe('Readability with inner texts kept through _cleanConditionally', () => {
  const links = (n: number) => Array.from({ length: n }, (_, k) => `<a href="/l${k}">link number ${k}</a>`).join(' ');
  const prose = (words: number) => Array.from({ length: words }, (_, k) => `word${k % 17}, and more`).join(' ');
  // Nested candidates: link-heavy divs are condemned, and their removal changes the texts of the divs around them.
  const PAGE = `<!doctype html><html><head><title>Title of the page</title></head><body><article>
    <div class="outer"><div class="menu">${links(12)}</div><p>${prose(60)}</p>
      <div class="mid"><div class="share">${links(6)}</div><ul><li>${links(2)}</li><li>${links(3)}</li></ul><p>${prose(8)}</p></div>
      <table><tr><td>${links(4)}</td><td>cell</td></tr></table><form><input><input><p>short</p></form>
      <div><img src="a.png"><img src="b.png"><p>${prose(3)}</p></div><p>${prose(80)}</p></div></article></body></html>`;

  type Cleaner = { _cleanConditionally(element: Element, tag: string): void; _flags: number };
  it.each(['div', 'ul', 'table', 'form'])('removes the same %s elements as Readability 0.6.0', (tag) => {
    const theirs = parseDocument(PAGE) as unknown as Document;
    const ours = parseDocument(PAGE) as unknown as Document;
    const their = new Readability(theirs) as unknown as Cleaner;
    const our = new PithReadability(ours) as unknown as Cleaner;
    their._cleanConditionally(theirs.body, tag);
    our._cleanConditionally(ours.body, tag);
    expect(ours.body.innerHTML).toBe(theirs.body.innerHTML);
  });

  it('parses to the same article', () => {
    const theirs = new Readability(parseDocument(PAGE) as unknown as Document).parse();
    const ours = new PithReadability(parseDocument(PAGE) as unknown as Document).parse();
    expect(ours).toEqual(theirs);
  });
});

describe("Readability's content and byline tests, text read last and only as far as needed", () => {
  const BYLINES = `<!doctype html><html><body>
    <div id="empty"></div><div id="spaces">  \n\t\u00a0 </div><div><br><hr>  </div><div><br><span> </span></div>
    <section><p>text</p></section><div><!-- comment only --></div><div><span></span><b>\ufeff</b></div>
    <div><span>  </span><i>late text</i></div><h2> </h2><h3><br></h3><div><template><p>t</p></template></div>
    <a rel="author">Jane Doe</a><a rel="author">  </a><span itemprop="author">${'x'.repeat(120)}</span>
    <span itemprop="authorName">Ann</span><div class="byline">By Bob</div><div class="other">By Bob</div>
    <p class="p-author"></p><div id="dateline">May 2</div></body></html>`;
  type Tests = { _isElementWithoutContent(node: Element): boolean; _isValidByline(node: Element, matchString: string): boolean };
  const document = parseDocument(BYLINES) as unknown as Document;
  const elements = [...document.body.querySelectorAll('*')];
  const readability = new Readability(document) as unknown as Tests;
  const ours = new PithReadability(document) as unknown as Tests;

  it('judges every element without content as Readability does', () => {
    for (const element of elements) expect(ours._isElementWithoutContent(element), element.outerHTML).toBe(readability._isElementWithoutContent(element));
    expect(elements.filter((element) => ours._isElementWithoutContent(element)).length).toBeGreaterThan(3);
  });

  it('judges every byline as Readability does', () => {
    for (const element of elements) {
      const matchString = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
      expect(ours._isValidByline(element, matchString), element.outerHTML).toBe(Boolean(readability._isValidByline(element, matchString)));
    }
    expect(elements.filter((element) => ours._isValidByline(element, `${element.className} ${element.id}`)).length).toBeGreaterThan(2);
  });
});

describe('runReadability', () => {
  const sentence = (topic: string, k: number) => `Sentence ${k} about ${topic}, with a comma and enough words to count as prose.`;
  const block = (topic: string, n: number) => Array.from({ length: n }, (_, k) => sentence(topic, k)).join(' ');

  it('keeps a short pick: it starts over with looser rules only when its pick has no text', () => {
    // Its first pass cleans the link list out of the story as navigation; starting over without that cleaning
    // (below its default 500 characters) would hand back the list too.
    const links = Array.from({ length: 12 }, (_, k) => `<p><a href="/topics/${k}">Topic number ${k} of the archive</a></p>`).join('');
    const document = parseDocument(`<!doctype html><html><body>
      <article><p>${sentence('the story', 1)}</p><div>${links}</div></article></body></html>`) as unknown as Document;
    const result = runReadability(document);
    expect(result?.textLength).toBeLessThan(200);
    expect(result?.content.textContent).toContain('about the story');
    expect(result?.content.textContent).not.toContain('Topic number 11');
  });

  it('judges no name by a word inside it: a table classed "sticky-header" is kept (our boilerplate pass reads whole words first)', () => {
    const rows = Array.from({ length: 12 }, (_, k) => `<tr><td>${1901 + k}</td><td>Laureate number ${k}</td><td>Physics</td></tr>`).join('');
    const document = parseDocument(`<!doctype html><html><body><div class="mw-body"><h1>List of laureates</h1>
      <p>${block('the prizes', 4)}</p><table class="wikitable sortable sticky-header"><tr><th>Year</th><th>Laureate</th><th>Field</th></tr>${rows}</table>
      <p>${block('the ceremony', 4)}</p></div></body></html>`) as unknown as Document;
    expect(runReadability(document)?.content.textContent).toContain('Laureate number 11');
  });

  it("keeps headings whose only class words are Tailwind's scroll margins (`scroll-mt-20` is no scroller), drops a share bar's heading", () => {
    const heading = (id: string, text: string) => `<h2 class="scroll-mt-20 flex items-center gap-2" id="${id}"><a href="#${id}">${text}</a></h2>`;
    const document = parseDocument(`<!doctype html><html><body><article class="prose">
      ${heading('prerequisites', 'Prerequisites')}<p>${block('the set-up', 4)}</p>
      ${heading('step-1', 'Step 1: Set up the project')}<p>${block('the project', 4)}</p>
      <h2 class="share-title">Share this page</h2><p>${block('the services', 4)}</p></article></body></html>`) as unknown as Document;
    const text = runReadability(document)?.content.textContent ?? '';
    expect(text).toContain('Prerequisites');
    expect(text).toContain('Step 1: Set up the project');
    expect(text).toContain('about the services');
    expect(text).not.toContain('Share this page');
  });

  it('hands over its article element with lower-case tag names (linkedom keeps "DIV" as Readability spells it)', () => {
    const document = parseDocument(`<!doctype html><html><body><article><p>${block('rivers', 6)}</p></article></body></html>`) as unknown as Document;
    const content = runReadability(document)?.content;
    expect(content?.innerHTML).toContain('about rivers');
    expect(content?.outerHTML).not.toMatch(/<\/?[A-Z]/);
  });

  it('keeps the class names of its pick, so the cleanup rules that read names (captions, bylines) work on it too', () => {
    const document = parseDocument(`<!doctype html><html><body><div class="entry">
      <p>${block('solar costs', 4)}</p>
      <p class="wp-caption-text">Panels on a factory roof, as a caption says.</p>
      <p>${block('module efficiency', 4)}</p><p class="post-meta">Updated March 3, 2026</p></div></body></html>`) as unknown as Document;
    // As the pipeline does (find-main-content.ts), the pick's nodes go into a page's body, then the cleanup runs.
    const body = bodyHolding(document as unknown as DomDocument, [...runReadability(document)!.content.childNodes]) as unknown as Element;
    expect(body.querySelector('.wp-caption-text')).not.toBeNull();
    cleanContent(body, rootPassesFor('article'), 'readability');
    expect(body.textContent).toContain('about module efficiency');
    expect(body.textContent).not.toContain('as a caption says');
    expect(body.textContent).not.toContain('March 3, 2026');
  });

  it('keeps the class of a DIV it turns into a paragraph (a caption written as a div), for the cleanup after it', () => {
    const document = parseDocument(`<!doctype html><html><body><div class="ArticleBody">
      <p>${block('jet orders', 4)}</p>
      <div class="InlineImage-wrapper"><div class="InlineImage-imageEmbedCaption">The prime minister passes a passenger aircraft at the air show.</div></div>
      <div class="wp-caption"><p class="lead-in">Engines on the test stand, seen from the hangar door.</p></div>
      <p>${block('airline expansion', 4)}</p><div class="story-text">${block('the air show', 3)}</div></div></body></html>`) as unknown as Document;
    const content = runReadability(document)!.content;
    expect(content.querySelector('p.InlineImage-imageEmbedCaption')?.textContent).toContain('passes a passenger aircraft');
    expect(content.querySelector('p.lead-in')?.getAttribute('class')?.split(' ')).toContain('wp-caption');
    const body = bodyHolding(document as unknown as DomDocument, [...content.childNodes]) as unknown as Element;
    cleanContent(body, rootPassesFor('article'), 'readability');
    expect(body.textContent).not.toContain('passes a passenger aircraft');
    expect(body.textContent).not.toContain('seen from the hangar door');
    expect(body.textContent).toContain('about the air show');
  });
});
