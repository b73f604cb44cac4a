import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../../../src/extraction/extract.js';

const PAGE = 'https://docs.example.org/3/library/models.html';
const paragraph = (topic: string) =>
  `<p>A model is the single source of truth about your ${topic}: it holds the fields and behaviours of the data you store, one class to a table.</p>`;

describe('permalinks beside headings and definitions', () => {
  const html =
    '<html><head></head><body><main><article>' +
    `<h1>Models<a class="headerlink" href="#models" title="Link to this heading">¶</a></h1>${paragraph('data')}` +
    `<h2>Fields<a class="headerlink" href="${PAGE}#fields" title="Link to this heading">Â¶</a></h2>${paragraph('fields')}` +
    `<h2>Managers<a class="headerlink" href="#managers" title="Link to this heading">\u{F0C1}</a></h2>${paragraph('managers')}` +
    `<dl><dt>Model.save()<a href="#model-save">§</a></dt><dd>${paragraph('rows')}</dd></dl>` +
    `<p>Fields are declared once<a href="#fn1">*</a> and read everywhere; see <a href="#fields">Fields</a> and <a href="/3/other.html#x">¶</a>.</p>` +
    '</article></main></body></html>';

  it('go from every output and from the title, whatever mark they show; footnote marks and named links stay', () => {
    const { content } = extractHtml(html, PAGE, { formats: ['markdown', 'html', 'metadata'] });
    expect(content.markdown).toMatch(/^# Models\n/);
    expect(content.markdown).toContain('## Fields\n');
    expect(content.markdown).toContain('## Managers\n');
    expect(content.markdown).toContain('Model.save()');
    for (const mark of ['#models', '#fields "', '#managers', '#model-save']) expect(content.markdown).not.toContain(mark);
    expect(content.html).not.toContain('headerlink');
    expect(content.metadata?.title).toBe('Models');
    expect(content.markdown).toContain('[\\*](https://docs.example.org/3/library/models.html#fn1)');
    expect(content.markdown).toContain('[Fields](https://docs.example.org/3/library/models.html#fields)');
    // Another page's mark is a link to that page, not a permalink.
    expect(content.markdown).toContain('[¶](https://docs.example.org/3/other.html#x)');
  });
});
