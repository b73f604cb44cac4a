import { describe, expect, it } from 'vitest';
import { appShellVerdict } from '../../src/extraction/render/app-shell.js';

const paragraph = 'Server-rendered pages carry their words in the HTML itself, so nothing needs to run before a reader sees them. ';

describe('app-shell verdict (render_js: "auto")', () => {
  it.each([
    ['create-react-app', '<html><head><title>App</title></head><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div><script src="/static/js/main.js"></script></body></html>', '#root'],
    ['vue', '<html><body><div id="app"></div><script type="module" src="/assets/index.js"></script></body></html>', '#app'],
    ['next (client only)', '<html><body><div id="__next"></div><script src="/_next/static/chunks/main.js"></script></body></html>', '#__next'],
    ['angular', '<html><body><app-root></app-root><script src="runtime.js"></script><script src="main.js"></script></body></html>', 'app-root'],
    ['nuxt with a loading line', '<html><body><div id="__nuxt"><p>Loading…</p></div><script src="/_nuxt/entry.js"></script></body></html>', '#__nuxt'],
  ])('%s shell renders', (_name, html, mount) => {
    const verdict = appShellVerdict(html);
    expect(verdict.shell).toBe(true);
    expect(verdict.mount).toBe(mount);
  });

  it('an empty body with scripts renders even without a known mount point', () => {
    expect(appShellVerdict('<html><body><div class="x"></div><script src="/bundle.js"></script></body></html>').shell).toBe(true);
  });

  it('a server-rendered Next.js page (mount point and full text) does not', () => {
    const html = `<html><body><div id="__next"><article><h1>Title</h1><p>${paragraph.repeat(4)}</p></article></div><script id="__NEXT_DATA__" type="application/json">{}</script><script src="/_next/main.js"></script></body></html>`;
    const verdict = appShellVerdict(html);
    expect(verdict.shell).toBe(false);
    expect(verdict.textChars).toBeGreaterThan(200);
  });

  it('content shipped in <noscript> (forums) counts as text', () => {
    const html = `<html><body><div id="app"></div><noscript><div class="topic">${paragraph.repeat(3)}</div></noscript><script src="/app.js"></script></body></html>`;
    expect(appShellVerdict(html).shell).toBe(false);
  });

  it('a short page without scripts (a plain 404) does not', () => {
    const verdict = appShellVerdict('<html><body><div id="root"><h1>Not found</h1></div></body></html>');
    expect(verdict).toMatchObject({ shell: false, scripts: 0 });
  });

  it('a short page with scripts but no mount point and some text does not', () => {
    expect(appShellVerdict('<html><body><h1>Gone</h1><p>This page was removed last year.</p><script src="/analytics.js"></script></body></html>').shell).toBe(false);
  });

  it('script text is not page text', () => {
    const html = `<html><body><div id="root"></div><script>window.__STATE__ = ${JSON.stringify({ body: paragraph.repeat(20) })}</script></body></html>`;
    expect(appShellVerdict(html).shell).toBe(true);
  });

  it('never throws, on garbage or huge input', () => {
    expect(appShellVerdict('').shell).toBe(false);
    expect(appShellVerdict('\u0000\uffff<<<>>><script').scripts).toBe(1);
    const huge = `<html><body><div id="root"></div><script src="a.js"></script>${'<p>words and more words</p>'.repeat(200_000)}</body></html>`;
    expect(appShellVerdict(huge)).toMatchObject({ shell: false, reason: expect.stringContaining('a large page with text') });
  });
});
