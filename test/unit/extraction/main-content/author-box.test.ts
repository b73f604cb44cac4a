import { describe, expect, it } from 'vitest';
import { removeBoilerplate } from '../../../../src/extraction/main-content/boilerplate.js';
import { passesFor } from '../../../../src/extraction/main-content/policy.js';
import { plainText } from '../../../../src/extraction/dom/text.js';
import { mainText, OG_ARTICLE, pageOf, prose } from './fixtures.js';

describe('author boxes', () => {
  it('drops the biography box under an article, named by its theme', () => {
    const bio = `<div class="post-author-info"><img src="/a.jpg" alt=""><a href="/author/jane">Jane Doe</a>
      <span class="post-author-desc">I'm a full-stack developer, mentor and writer who enjoys open source, long walks and science fiction films on rainy weekends.</span></div>`;
    const text = mainText(pageOf(`<article><h1>Five tools</h1>${bio}${prose('tools', 5)}</article>`, OG_ARTICLE), 'https://blog.example.com/five-tools');
    expect(text).toContain('Sentence 0 about tools');
    expect(text).not.toContain('full-stack developer');
  });

  it('reads box names joined by underscores as by hyphens (author_section, BEM-style themes)', () => {
    const bio = `<div class="author_section"><div class="author_section-content"><p class="author_section-description">Martin has worked as a software engineer for twenty years, building payment systems, search engines and the odd compiler for fun. He now teaches Python to data teams and writes about the mistakes he has seen most often in code review.</p></div></div>`;
    const text = mainText(pageOf(`<main><h1>Ten Python mistakes</h1>${prose('python', 5)}${bio}</main>`, OG_ARTICLE), 'https://example.com/python-mistakes');
    expect(text).toContain('Sentence 4 about python');
    expect(text).not.toContain('Martin has worked');
  });

  it('drops a schema.org Person author box (Simple Author Box)', () => {
    const bio = `<div class="saboxplugin-wrap" itemscope itemprop="author" itemtype="http://schema.org/Person"><div class="saboxplugin-authorname">Karina Cohen</div>
      <div class="saboxplugin-desc"><p>Karina Cohen is the owner of a local cleaning company serving the Greater Denver area, with a background in retail and finance.</p></div></div>`;
    const text = mainText(pageOf(`<main><h1>Cleaning trends</h1>${prose('cleaning', 5)}${bio}</main>`, OG_ARTICLE), 'https://example.com/cleaning-trends');
    expect(text).toContain('Sentence 4 about cleaning');
    expect(text).not.toContain('Greater Denver');
  });

  it("keeps a Person typed as an item's author (each book's writer on a list), drops one writing the page's article", () => {
    const book = (title: string, author: string): string =>
      `<tr itemscope itemtype="http://schema.org/Book"><td><a class="bookTitle" href="/book/${title.length}"><span itemprop="name">${title}</span></a>
        <span class="by">by</span> <span itemprop="author" itemscope itemtype="http://schema.org/Person"><a class="authorName" href="/author/${author.length}"><span itemprop="name">${author}</span></a></span></td></tr>`;
    const list = `<h1>Best Books Ever</h1><table>${book('The Hunger Games', 'Suzanne Collins')}${book('Pride and Prejudice', 'Jane Austen')}${book('To Kill a Mockingbird', 'Harper Lee')}</table>`;
    const listDocument = pageOf(`<main>${list}${prose('voting on the list', 3)}</main>`);
    removeBoilerplate(listDocument.body, passesFor('unknown'));
    const listText = plainText(listDocument.body as never);
    expect(listText).toContain('Jane Austen');
    expect(listText).toContain('Harper Lee');

    const bio = `<div itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">Karina Cohen</span>
      <p>Karina Cohen is the owner of a local cleaning company serving the Greater Denver area, with a background in retail and finance.</p></div>`;
    const articleDocument = pageOf(`<article itemscope itemtype="https://schema.org/BlogPosting"><h1>Cleaning trends</h1>${prose('cleaning', 5)}${bio}</article>`);
    removeBoilerplate(articleDocument.body, passesFor('unknown'));
    const articleText = plainText(articleDocument.body as never);
    expect(articleText).toContain('Sentence 4 about cleaning');
    expect(articleText).not.toContain('Greater Denver');
  });

  it('drops a box named only "author" when it is shaped like a biography, keeps a byline and an article header so named', () => {
    const bio = `<div class="post-author"><div class="author-img"></div><div class="author-content"><h5><a href="/author/regan" rel="author">Regan</a></h5>
      <p>Regan is a Southeastern Connecticut native now living in Central Massachusetts with her husband, two sons, and two cats.</p></div></div>`;
    const header = `<div class="entry-author"><h2>Simple hiking survival kit</h2><img src="/regan.jpg" alt=""><p>Everything we pack for a family hike with small children, from water to snacks, in one small and light bag.</p></div>`;
    const byline = `<div class="author">By <a href="/author/regan" rel="author">Regan</a></div>`;
    const document = pageOf(`<article>${header}${byline}${prose('hiking', 5)}${bio}</article>`);
    removeBoilerplate(document.body, passesFor('article'));
    const text = plainText(document.body as never);
    expect(text).toContain('Sentence 4 about hiking');
    expect(text).toContain('Everything we pack for a family hike');
    expect(text).toContain('By Regan');
    expect(text).not.toContain('Southeastern Connecticut native');
  });
  it("drops a contributor's or writer's biography box (student newspapers' contributor-bio)", () => {
    const bio = `<div class="sno-story-contributor-box"><div class="contributor-text"><div class="contributor-bio"><p>Maya is a junior studying journalism and political science. She covers city council and campus elections, and edits the opinion section.</p></div></div></div>`;
    const text = mainText(pageOf(`<article><h1>Council votes on parking</h1>${prose('parking', 5)}${bio}</article>`, OG_ARTICLE), 'https://news.example.edu/2024/05/council-votes-on-parking');
    expect(text).toContain('Sentence 4 about parking');
    expect(text).not.toContain('junior studying journalism');
  });

  it('drops an author box on a page declaring a listing too (a "best of" list under a collection type)', () => {
    const bio = `<div data-widget="author-bio" class="author-bio"><div class="author-bio__image"><img src="/a.jpg" alt=""></div><div class="author-bio__content"><p class="author-bio__description">Dana has written about moving and storage for eight years and has tested more than forty moving companies across the country.</p></div></div>`;
    const document = pageOf(`<main><h1>Best interstate moving companies</h1>${prose('movers', 5)}${bio}</main>`);
    removeBoilerplate(document.body, passesFor('listing'));
    const text = plainText(document.body as never);
    expect(text).toContain('Sentence 4 about movers');
    expect(text).not.toContain('forty moving companies');
  });
});
