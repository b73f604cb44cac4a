import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../../../src/extraction/extract.js';
import { ExtractionError } from '../../../../src/contract/extraction-error.js';

const filler = (topic: string) =>
  `<p>${topic} is explained here in enough words that a reader would call it the main content of the page, with detail after detail and example after example so that no heuristic mistakes it for boilerplate.</p>`;

function page(body: string): string {
  return `<!doctype html><html><head><title>Doc page</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"TechArticle","headline":"Using Pith","author":{"@type":"Person","name":"Grace Hopper"},"datePublished":"2025-01-02"}</script>
<link rel="canonical" href="/docs/using"></head>
<body><nav><a href="/">Home</a><a href="mailto:x@y.z">Mail</a><a href="javascript:void(0)">JS</a></nav>
<main><article><h1>Using Pith</h1>${filler('Extraction')}${body}${filler('Chunking')}</article></main>
<footer><a href="https://other.example/#top">Elsewhere</a></footer></body></html>`;
}

describe('markdown, blocks, links and metadata of the pipeline', () => {
  const { content } = extractHtml(
    page(`<h2>Install</h2>
<pre><code class="language-bash">npm install pith
pith --help</code></pre>
<h2>Compare</h2>
<table><thead><tr><th>Tool</th><th>F1</th></tr></thead><tbody><tr><td>Pith</td><td>0.98</td></tr><tr><td>Other</td><td>0.95</td></tr></tbody></table>
<ul><li>first point<ul><li>nested point</li></ul></li><li>second point</li></ul>
<blockquote><p>Quoted wisdom.</p></blockquote>
<p><img src="/img/diagram.png" alt="Architecture diagram"> <a href="/docs/next">Next page</a></p>`),
    'https://pith.example/docs/using',
    { retrievedAt: new Date('2026-01-01T00:00:00Z') },
  );

  it('keeps headings, fenced code with its language, GFM tables and lists', () => {
    expect(content.markdown).toContain('## Install');
    expect(content.markdown).toContain('```bash\nnpm install pith\npith --help\n```');
    expect(content.markdown).toMatch(/\| Tool \| F1 \|\n\| --- \| --- \|\n\| Pith \| 0\.98 \|/);
    expect(content.markdown).toMatch(/- first point\n\s+- nested point\n- second point/);
    expect(content.markdown).toContain('> Quoted wisdom.');
  });

  it('makes links and images absolute', () => {
    expect(content.markdown).toContain('![Architecture diagram](https://pith.example/img/diagram.png)');
    expect(content.markdown).toContain('[Next page](https://pith.example/docs/next)');
  });

  it('emits typed blocks with levels', () => {
    expect(content.blocks).toContainEqual({ type: 'heading', text: 'Install', level: 2 });
    expect(content.blocks).toContainEqual({ type: 'code', text: 'npm install pith\npith --help', level: 0 });
    expect(content.blocks).toContainEqual({ type: 'table', text: 'Tool | F1\nPith | 0.98\nOther | 0.95', level: 0 });
    expect(content.blocks).toContainEqual({ type: 'list_item', text: 'first point', level: 1 });
    expect(content.blocks).toContainEqual({ type: 'list_item', text: 'nested point', level: 2 });
    expect(content.blocks).toContainEqual({ type: 'quote', text: 'Quoted wisdom.', level: 0 });
    expect(content.blocks).toContainEqual({ type: 'image', text: 'Architecture diagram', level: 0 });
  });

  it('lists the page links absolute and deduplicated, without mailto/javascript or fragments', () => {
    expect(content.links).toContain('https://pith.example/');
    expect(content.links).toContain('https://pith.example/docs/next');
    expect(content.links).toContain('https://other.example/');
    expect(content.links!.some((l) => /^(mailto|javascript):/.test(l))).toBe(false);
    expect(new Set(content.links).size).toBe(content.links!.length);
  });

  it('reads metadata from JSON-LD and the canonical link', () => {
    expect(content.metadata).toEqual({
      title: 'Using Pith',
      author: 'Grace Hopper',
      date: '2025-01-02T00:00:00.000Z',
      url: 'https://pith.example/docs/using',
      retrieved_at: '2026-01-01T00:00:00.000Z',
      robots_allowed: null, // not checked by the HTML pipeline; extractUrl fills it per the key's policy
    });
  });

  it('computes metrics as the decisions define them', () => {
    const m = content.metrics!;
    expect(m.content_bytes).toBe(Buffer.byteLength(content.markdown!, 'utf8'));
    expect(m.output_tokens).toBe(content.chunks!.at(-1)!.end_token);
    expect(m.tokens_saved).toBe(Math.max(0, m.input_tokens - m.output_tokens));
    expect(m.reduction_pct).toBe(Math.round((1000 * m.tokens_saved) / m.input_tokens) / 10);
  });

  it('skips work for formats not asked for', () => {
    const { content: only } = extractHtml(page(''), 'https://pith.example/x', { formats: ['markdown'] });
    expect(Object.keys(only)).toEqual(['markdown']);
  });

  it('answers no_content for a page without main content', () => {
    const codeOf = (html: string) => {
      try {
        extractHtml(html, 'https://pith.example/');
        return 'extracted';
      } catch (err) {
        return err instanceof ExtractionError ? err.code : String(err);
      }
    };
    expect(codeOf('<html><body><nav><a href="/">Home</a></nav></body></html>')).toBe('no_content');
    expect(codeOf('<html><body></body></html>')).toBe('no_content');
    // An app shell's only markup: a hidden site name over its skip link. A heading names content and is none.
    const shell = '<div style="display:none"><h1>Aliexpress</h1><ul><li><a href="#search-key">I&#39;m shopping for...</a></li></ul></div><div id="app"></div>';
    expect(codeOf(`<html><head><title></title></head><body>${shell}</body></html>`)).toBe('no_content');
    expect(codeOf('<html><body><main><h1>Not found</h1></main></body></html>')).toBe('no_content');
    // A heading over a sentence, or over a picture, is content.
    expect(codeOf('<html><body><main><h1>Opening hours</h1><p>Monday to Friday, 9 to 5.</p></main></body></html>')).toBe('extracted');
    expect(codeOf('<html><body><main><h1>Sunset</h1><img src="https://pith.example/sunset.jpg" alt=""></main></body></html>')).toBe('extracted');
    // A shop's category cards, each a link holding a picture and a heading, are content, not a run of links.
    const card = (name: string, i: number): string =>
      `<li class="product-category product"><a href="https://pith.example/category/gadgets/${i}/"><img src="https://pith.example/uploads/${i}.jpg" alt="${name}">` +
      ` <h2 class="woocommerce-loop-category__title"> ${name} <mark class="count">(${i + 3})</mark></h2></a></li>`;
    const cards = ['Radios', 'Power Banks', 'Speakers', 'Cameras', 'Chargers', 'Cables'].map(card).join('');
    const shop =
      '<header><nav><a href="/">Home</a> <a href="/shop/">Shop</a></nav></header><div id="left-area"><nav class="woocommerce-breadcrumb"><a href="/">Home</a> / Gadgets</nav>' +
      `<header class="woocommerce-products-header"><h1 class="page-title">Gadgets</h1></header><ul class="products columns-3">${cards}</ul></div><footer><p>© Shop 2024</p></footer>`;
    expect(codeOf(`<html><head><title>Gadgets | Shop</title></head><body>${shop}</body></html>`)).toBe('extracted');
  });
});

