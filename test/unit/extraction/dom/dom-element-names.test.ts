import { describe, expect, it } from 'vitest';
import { elementNames, elementNamesIfAny, isAnchorFor, wholeWords } from '../../../../src/extraction/dom/element-names.js';
import { bodyOf, extract, paragraphs } from '../main-content/fixtures.js';

describe('anchor ids (element-names.ts isAnchorFor)', () => {
  it.each([
    ['cookies', 'Cookies¶', true],
    ['1-2-when-is-the-best-time-to-go-to-japan-', '2. When is the best time to go to Japan?', true],
    ['2-21-cherry-blossom-time-in-japan-', '2.1 Cherry blossom time in Japan', true],
    ['h-date-and-time-formats', 'Date and time formats', true],
    ['post-date', 'March 7, 2026', false],
    ['cookie-consent-banner', 'Cookies', false],
    ['entry-meta', '', false],
    ['the-very-long-prefix-of-a-section-date', 'Date', false],
  ])('id %j over the text %j is its anchor: %s', (id, text, anchor) => {
    expect(isAnchorFor(id, text)).toBe(anchor);
  });
});

describe('name patterns (element-names.ts wholeWords)', () => {
  it('reads words joined by an underscore as by a hyphen, and keeps character classes as written', () => {
    const header = wholeWords(['site-header', 'author[-_]?box']);
    expect(header.test('page site_header')).toBe(true);
    expect(header.test('site-header sticky')).toBe(true);
    expect(header.test('siteheader')).toBe(false);
    expect(header.test('author_box')).toBe(true);
    expect(header.test('authorbox')).toBe(true);
    expect(header.test('site_header_wrapper')).toBe(true);
    expect(header.test('mysite_header')).toBe(false);
  });
});

describe('a customized built-in element names its component (is="…")', () => {
  it('reads the is attribute beside class and id, also on an element with neither, and adds nothing without one', () => {
    const body = bodyOf('<div is="flynt-form-newsletter" class="flyntComponent"></div><section is="site-footer"></section><p>Text</p>');
    const [component, bare, plain] = [...body.children];
    expect(elementNames(component!)).toContain('flynt-form-newsletter');
    expect(elementNamesIfAny(bare!)).toContain('site-footer');
    expect(elementNamesIfAny(plain!)?.trim() ?? '').toBe('');
  });

  it('drops a sign-up box named only by its is attribute from the press note around it', () => {
    const signUp =
      '<div class="flyntComponent" is="flynt-form-newsletter"><h2>Always up to date with our news</h2><form><input type="email" name="newsletterEmail"></form>' +
      ['Something went wrong. Please try again!', 'This address is already registered.', 'Error: enter a valid address.', 'You have signed up! Thank you for your interest.']
        .map((line) => `<p class="errorText hidden">${line}</p>`)
        .join('') +
      '</div>';
    const text = extract(`<article class="post"><h1>Federation at the planning meeting</h1>${paragraphs('the planning meeting', 2)}${signUp}</article>`, 'https://www.federation.example.de/federation-at-the-planning-meeting/');
    expect(text).toContain('This is sentence 0 about the planning meeting');
    expect(text).not.toContain('already registered');
  });
});

describe("a post's filed-under classes (WordPress's post_class, TypePad's entry classes)", () => {
  it('leaves category, tag and author slugs out of the names beside the post-type marker, and keeps them elsewhere', () => {
    const body = bodyOf(
      '<div class="entry-category-legal_business entry-author-zoe_tillman entry-type-post entry"></div>' +
        '<article class="post-7 post type-post status-publish hentry category-advertising tag-sponsored"></article>' +
        '<div class="author-box"></div><ul class="tag-list"></ul>',
    );
    const [typePad, wordPress, authorBox, tagList] = [...body.children].map((element) => elementNames(element));
    expect(typePad).not.toMatch(/legal|author/);
    expect(typePad).toContain('entry-type-post');
    expect(wordPress).not.toMatch(/advertising|sponsored/);
    expect(wordPress).toContain('hentry');
    expect(authorBox).toContain('author-box');
    expect(tagList).toContain('tag-list');
  });

  it("keeps a law blog's post filed under Legal Business, and one by its writer's slug (Dragnet's TypePad posts)", () => {
    const post = (classes: string, topic: string) =>
      `<div id="beta"><h2 class="date-header">November 06, 2012</h2><div class="${classes} entry-type-post entry"><h3 class="entry-header">${topic}</h3>` +
      `<div class="entry-content"><div class="entry-body">${paragraphs(topic, 4)}</div></div></div></div>`;
    for (const [classes, topic] of [
      ['entry-category-legal_business entry-category-lobbying', 'the layoffs'],
      ['entry-category-diy entry-author-elsie_larson', 'the giveaway'],
    ]) {
      const text = extract(post(classes!, topic!), 'http://legaltimes.typepad.com/blt/2012/11/significant-layoffs.html');
      expect(text).toContain(`This is sentence 3 about ${topic}`);
    }
  });
});
