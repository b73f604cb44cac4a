import { describe, expect, it } from 'vitest';
import { findMainContent, MainContentExplanation, recordingInto } from '../../../../src/extraction/main-content/index.js';
import { OG_ARTICLE, pageOf, paragraphs } from './fixtures.js';

function explain(document: Document, pageUrl: string): string {
  const explanation = new MainContentExplanation();
  recordingInto(explanation, () => findMainContent(document as never, pageUrl));
  return explanation.format();
}

describe('the explanation of one page', () => {
  it('names the page kind, each rule that removed text with its first words, and why the root won', () => {
    const shareBar = '<div class="share-bar"><a href="/s">Share this story on Facebook, Twitter, LinkedIn and by e-mail today</a></div>';
    const footer = '<footer><p>Copyright 2026 River News. All rights reserved.</p></footer>';
    const document = pageOf(`<main><article><h1>Rivers</h1>${paragraphs('rivers', 6)}${shareBar}</article></main>${footer}`, OG_ARTICLE);
    const text = explain(document, 'https://news.example.com/2026/05/rivers-run-high');
    expect(text).toContain('page kind: declared article, judged as article (as declared)');
    expect(text).toContain('share-bars (chrome-names): 67 chars in 1 block');
    expect(text).toContain('- 67 chars: "Share this story on Facebook, Twitter, LinkedIn and ..."');
    expect(text).toContain('site-footer: 47 chars in 1 block');
    expect(text).toContain("root: Readability's pick won");
    expect(text).toMatch(/prose-share: Readability \d+ vs READABILITY_MIN_SHARE\.article 0\.2 x our prose \d+ = \d+: enough/);
  });

  it('names the test and threshold that made our own root win', () => {
    const offers = [1, 2, 3, 4, 5, 6]
      .map((n) => `<dl class="offer-${n}"><dt>Service ${n}</dt><dd>Service ${n}: we assess, design and run this part of your programme for you, end to end.</dd></dl>`)
      .join('');
    const document = pageOf(`<div class="wrap"><div class="intro">${paragraphs('our studio', 2)}</div><div class="offers">${offers}</div></div>`, OG_ARTICLE);
    const text = explain(document, 'https://studio.example.com/services/');
    expect(text).toContain('root: our own root <div class="wrap"> won');
    expect(text).toMatch(/prose-share: Readability \d+ vs LANDING_MIN_SHARE 0\.5 x our prose \d+ = \d+: less: our root wins/);
  });

  it("names what the holes pass put back into Readability's pick", () => {
    const checklist =
      '<div class="cda-media-block">' +
      ['Coolant flush', 'Oil change', 'Tire rotation']
        .map((name) => `<div class="item"><div>${name}</div><div>PRICE: $75-$145</div><div>The ${name.toLowerCase()} keeps the engine parts free of the debris that builds up.</div></div>`)
        .join('') +
      '</div>';
    const document = pageOf(`<article><h1>Your car maintenance checklist</h1>${paragraphs('upkeep', 3)}${checklist}${paragraphs('repairs', 3)}</article>`, OG_ARTICLE);
    const text = explain(document, 'https://example.com/cars/maintenance-checklist');
    expect(text).toMatch(/put back from our root \(readability-holes\): \d+ chars in 1 block/);
    expect(text).toContain('chars: "Coolant flush PRICE: $75-$145 The coolant flush keeps ..."');
  });
});
