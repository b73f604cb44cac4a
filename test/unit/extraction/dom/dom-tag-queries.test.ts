import { DOMParser, Element as LinkedomElement } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../../src/extraction/dom/dom.js';

// linkedom's own methods, which the fast path shadows on Element.prototype.
const parentNode = Object.getPrototypeOf(LinkedomElement.prototype) as {
  querySelectorAll: (s: string) => Element[];
  querySelector: (s: string) => Element | null;
  getElementsByTagName: (s: string) => Element[];
};

const PAGE = `<!doctype html><html><head><title>t</title></head><body>
  <div id="a"><p>one</p><section><h1>title</h1><p>two<span><b>x</b></span></p></section></div>
  <template><p>in a template</p><div>hidden</div></template>
  <table><tr><td>cell<table><tr><td>inner</td></tr></table></td></tr></table>
  <pre><code>code</code></pre><svg><path d="M0"/><foreignObject><div>svg div</div></foreignObject></svg>
  <ul><li>a</li><li>b<ul><li>c</li></ul></li></ul></body></html>`;

describe('plain tag-list queries (tag-queries.ts)', () => {
  const document = parseDocument(PAGE) as unknown as Document;
  const body = document.body;
  // Names a script would give in mixed or upper case: compared as linkedom compares them.
  body.appendChild(document.createElement('DIV'));
  body.appendChild(document.createElement('Pre'));
  body.querySelector('section')!.appendChild(document.createElement('p'));

  it.each(['div', 'p', 'DIV', 'p,div', 'h1, h2', ' td , tr ', 'div,section,header,h1,h2,h3,h4,h5,h6,p,td,pre', 'template', 'li', 'ul,ol', 'code', 'path', 'foreignobject', 'span,b', 'nothing'])(
    '%j finds what linkedom finds, in the same order',
    (selector) => {
      for (const root of [body, body.querySelector('#a')!, body.querySelector('table')!, body.querySelector('ul')!]) {
        expect([...root.querySelectorAll(selector)]).toEqual([...parentNode.querySelectorAll.call(root, selector)]);
        expect(root.querySelector(selector)).toBe(parentNode.querySelector.call(root, selector));
      }
    },
  );

  it.each(['div', 'DIV', 'P', 'p', 'Pre', 'PRE', 'TEMPLATE', 'template', 'TD', '*', 'FOREIGNOBJECT', 'foreignObject'])('getElementsByTagName(%j) finds what linkedom finds', (tag) => {
    for (const root of [body, body.querySelector('#a')!, body.querySelector('table')!]) {
      expect([...root.getElementsByTagName(tag)]).toEqual([...parentNode.getElementsByTagName.call(root, tag)]);
    }
  });

  it('tagName and nodeName are the upper-cased name in HTML, the name as written in XML', () => {
    for (const element of body.querySelectorAll('*')) {
      expect(element.tagName).toBe(element.localName.toUpperCase());
      expect(element.nodeName).toBe(element.localName.toUpperCase());
    }
    const xml = new DOMParser().parseFromString('<root><Item>x</Item></root>', 'text/xml') as unknown as Document;
    const item = xml.documentElement.firstElementChild!;
    expect([item.tagName, item.nodeName]).toEqual(['Item', 'Item']);
    expect(xml.documentElement.getElementsByTagName('Item')).toHaveLength(1);
    expect(xml.documentElement.getElementsByTagName('ITEM')).toHaveLength(0);
  });

  it('getElementsByTagName matches a name whose upper case has another length as before (ß → SS)', () => {
    const host = parseDocument('<!doctype html><html><body></body></html>').body as unknown as Element;
    for (const name of ['ß', 'ss', 'span']) host.appendChild(host.ownerDocument.createElement(name));
    expect(host.getElementsByTagName('SS').length).toBe(parentNode.getElementsByTagName.call(host, 'SS').length);
    expect([...host.getElementsByTagName('SS')].map((element) => element.localName)).toEqual(['ß', 'ss']);
    expect([...host.children].map((element) => element.tagName)).toEqual(['SS', 'SS', 'SPAN']);
  });

  it('leaves other selectors to linkedom', () => {
    expect([...body.querySelectorAll('p > span')].map((e) => e.tagName)).toEqual(['SPAN']);
    expect(body.querySelector('#a')?.id).toBe('a');
  });

  it('walks a very deep tree without recursion', () => {
    // linkedom's own parser: parseDocument caps the depth (dom.ts MAX_ELEMENT_DEPTH), the queries must not need it.
    const deep = new DOMParser().parseFromString(`<html><body>${'<div>'.repeat(20000)}<p>x</p>${'</div>'.repeat(20000)}</body></html>`, 'text/html') as unknown as Document;
    expect(deep.body.querySelectorAll('p')).toHaveLength(1);
    expect(deep.body.querySelectorAll('div')).toHaveLength(20000);
  });
});
