import { describe, expect, it } from 'vitest';
import { removeStoryTeasers } from '../../../../src/extraction/main-content/story-teasers.js';
import { bodyOf, OG_ARTICLE, pageOf, mainText, prose } from './fixtures.js';

const STORY_URL = 'https://travel.example.com/what-are-the-top-rental-car-companies-of-2025/';

/** `count` cards of other stories: a linked title over an excerpt (globaltravelerusa.com's post list, WCXB 0331). */
const cards = (count: number, href = (i: number) => `/another-story-number-${i}/`): string =>
  Array.from(
    { length: count },
    (_, i) =>
      `<div class="post-item row"><h3 class="title"><a href="${href(i)}">Another story number ${i} of the site</a></h3>` +
      `<p class="excerpt">The excerpt of another story number ${i}, cut short where the card ends its teaser for the reader.</p></div>`,
  ).join('');

const story = `<h1>The top rental car companies</h1>${prose('rental cars', 6)}`;

const left = (body: Element): string => body.textContent ?? '';

describe('teasers of other stories after the story', () => {
  it('go from a story page with the heading over them, the story staying', () => {
    const text = mainText(pageOf(`<div id="content">${story}<h2>More stories</h2>${cards(4)}</div>`, OG_ARTICLE), STORY_URL);
    expect(text).toContain('Sentence 5 about rental cars');
    expect(text).not.toContain('Another story number');
    expect(text).not.toContain('The excerpt of another story');
    expect(text).not.toContain('More stories');
  });

  it('go when the run is split across like lists, and a longer card of the same shape follows them', () => {
    const longCard = `<div class="post-item row"><h3><a href="/a-long-one/">A long card of the site</a></h3><p>${'A long excerpt. '.repeat(40)}</p></div>`;
    const body = bodyOf(`${story}<div class="list">${cards(2)}</div><div class="list">${cards(2)}${longCard}</div>`);
    removeStoryTeasers(body, STORY_URL);
    expect(left(body)).not.toContain('Another story number');
    expect(left(body)).toContain('Sentence 5 about rental cars');
  });

  it('stay when prose follows them: cards inside a story are its own', () => {
    const body = bodyOf(`${story}${cards(4)}${prose('the conclusion', 1)}`);
    removeStoryTeasers(body, STORY_URL);
    expect(left(body)).toContain('Another story number 3');
  });

  it('stay on a page whose address names no story (a section front, a blog home)', () => {
    const body = bodyOf(`${story}${cards(4)}`);
    removeStoryTeasers(body, 'https://www.example.org/sections/science/');
    expect(left(body)).toContain('Another story number 3');
  });

  it('stay when they outweigh the rest of the content: a hub of teasers has no story', () => {
    const body = bodyOf(`<h1>Latest</h1>${prose('the week', 1)}${cards(12)}`);
    removeStoryTeasers(body, STORY_URL);
    expect(left(body)).toContain('Another story number 11');
  });

  it('stay when their titles lead off the site or to the page itself, or when fewer than three are alike', () => {
    const offSite = bodyOf(`${story}${cards(4, (i) => `https://other-${i}.example.net/review/`)}`);
    removeStoryTeasers(offSite, STORY_URL);
    expect(left(offSite)).toContain('Another story number 3');
    const self = bodyOf(`${story}${cards(4, () => new URL(STORY_URL).pathname)}`);
    removeStoryTeasers(self, STORY_URL);
    expect(left(self)).toContain('Another story number 3');
    const two = bodyOf(`${story}${cards(2)}`);
    removeStoryTeasers(two, STORY_URL);
    expect(left(two)).toContain('Another story number 1');
  });
});
