import { describe, expect, it } from 'vitest';
import { collectTextStats, linkDensity } from '../../../../src/extraction/main-content/text-stats.js';
import { bodyOf, extract, paragraphs } from './fixtures.js';

/** A design system's mega menu: every entry a `<pp-link href>` web component, none an `<a>`. */
const megaMenu = (sections: number): string =>
  `<pp-navigation title="Main navigation">${Array.from(
    { length: sections },
    (_, s) =>
      `<pp-navigation-menu><pp-link href="/section-${s}"><div><p class="text">Overview: section ${s} of the ministry's work</p></div></pp-link><pp-list>${Array.from(
        { length: 12 },
        (_, i) => `<pp-navigation-item><pp-link href="/section-${s}/topic-${i}"><div><p class="text">Current news and overview: topic ${i} of section ${s}, its laws and its benefits</p></div></pp-link></pp-navigation-item>`,
      ).join('')}</pp-list></pp-navigation-menu>`,
  ).join('')}</pp-navigation>`;

describe('link text', () => {
  it('counts the text of a custom element carrying an href as link text', () => {
    const body = bodyOf('<nav-menu><x-link href="/a">First entry</x-link><x-link href="/b">Second entry</x-link></nav-menu>');
    const stats = collectTextStats(body);
    expect(linkDensity(stats.get(body.firstElementChild!))).toBe(1);
  });

  it('keeps counting a custom element without an href as prose', () => {
    const body = bodyOf('<x-card title="A card">Words of a card</x-card>');
    expect(linkDensity(collectTextStats(body).get(body.firstElementChild!))).toBe(0);
  });

  it("keeps a short press release over a mega menu of web-component links (bmas.de's <pp-link>)", () => {
    const body = `<div class="top">${megaMenu(8)}</div><div class="content"><h1>New rules for vaccination certificates</h1><div class="release">${paragraphs('the new certificate rules', 2)}</div></div>`;
    const text = extract(body, 'https://ministry.example.de/press/2022/new-certificate-rules.html');
    expect(text).toContain('This is sentence 1 about the new certificate rules');
    expect(text).not.toContain('topic 3 of section 2');
  });
});