describe('markdown edge cases', () => {
  it('numbers ordered lists, also inside table cells (converted by a second DOM)', () => {
    const { content } = extractHtml(
      page(`<ol start="3"><li>third</li><li>fourth</li></ol>
<table><tr><th>Step</th><th>How</th></tr><tr><td>1</td><td><ol><li>open the file</li><li>save the copy</li></ol></td></tr></table>`),
      'https://pith.example/steps',
    );
    expect(content.markdown).toContain('3. third\n4. fourth');
    expect(content.markdown).toMatch(/\| 1 \| 1\. open the file 2\. save the copy \|/);
  });

  it('prints no link around nothing readable, and no item left empty by one', () => {
    const { content } = extractHtml(
      page(`<ul><li><a href="/thread/1#post-2"><i class="icon-link"></i></a></li><li>She wrote <a href="/thread/1">the first thread</a> on tides in 2019.</li><li>He answered it a week later, with tables.</li></ul>
<p>Pictured: <a href="/photo"><img src="https://pith.example/p.jpg" alt="the harbour"></a> and <a href="/card"><div> </div></a>more.</p>
<table><tr><th>Boat</th><th>Photo</th></tr><tr><td>Skiff <a href="/skiff"><span> </span></a></td><td><a href="/skiff.jpg"><img src="https://pith.example/skiff.jpg" alt="skiff"></a></td></tr></table>`),
      'https://pith.example/links',
    );
    expect(content.markdown).not.toMatch(/(?<!!)\[\s*\]\(/);
    expect(content.markdown).not.toMatch(/^- *$/m);
    expect(content.markdown).toContain('- She wrote [the first thread](https://pith.example/thread/1) on tides in 2019.\n- He answered');
    expect(content.markdown).toContain('[![the harbour](https://pith.example/p.jpg)](https://pith.example/photo)');
    expect(content.markdown).toContain('| Skiff | [![skiff](https://pith.example/skiff.jpg)](https://pith.example/skiff.jpg) |');
    expect(content.links).toContain('https://pith.example/card');
  });

  it('writes a link around blocks (a shop card) on one line, the way markdown can link it', () => {
    const cards = [0, 1].map((i) => `<li><a href="/p/${i}" title="Camera ${i}"><div><img src="/c${i}.jpg" alt="Camera ${i}"></div><h3>Canon EOS R${i}</h3><div>$${i}99</div></a></li>`).join('');
    const { content } = extractHtml(page(`<ul>${cards}</ul>`), 'https://pith.example/cameras', { selectors: { include: ['article'] } });
    expect(content.markdown).toContain('- [![Camera 0](https://pith.example/c0.jpg) Canon EOS R0 $099](https://pith.example/p/0 "Camera 0")\n- [![Camera 1]');
    expect(content.markdown).not.toMatch(/(?<!!)\[\s*\n/);
  });

  it('writes a heading on one line, and no heading without text', () => {
    const { content } = extractHtml(
      page('<h2><div>Opening</div><div>hours</div></h2><p>Monday to Friday, from nine in the morning to five in the evening, all year.</p><h3>\u00a0<br></h3><h3><br>Holidays</h3><p>Closed on public holidays and the week between Christmas and New Year.</p>'),
      'https://pith.example/hours',
      { selectors: { include: ['article'] } },
    );
    expect(content.markdown).toContain('## Opening hours\n\nMonday to Friday');
    expect(content.markdown).toContain('all year.\n\n### Holidays\n\nClosed');
    expect(content.markdown).not.toMatch(/^#{1,6}\s*$/m);
  });

  it('escapes text that a markdown renderer would take for an HTML tag', () => {
    const { content } = extractHtml(page(`<p>We saw &lt;The Palace: Tale of Jang Noksu&gt; twice; a&lt;b stays text too.</p>`), 'https://pith.example/show');
    expect(content.markdown).toContain('We saw \\<The Palace: Tale of Jang Noksu');
    expect(content.markdown).toContain('a\\<b stays text too.');
    expect(content.markdown).not.toMatch(/(?:^|[^\\])<(?:The|b)\b/);
  });
});

describe('a thread wrapped in a form', () => {
  // Forum software (XenForo, vBulletin) wraps a thread's posts in its moderation <form>; main-content keeps
  // it (no visible control), and the markdown must too: it used to drop every <form>, so such a thread's
  // markdown was its title alone while its text held the posts.
  const post = (n: number) =>
    `<li><article><blockquote>Reply number ${n} says that forums are still the place for long answers, with enough words to read as a post of its own in the thread.</blockquote></article></li>`;
  const { content, text } = extractHtml(
    `<!doctype html><html><head><title>Do forums still matter?</title></head><body><nav><a href="/">Home</a></nav>
<div class="p-body"><h1>Do forums still matter?</h1><form action="/inline-mod" method="post"><input type="hidden" name="token" value="x">
<ol class="messageList">${[1, 2, 3, 4, 5].map(post).join('')}</ol><button>Delete selected</button></form></div></body></html>`,
    'https://forum.example/threads/do-forums-still-matter.1/',
  );

  it('keeps the posts in the markdown and drops the form controls', () => {
    for (const n of [1, 2, 3, 4, 5]) {
      expect(content.markdown).toContain(`Reply number ${n} says`);
      expect(text).toContain(`Reply number ${n} says`);
    }
    expect(content.markdown).not.toContain('Delete selected');
  });
});
