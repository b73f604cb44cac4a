import { describe, expect, it } from 'vitest';
import { removeBoilerplate } from '../../../../src/extraction/main-content/boilerplate.js';
import { passesFor } from '../../../../src/extraction/main-content/policy.js';
import { bodyOf, extract, textAfterBoilerplate } from './fixtures.js';

/** A paragraph of `words` then prose long enough (over 100 characters) to count for the prose guard. */
const guardedProse = (words: string): string => `<p>${words} ${'This sentence is long enough to count as real prose for the guard. '.repeat(3)}</p>`;

const section = (n: number): string =>
  `<section><h2>Cover ${n}</h2><p>${`Cover ${n} pays your vet bills for accidents and illnesses, with a choice of deductibles and limits. `.repeat(3)}</p></section>`;

/** Legal notes long enough to count as prose (several paragraphs over 100 characters). */
const legal = [1, 2, 3, 4].map((n) => `<p>Disclaimer ${n}: ${'Prices vary based on how you buy insurance, and coverage is subject to policy terms and state availability. '.repeat(2)}</p>`).join('');

const PET_INSURANCE = 'https://insure.example.com/pet-insurance/';

/** A pet-insurance page of six sections (no <main>) followed by `footer`. */
const withFooter = (footer: string): string => extract(`<div class="page"><h1>Pet insurance</h1>${[1, 2, 3, 4, 5, 6].map(section).join('')}</div>${footer}`, PET_INSURANCE);

describe('page-level footers', () => {
  it('drops the site footer even when it holds prose, keeps an article footer', () => {
    const siteFooter = `<footer role="contentinfo">${guardedProse('Financing available to qualified customers.').repeat(5)}</footer>`;
    const storyFooter = `<footer>${guardedProse('Notes on this story.').repeat(5)}</footer>`;
    const text = textAfterBoilerplate(`<main><h1>MacBook Air</h1><p>Light, fast and quiet.</p></main>${siteFooter}<article><h2>Story</h2><p>Body.</p>${storyFooter}</article>`, passesFor('unknown'));
    expect(text).toContain('Light, fast');
    expect(text).not.toContain('Financing available');
    expect(text).toContain('Notes on this story');
  });
});

describe("the page's own footer", () => {
  it('is removed even when its legal notes are long prose', () => {
    const text = withFooter(`<footer class="site"><ul><li><a href="/map">Site map</a></li></ul>${legal}</footer>`);
    expect(text).toContain('Cover 6 pays your vet bills');
    expect(text).not.toContain('Disclaimer 2');
  });

  it('inside the main landmark keeps its prose (a story footer)', () => {
    const body = `<main><h1>Pet insurance</h1>${[1, 2, 3].map(section).join('')}<footer>${legal}</footer></main>`;
    expect(extract(body, PET_INSURANCE)).toContain('Disclaimer 2');
  });

  it('is removed even when it holds over a third of the page text', () => {
    const links = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `<li><a href="/p${n}">Insurance product number ${n}</a></li>`).join('');
    const footer = `<footer><ul>${links}</ul>${legal}${legal}</footer>`;
    const body = `<main><h1>Pet insurance</h1>${[1, 2, 3].map(section).join('')}</main>${footer}`;
    const text = extract(body, PET_INSURANCE);
    expect(text).toContain('Cover 3 pays your vet bills');
    expect(text).not.toContain('Disclaimer 2');
  });

  it('is removed on a page without a <main> landmark when it holds over a third of the page text', () => {
    const links = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `<li><a href="/p${n}">Insurance product number ${n}</a></li>`).join('');
    const text = withFooter(`<footer><ul>${links}</ul>${legal}${legal}${legal}</footer>`);
    expect(text).toContain('Cover 6 pays your vet bills');
    expect(text).not.toContain('Disclaimer 2');
  });
});

