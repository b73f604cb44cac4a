import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../../../src/extraction/extract.js';

const PAGE = 'https://shop.example.org/beginners';
const prose = (topic: string) =>
  `It does not take years to learn to sew your own ${topic}: a reliable machine, a cutting mat and a pattern written for newcomers are all you need to begin.`;

describe('shortcode and BBCode tags left in the text', () => {
  // As WordPress serves a page whose page builder was switched off: texturized quotes, written as character references.
  const builder =
    '<p>[vc_row type=&#8221;full_width_background&#8221; bg_image=&#8221;684292&#8243;][vc_column width=&#8221;1/2&#8243;]' +
    `[split_line_heading animation_type=&#8221;default&#8221;]You can totally sew[/split_line_heading]</p><p>${prose('clothes')}</p>` +
    `<p>[vc_column_text]${prose('dresses')}[/vc_column_text][/vc_column][/vc_row]</p>`;

  it('go from every output, the words they wrap stay', () => {
    const html = `<html><head><title>Beginner? Start Here.</title></head><body><main><article><h1>Beginner? Start Here.</h1>${builder}</article></main></body></html>`;
    const { content, text } = extractHtml(html, PAGE, { formats: ['markdown', 'html', 'blocks'] });
    const blocks = content.blocks?.map((block) => JSON.stringify(block)).join('\n');
    for (const output of [content.markdown, content.html, blocks, text]) {
      expect(output).not.toMatch(/vc_|split_line_heading|bg_image|\[\/?[a-z]/);
      expect(output).toContain('You can totally sew');
      expect(output).toContain(prose('clothes'));
      expect(output).toContain(prose('dresses'));
    }
  });

  it('a forum post written in BBCode loses its paired tags', () => {
    const html =
      '<html><head><title>Tripods</title></head><body><main><article><h1>Tripods</h1>' +
      `<p>I bought mine from [url]the outdoor shop[/url] and [b]it works great[/b]. ${prose('bags')}</p></article></main></body></html>`;
    const { content } = extractHtml(html, PAGE, { formats: ['markdown'] });
    expect(content.markdown).toContain('I bought mine from the outdoor shop and it works great.');
  });

  it('keeps brackets that are not tags, unpaired ones, and everything in code', () => {
    const html =
      '<html><head><title>Settings</title></head><body><main><article><h1>Settings</h1>' +
      `<p>Raise [shared_buffers] before [work_mem] [1], as the manual [sic] says [edit]. I got it from [urldecode=https://shop.example.org/x]the shop[/url]. ${prose('shirts')}</p>` +
      '<pre><code>[gallery ids=”1,2″][/gallery]\n[vc_row][/vc_row]</code></pre>' +
      `<p>${prose('trousers')}</p></article></main></body></html>`;
    const { content } = extractHtml(html, PAGE, { formats: ['markdown'] });
    expect(content.markdown).toContain('\\[shared\\_buffers\\] before \\[work\\_mem\\] \\[1\\], as the manual \\[sic\\] says \\[edit\\]');
    expect(content.markdown).toContain('\\[/url\\]');
    expect(content.markdown).toContain('[gallery ids=”1,2″][/gallery]\n[vc_row][/vc_row]');
  });
});

describe('HTML tags escaped into the text', () => {
  it('go from every output when the page both opens and closes them, the words stay', () => {
    const html =
      '<html><head><title>Choosing a used car</title></head><body><main><article><h1>Choosing a used car</h1>' +
      `<p>Ask for a &lt;strong&gt;verified battery report&lt;/strong&gt;. Normally, &lt;a href="https://shop.example.org/fees"&gt;monthly fees are low&lt;/a&gt;. ${prose('seats')}</p>` +
      `<p>&lt;div&gt;<img src="https://shop.example.org/a.png" alt="">&lt;/div&gt; ${prose('covers')}</p></article></main></body></html>`;
    const { content, text } = extractHtml(html, PAGE, { formats: ['markdown', 'html', 'blocks'] });
    const blocks = content.blocks?.map((block) => JSON.stringify(block)).join('\n');
    expect(content.html).not.toContain('&lt;');
    for (const output of [content.markdown, blocks, text]) expect(output).not.toMatch(/<\/?(?:strong|div)>|<a href/);
    for (const output of [content.markdown, content.html, blocks, text]) {
      expect(output).toContain('Ask for a verified battery report. Normally, monthly fees are low.');
    }
  });

  it('keeps a tag the page does not close, type parameters, and markup in code', () => {
    const html =
      '<html><head><title>Thirty years of tags</title></head><body><main><article><h1>Thirty years of tags</h1>' +
      `<p>30 Years of &lt;br&gt; Tags: you would see &lt;font color="blue"&gt; and Vec&lt;T&gt; everywhere. ${prose('pages')}</p>` +
      '<pre><code>&lt;strong&gt;bold&lt;/strong&gt;</code></pre>' +
      `<p>${prose('sites')}</p></article></main></body></html>`;
    const { text } = extractHtml(html, PAGE, { formats: ['markdown'] });
    expect(text).toContain('30 Years of <br> Tags: you would see <font color="blue"> and Vec<T> everywhere.');
    expect(text).toContain('<strong>bold</strong>');
  });
});
