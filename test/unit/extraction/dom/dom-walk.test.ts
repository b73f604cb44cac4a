import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../../src/extraction/dom/dom.js';
import { descendants, elementsByTag, hasAncestorOrSelf, hasDescendantTag } from '../../../../src/extraction/dom/dom-walk.js';
import { collectLinks } from '../../../../src/extraction/output/links.js';
import { readMetadata } from '../../../../src/extraction/metadata/index.js';

const page = (head: string, body: string) => parseDocument(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`);

describe('tree walks that replace css-select queries (dom-walk.ts)', () => {
  it('lists elements in document order, skips template contents like querySelectorAll', () => {
    const document = page('', '<div id="a"><p id="b"><a id="c" href="/x">x</a></p></div><template><a id="t" href="/t">t</a></template><a id="d" href="/y">y</a>');
    const body = document.body as unknown as Element;
    expect(descendants(body).map((element) => element.id).filter(Boolean)).toEqual(['a', 'b', 'c', 't', 'd']);
    expect(elementsByTag(body, 'A').map((element) => element.id)).toEqual(['c', 'd']);
    expect([...body.querySelectorAll('a')].map((element) => element.id)).toEqual(['c', 'd']);
    expect(hasDescendantTag(body.querySelector('#a')!, new Set(['A']))).toBe(true);
    expect(hasAncestorOrSelf(body.querySelector('#c')!, (element) => element.id === 'a')).toBe(true);
  });

  it('collects page links outside templates only', () => {
    const document = page('', '<a href="/one">1</a><template><a href="/inert">i</a></template><a href="mailto:x@y.z">m</a><a href="/one#top">1</a>');
    expect(collectLinks(document, 'https://example.com/')).toEqual(['https://example.com/one']);
  });

  it('reads meta tags as a chain of selectors: the first tag per name decides, empty falls through to the next name', () => {
    const document = page(
      '<meta property="og:title" content=" "><meta name="twitter:title" content="Twitter title"><meta property="og:title" content="Second og">' +
        '<meta name="author" content="Ann Author"><link rel="Canonical" href="/canon"><script type="Application/LD+JSON">{"@type":"Article","datePublished":"2024-05-01T10:00:00Z"}</script>',
      '<p>x</p>',
    );
    // Retrieved after the page's date: a date later than the retrieval is an event, not a publication.
    const metadata = readMetadata(document, 'https://example.com/page', new Date('2025-01-01T00:00:00Z'));
    expect(metadata.title).toBe('Twitter title');
    expect(metadata.author).toBe('Ann Author');
    expect(metadata.url).toBe('https://example.com/canon');
    expect(metadata.date).toBe('2024-05-01T10:00:00.000Z');
  });
});