describe('links hidden from screen readers only', () => {
  /** A topic page's card: the teaser repeats the headline's link, out of the tab order and the accessibility tree. */
  const card = (teaserAttributes: string): string =>
    `<main><article><h2><a href="/story">Headline about new headphones</a></h2>` +
    `<p class="river-desc"><a href="/story" ${teaserAttributes}>The teaser: new colours of the headphones, not offered before.</a></p></article>` +
    `${[1, 2, 3, 4, 5].map((n) => section(n)).join('')}</main>`;

  it('keeps a link marked aria-hidden and tabindex -1: its words repeat a link on screen', () => {
    const text = textAfterBoilerplate(card('aria-hidden="true" tabindex="-1"'), passesFor('unknown'));
    expect(text).toContain('The teaser: new colours');
  });

  it('still drops what aria-hidden marks otherwise (a link in the tab order, a closed panel)', () => {
    expect(textAfterBoilerplate(card('aria-hidden="true"'), passesFor('unknown'))).not.toContain('The teaser');
    const panel = card('').replace('<p class="river-desc">', '<p class="river-desc" aria-hidden="true" tabindex="-1">');
    expect(textAfterBoilerplate(panel, passesFor('unknown'))).not.toContain('The teaser');
    expect(textAfterBoilerplate(card('aria-hidden="true" tabindex="-1"'), passesFor('unknown'))).toContain('Headline about');
  });

  it("keeps the words a named link hides from screen readers: its label already says them", () => {
    const rating = (label: string): string =>
      `<a href="/product-reviews/1" ${label}><i aria-hidden="true"><span>4.7 out of 5 stars</span></i> <span aria-hidden="true">58,483</span></a>`;
    const named = textAfterBoilerplate(card('').replace('</article>', `${rating('aria-label="4.7 out of 5 stars, 58,483 ratings"')}</article>`), passesFor('unknown'));
    expect(named).toContain('4.7 out of 5 stars');
    expect(named).toContain('58,483');
    const unnamed = textAfterBoilerplate(card('').replace('</article>', `${rating('')}</article>`), passesFor('unknown'));
    expect(unnamed).not.toContain('58,483');
  });
});

describe("blocks a site builder's stylesheet hides", () => {
  /** A Webflow page: its sign-up form's messages and a block whose conditional visibility is off, beside the article. */
  const webflowPage = (doneClass: string, offClass: string): string =>
    `<main><h1>Top electrical contractors</h1>${[1, 2, 3].map((n) => section(n)).join('')}` +
    `<div class="w-form"><form><input type="email" name="email"></form>` +
    `<div class="${doneClass}"><div>Thank you! Your submission has been received!</div></div></div>` +
    `<div class="notice ${offClass}">AIA and G702 are registered trademarks of their owners.</div></main>`;

  it('drops Webflow form messages and blocks whose conditional visibility is off', () => {
    const text = textAfterBoilerplate(webflowPage('w-form-done', 'w-condition-invisible'), passesFor('unknown'));
    expect(text).toContain('Cover 3 pays your vet bills');
    expect(text).not.toContain('Your submission has been received');
    expect(text).not.toContain('registered trademarks');
  });

  it('keeps blocks whose class only resembles those names', () => {
    const text = textAfterBoilerplate(webflowPage('w-form-done-wrapper', 'w-condition-visible'), passesFor('unknown'));
    expect(text).toContain('Your submission has been received');
    expect(text).toContain('registered trademarks');
  });
});

describe('blocks a library hides only until its script lays them out', () => {
  /** A home page whose services slider is hidden inline until Slider Revolution has measured it, and a hidden sign-up box. */
  const sliderPage = (sliderTag: string): string =>
    `<main><h1>Translation services</h1>${[1, 2, 3].map((n) => section(n)).join('')}` +
    `<${sliderTag} style="visibility:hidden;background:transparent;padding:0;"><div><h2>About us</h2>` +
    `<p>Since 2003 our agency has translated contracts, patents and medical records for courts and hospitals.</p></div></${sliderTag}>` +
    `<div class="box" style="visibility:hidden"><p>Thank you for subscribing to our newsletter.</p></div></main>`;

  it("keeps Slider Revolution's slides, hidden inline until its script runs", () => {
    const text = textAfterBoilerplate(sliderPage('rs-module-wrap'), passesFor('unknown'));
    expect(text).toContain('Since 2003 our agency has translated');
    expect(text).not.toContain('Thank you for subscribing');
  });

  it('shows the slider as its script would: the html format must not hide it, nor Readability skip it', () => {
    const body = bodyOf(sliderPage('rs-module-wrap'));
    removeBoilerplate(body, passesFor('unknown'));
    const style = body.querySelector('rs-module-wrap')?.getAttribute('style') ?? '';
    expect(style).not.toMatch(/visibility\s*:\s*hidden/);
    expect(style).toContain('background:transparent');
  });

  it('still drops any other block hidden the same way', () => {
    const text = textAfterBoilerplate(sliderPage('rs-module'), passesFor('unknown'));
    expect(text).toContain('Cover 3 pays your vet bills');
    expect(text).not.toContain('Since 2003 our agency has translated');
  });
});
