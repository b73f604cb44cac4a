import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../../../src/extraction/extract.js';

/**
 * Decisions, second round: markdown begins with the page's title as a level-1 heading — the content's
 * own H1 when it has one, else `metadata.title` — and blocks start with the same heading.
 */

const prose = (topic: string) =>
  `<p>${topic} is explained here in enough words that a reader would call it the main content of the page, with detail after detail and example after example so that no heuristic mistakes it for boilerplate.</p>`;
const body = `${prose('Opening')}${prose('Middle')}<h2>Details</h2>${prose('Closing')}`;
const URL = 'https://news.example/2025/03/cats-learn-to-open-doors';

function leadOf(html: string) {
  const { content } = extractHtml(html, URL);
  const levelOne = content.blocks!.filter((block) => block.type === 'heading' && block.level === 1);
  return { markdown: content.markdown!, first: content.blocks![0], levelOne, title: content.metadata!.title };
}

describe('the lead heading of markdown and blocks', () => {
  it('keeps the H1 that repeats the <title> as the first line (it used to be dropped)', () => {
    const lead = leadOf(`<html><head><title>Cats learn to open doors</title></head><body>
      <nav><a href="/">Home</a> <a href="/science">Science</a></nav>
      <article><h1>Cats learn to open doors</h1>${body}</article></body></html>`);
    expect(lead.markdown.startsWith('# Cats learn to open doors\n\n')).toBe(true);
    expect(lead.first).toEqual({ type: 'heading', text: 'Cats learn to open doors', level: 1 });
    expect(lead.levelOne).toHaveLength(1);
    expect(lead.markdown).toContain('\n## Details\n');
  });

  it("leads with the content's own H1 when it differs from the title", () => {
    const lead = leadOf(`<html><head><title>The Daily Planet</title></head><body>
      <article><h1>Cats learn to open doors</h1>${body}</article></body></html>`);
    expect(lead.markdown.startsWith('# Cats learn to open doors\n\n')).toBe(true);
    expect(lead.first).toEqual({ type: 'heading', text: 'Cats learn to open doors', level: 1 });
    expect(lead.levelOne).toHaveLength(1);
  });

  it('moves the own H1 ahead of a short kicker and a lead image', () => {
    const lead = leadOf(`<html><head><title>The Daily Planet</title></head><body>
      <main><p>Science</p><img src="/cat.jpg" alt="A cat at a door"><h1>Cats learn to open doors</h1>${body}</main></body></html>`);
    expect(lead.markdown.startsWith('# Cats learn to open doors\n\n')).toBe(true);
    expect(lead.markdown).toContain('![A cat at a door](https://news.example/cat.jpg)');
    expect(lead.levelOne).toHaveLength(1);
  });

  it('falls back to metadata.title when the page has no H1', () => {
    const lead = leadOf(`<html><head><title>Cats learn to open doors | The Daily Planet</title>
      <meta property="og:title" content="Cats learn to open doors"></head><body>
      <article>${body}</article></body></html>`);
    expect(lead.title).toBe('Cats learn to open doors');
    expect(lead.markdown.startsWith('# Cats learn to open doors\n\n')).toBe(true);
    expect(lead.first).toEqual({ type: 'heading', text: 'Cats learn to open doors', level: 1 });
  });

  it('does not take a site-logo H1 for the title', () => {
    const lead = leadOf(`<html><head><title>Cats learn to open doors</title></head><body>
      <header><h1><a href="/">The Daily Planet</a></h1></header>
      <article><h1>Cats learn to open doors</h1>${body}</article></body></html>`);
    expect(lead.markdown.startsWith('# Cats learn to open doors\n\n')).toBe(true);
    expect(lead.markdown).not.toContain('Daily Planet');
  });

  it('shows the title once when the content repeats it under the heading put back', () => {
    const lead = leadOf(`<html><head><title>Cats learn to open doors</title></head><body>
      <article><div class="post"><p class="titulo">Cats learn to open doors</p><small>Published by Jane Roe - Category: Science</small>${body}</div></article></body></html>`);
    expect(lead.markdown.startsWith('# Cats learn to open doors\n\n')).toBe(true);
    expect(lead.markdown.split('Cats learn to open doors')).toHaveLength(2);
    expect(lead.markdown).toContain('Published by Jane Roe');
  });

  it('shows the title once when a short lead-in comes between the heading and its copy', () => {
    const lead = leadOf(`<html><head><title>Pegasus 41 running shoe</title></head><body>
      <article><div class="product"><p>Men's Road Running Shoes</p><p>This product is made with at least 20% recycled content by weight.</p>
      <p class="product-name">Pegasus 41 running shoe</p>${body}</div></article></body></html>`);
    expect(lead.markdown.startsWith("# Pegasus 41 running shoe\n\nMen's Road Running Shoes\n\nThis product is made")).toBe(true);
    expect(lead.markdown.split('Pegasus 41 running shoe')).toHaveLength(2);
  });

  it('keeps the title written again past the lead-in, in the content itself', () => {
    const lead = leadOf(`<html><head><title>Cats learn to open doors</title></head><body>
      <article>${prose('Opening')}${prose('Middle')}<p>Cats learn to open doors</p>${prose('Closing')}</article></body></html>`);
    expect(lead.markdown.startsWith('# Cats learn to open doors\n\nOpening is explained')).toBe(true);
    expect(lead.markdown.split('Cats learn to open doors')).toHaveLength(3);
  });

  it('keeps a word of the first sentence that happens to be the title', () => {
    const lead = leadOf(`<html><head><title>useState</title></head><body>
      <article><p><code>useState</code> is a React Hook that lets you add a state variable to your component.</p>${body}</article></body></html>`);
    expect(lead.markdown.startsWith('# useState\n\n`useState` is a React Hook')).toBe(true);
  });

  it('puts the same heading at the start of the chunks and the html', () => {
    const { content } = extractHtml(`<html><head><title>Cats learn to open doors</title></head><body>
      <article><h1>Cats learn to open doors</h1>${body}</article></body></html>`, URL);
    expect(content.chunks![0]!.text.startsWith('# Cats learn to open doors')).toBe(true);
    expect(content.html).toMatch(/^<h1>Cats learn to open doors<\/h1>/);
  });
});
