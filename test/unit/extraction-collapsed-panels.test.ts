import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom.js';
import { findMainContent } from '../../src/extraction/main-content/index.js';
import { plainText } from '../../src/extraction/text.js';

const prose = (topic: string, count: number): string =>
  Array.from({ length: count }, (_, i) => `<p>Sentence ${i} about ${topic}, long enough to read as real prose, with clauses, details and a full stop at the end of it. ${`More words about ${topic}. `.repeat(3)}</p>`).join('');

const page = (body: string): Document =>
  parseDocument(`<!doctype html><html><head><title>T</title><meta property="og:type" content="article"></head><body>${body}</body></html>`) as unknown as Document;

describe('collapsed accordion panels', () => {
  it('keeps the steps an article ships collapsed (display:none regions, hidden tab panels)', () => {
    const steps = Array.from(
      { length: 3 },
      (_, i) => `<div><a role="button" id="h${i}">Step ${i}</a></div><div style="display:none;" role="region" aria-labelledby="h${i}"><p>Step ${i} detail: ${'the installer checks the roof, the panel and the wiring before anything else is done. '.repeat(2)}</p></div>`,
    ).join('');
    const tab = `<div class="tab-pane" hidden><p>${'A tabbed section on financing the system, with loans, leases and cash purchases compared. '.repeat(2)}</p></div>`;
    const document = page(`<article><h1>Your solar installation guide</h1>${prose('solar', 3)}${steps}${tab}</article>`);
    const text = plainText(findMainContent(document as never, 'https://example.com/solar/guide')!.root);
    expect(text).toContain('Step 2 detail');
    expect(text).toContain('financing the system');
  });

  it('still drops hidden blocks that are not panels', () => {
    const document = page(`<article><h1>Guide</h1>${prose('solar', 3)}<div style="display:none"><p>${'A hidden sign-in prompt with a long explanation that nobody sees. '.repeat(3)}</p></div></article>`);
    const text = plainText(findMainContent(document as never, 'https://example.com/solar/guide')!.root);
    expect(text).not.toContain('hidden sign-in prompt');
  });
});
