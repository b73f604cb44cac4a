import { describe, expect, it } from 'vitest';
import { endStrayCdata } from '../../../../src/extraction/dom/cdata.js';
import { parseDocument } from '../../../../src/extraction/dom/dom.js';

/** A stray `<![CDATA[` in HTML content is a bogus comment to the next `>` (dom/cdata.ts), as in browsers. */
describe('stray CDATA in HTML', () => {
  it('does not swallow the rest of the page', () => {
    const html = '<html><body><div><![CDATA[</div><h1>Thread title</h1><article><p>First post.</p></article></body></html>';
    const document = parseDocument(html) as unknown as Document;
    expect(document.querySelector('h1')?.textContent).toBe('Thread title');
    expect(document.querySelector('article p')?.textContent).toBe('First post.');
  });

  it('leaves CDATA inside scripts and styles alone, and pages without CDATA untouched', () => {
    const script = '<script>//<![CDATA[\nvar a = 1;\n//]]></script>';
    const style = '<style>/*<![CDATA[*/ p { color: red } /*]]>*/</style>';
    const html = `<html><head>${script}${style}</head><body><p><![CDATA[x]]></p></body></html>`;
    expect(endStrayCdata(html)).toBe(`<html><head>${script}${style}</head><body><p><!CDATA[x]]></p></body></html>`);
    const plain = '<html><body><p>No sections here.</p></body></html>';
    expect(endStrayCdata(plain)).toBe(plain);
  });

  it('ends every stray one between scripts, and leaves a page whose only CDATA is in its scripts as it is', () => {
    const script = '<SCRIPT type="text/javascript">//<![CDATA[\nvar a = "</p>";\n//]]></SCRIPT>';
    const html = `<p><![CDATA[a]]></p>${script}<div><![CDATA[b</div><textarea><![CDATA[c</textarea>`;
    expect(endStrayCdata(html)).toBe(`<p><!CDATA[a]]></p>${script}<div><!CDATA[b</div><textarea><![CDATA[c</textarea>`);
    const scriptsOnly = `<html><head>${script}</head><body><p>Text.</p></body></html>`;
    expect(endStrayCdata(scriptsOnly)).toBe(scriptsOnly);
  });
});
