import { describe, expect, it } from 'vitest';
import { cleanContent } from '../../../../src/extraction/main-content/cleanup.js';
import { rootPassesFor } from '../../../../src/extraction/main-content/policy.js';
import { plainText } from '../../../../src/extraction/dom/text.js';
import { pageOf, paragraphs } from './fixtures.js';

describe('remove', () => {
  it('never takes a part of preformatted text, while the same words outside it still go', () => {
    // Pygments' spans, one per token (no bare word between them): alone, "print" reads like a button label
    // and "new" like a shop's badge.
    const code =
      '<pre><span></span><span class="k">for</span> <span class="n">item</span> <span class="ow">in</span> <span class="n">items</span><span class="p">:</span>\n' +
      '    <span class="nb">print</span><span class="p">(</span><span class="n">item</span><span class="p">)</span>\n' +
      '<span class="k">return</span> <span class="k">new</span> <span class="nx">Response</span><span class="p">(</span><span class="s">"done"</span><span class="p">)</span></pre>';
    const document = pageOf(`<p>Print</p><p>New</p>${paragraphs('the loop', 3)}${code}`);
    cleanContent(document.body, rootPassesFor('article'), 'readability', 'https://blog.example.com/loops');
    const text = plainText(document.body as never);
    expect(text).toContain('print(item)');
    expect(text).toContain('for item in items:');
    expect(text).toContain('return new Response("done")');
    expect(text).not.toMatch(/^Print$/m);
    expect(text).not.toMatch(/^New$/m);
    expect(text).toContain('sentence 2 about the loop');
  });
});
