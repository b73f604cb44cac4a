import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../../../src/extraction/extract.js';
import type { DomElement } from '../../../../src/extraction/dom/dom.js';
import { resolveLazyImages } from '../../../../src/extraction/output/lazy-images.js';
import { bodyOf } from '../main-content/fixtures.js';

const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** The src of each <img> after the pass (null: none). */
function sources(html: string): (string | null)[] {
  const root = bodyOf(html);
  resolveLazyImages(root as unknown as DomElement);
  return [...root.querySelectorAll('img')].map((image) => image.getAttribute('src'));
}

describe('lazily loaded pictures', () => {
  it("takes the picture's address from where loaders keep it, over a placeholder or no src", () => {
    expect(
      sources(
        `<img src="${PIXEL}" data-src="/a.jpg">` +
          '<img data-lazy-src="/b.jpg">' +
          '<img src="/img/blank.gif" data-original="/c.jpg">' +
          `<img src="${PIXEL}" data-srcset="/d-400.jpg 400w, /d-1200.jpg 1200w, /d-800.jpg 800w">` +
          `<picture><source type="image/webp" srcset="/e.webp"><img src="${PIXEL}"></picture>`,
      ),
    ).toEqual(['/a.jpg', '/b.jpg', '/c.jpg', '/d-1200.jpg', '/e.webp']);
  });

  it('keeps a real src, and drops a data: blob with no address behind it', () => {
    expect(sources(`<img src="/real.png" data-src="/other.png"><img src="${PIXEL}" alt="spacer"><img src="data:image/png;base64,iVBORw0KGgo${'A'.repeat(400)}">`)).toEqual([
      '/real.png',
      null,
      null,
    ]);
  });

  it('shows the picture in every output, absolute, whichever way the content was chosen', () => {
    const paragraph = '<p>The harbour at dawn is the quietest hour of the day, before the ferries and the fish market wake the whole town up.</p>';
    const html = `<html><head><title>Harbour</title></head><body><main><article><h1>Harbour</h1>${paragraph}<figure><img src="${PIXEL}" data-src="/photos/dawn.jpg" alt="Dawn over the harbour"></figure>${paragraph}</article></main></body></html>`;
    // Found by the main-content pass, and named by the caller's selectors (no main-content pass at all).
    for (const options of [{}, { selectors: { include: ['article'] } }]) {
      const { content } = extractHtml(html, 'https://harbour.example/story', options);
      expect(content.markdown).toContain('![Dawn over the harbour](https://harbour.example/photos/dawn.jpg)');
      expect(content.markdown).not.toContain('data:');
      expect(content.html).toContain('src="https://harbour.example/photos/dawn.jpg"');
    }
  });
});
