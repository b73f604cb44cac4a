import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../../src/extraction/extract.js';
import { ExtractionError } from '../../../src/contract/extraction-error.js';

const prose = (topic: string) => Array.from({ length: 6 }, (_, i) => `<p>${topic} paragraph ${i + 1} explains at length what the article says, so that it reads as the page's main content.</p>`).join('');
const PAGE = `<!doctype html><html><head><title>Prices and news</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Market news</h1>${prose('News')}<p class="promo">Subscribe to our newsletter today!</p></article>
<aside><table id="prices"><tr><th>Fruit</th><th>Price</th></tr><tr><td>Apple</td><td>3</td></tr></table>
<div class="card"><div class="card">Nested card text</div><script>track()</script></div></aside>
</body></html>`;
const URL = 'https://news.example/today';

describe('include_tags / exclude_tags', () => {
  it('without selectors the heuristics pick the article (the table is not in it)', () => {
    const { content } = extractHtml(PAGE, URL, { formats: ['markdown'] });
    expect(content.markdown).toContain('News paragraph 1');
    expect(content.markdown).not.toContain('| Apple | 3 |');
  });

  it('include_tags makes the named parts the content, in document order, nested matches once, scripts dropped', () => {
    const { content } = extractHtml(PAGE, URL, { formats: ['markdown', 'html'], selectors: { include: ['.card', '#prices'] } });
    expect(content.markdown).toContain('| Apple | 3 |');
    expect(content.markdown).not.toContain('News paragraph');
    expect(content.markdown!.match(/Nested card text/g)).toHaveLength(1);
    expect(content.markdown!.indexOf('| Apple')).toBeLessThan(content.markdown!.indexOf('Nested card text'));
    expect(content.html).not.toContain('track()');
    // The output still leads with the page's title.
    expect(content.markdown!.startsWith('# Prices and news')).toBe(true);
  });

  it('exclude_tags drops the named parts before main-content detection', () => {
    const { content } = extractHtml(PAGE, URL, { formats: ['markdown'], selectors: { exclude: ['.promo'] } });
    expect(content.markdown).toContain('News paragraph 6');
    expect(content.markdown).not.toContain('Subscribe to our newsletter');
  });

  it('exclude applies before include, and an include that matches nothing is no_content naming the selectors', () => {
    const { content } = extractHtml(PAGE, URL, { formats: ['markdown'], selectors: { include: ['#prices', '.card'], exclude: ['.card'] } });
    expect(content.markdown).toContain('| Apple | 3 |');
    expect(content.markdown).not.toContain('Nested card text');
    let error: unknown;
    try {
      extractHtml(PAGE, URL, { selectors: { include: ['table.missing'] } });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).code).toBe('no_content');
    expect((error as ExtractionError).message).toContain('include_tags matched nothing on https://news.example/today (table.missing)');
  });
});
