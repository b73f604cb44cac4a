import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom.js';
import { findMainContent } from '../../src/extraction/main-content/index.js';
import { removeBoilerplate } from '../../src/extraction/main-content/boilerplate.js';
import { plainText } from '../../src/extraction/text.js';

const prose = (topic: string, count: number): string =>
  Array.from({ length: count }, (_, i) => `<p>Sentence ${i} about ${topic}, long enough to read as real prose, with clauses, details and a full stop at the end of it. ${`More words about ${topic}. `.repeat(3)}</p>`).join('');

const page = (body: string, ogType?: string): Document =>
  parseDocument(
    `<!doctype html><html><head><title>T</title>${ogType ? `<meta property="og:type" content="${ogType}">` : ''}</head><body>${body}</body></html>`,
  ) as unknown as Document;

const textOf = (document: Document, url: string): string => plainText(findMainContent(document as never, url)!.root);

describe('author boxes', () => {
  it('drops the biography box under an article, named by its theme', () => {
    const bio = `<div class="post-author-info"><img src="/a.jpg" alt=""><a href="/author/jane">Jane Doe</a>
      <span class="post-author-desc">I'm a full-stack developer, mentor and writer who enjoys open source, long walks and science fiction films on rainy weekends.</span></div>`;
    const text = textOf(page(`<article><h1>Five tools</h1>${bio}${prose('tools', 5)}</article>`, 'article'), 'https://blog.example.com/five-tools');
    expect(text).toContain('Sentence 0 about tools');
    expect(text).not.toContain('full-stack developer');
  });

  it('drops a schema.org Person author box (Simple Author Box)', () => {
    const bio = `<div class="saboxplugin-wrap" itemscope itemprop="author" itemtype="http://schema.org/Person"><div class="saboxplugin-authorname">Karina Cohen</div>
      <div class="saboxplugin-desc"><p>Karina Cohen is the owner of a local cleaning company serving the Greater Denver area, with a background in retail and finance.</p></div></div>`;
    const text = textOf(page(`<main><h1>Cleaning trends</h1>${prose('cleaning', 5)}${bio}</main>`, 'article'), 'https://example.com/cleaning-trends');
    expect(text).toContain('Sentence 4 about cleaning');
    expect(text).not.toContain('Greater Denver');
  });
});

describe('reader comments on pages declaring nothing', () => {
  const comments = `<div class="comments" id="comments"><h4>3 comments:</h4>${prose('what a reader thought', 4)}</div>`;

  it('drops the comments under the one blog entry the markup holds', () => {
    const document = page(`<div class="post hentry"><h1>The lean startup</h1><div class="post-body entry-content">${prose('lean startups', 4)}</div></div>${comments}`);
    const text = textOf(document, 'http://blog.example.com/2008/09/lean-startup.html');
    expect(text).toContain('Sentence 3 about lean startups');
    expect(text).not.toContain('what a reader thought');
  });

  it('keeps them where the markup holds several posts (a thread)', () => {
    const posts = Array.from({ length: 3 }, (_, i) => `<article><h2>Post ${i}</h2>${prose(`post ${i}`, 2)}</article>`).join('');
    const document = page(`<h1>Thread</h1>${posts}${comments}`);
    removeBoilerplate(document.body, { dropComments: 'if-one-article' });
    expect(document.body.textContent).toContain('what a reader thought');
    const single = page(`<div class="post hentry"><h1>Story</h1>${prose('the story', 2)}</div>${comments}`);
    removeBoilerplate(single.body, { dropComments: 'if-one-article' });
    expect(single.body.textContent).not.toContain('what a reader thought');
  });

  it('keeps the comment spans of highlighted code', () => {
    const code = `<pre><code><span class="hljs-comment"># stage every change</span>\ngit add .\n<span class="hljs-comment"># record them</span>\ngit commit</code></pre>`;
    const text = textOf(page(`<article><h1>A brief intro to git</h1>${prose('git', 3)}${code}${prose('branches', 2)}</article>`, 'article'), 'https://example.com/posts/git');
    expect(text).toContain('stage every change');
  });
});
