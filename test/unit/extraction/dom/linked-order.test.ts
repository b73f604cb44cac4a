import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../../src/extraction/dom/dom.js';
import { descendants, hasDescendantTag, HEADINGS } from '../../../../src/extraction/dom/dom-walk.js';
import { elementsAtDepth, firstElementBelow, nextElementAfter, nextElementBelow } from '../../../../src/extraction/dom/linked-order.js';

// The DOM's own child and sibling links, walked recursively: the order the list walks must give.
function reference(root: Element, skip: (element: Element) => boolean = () => false): Element[] {
  const out: Element[] = [];
  for (let child = root.firstElementChild; child; child = child.nextElementSibling) {
    if (skip(child)) continue;
    out.push(child, ...reference(child, skip));
  }
  return out;
}

function depthOf(element: Element, root: Element): number {
  let depth = 0;
  for (let at: Element | null = element; at && at !== root; at = at.parentElement) depth++;
  return depth;
}

const PAGE = `<!doctype html><html><head><title>t</title></head><body>
  <div id="a" class="x" data-n="1"><!-- c --><p>one<br>two</p><section><h2>title</h2><p>two<span><b>x</b></span></p></section></div>
  <template><p>in a template</p></template><img src="a.png" alt="">
  <ul><li>a</li><li>b<ul><li>c</li></ul></li></ul><p>last</p></body></html>`;

describe('document-order walks over linkedom’s list (linked-order.ts)', () => {
  const document = parseDocument(PAGE) as unknown as Document;
  const body = document.body;
  // Nodes moved and removed after parsing, as the cleaning passes do.
  body.querySelector('section')!.append(document.createElement('aside'));
  body.querySelector('ul')!.before(body.querySelector('#a p')!);
  body.querySelector('img')!.remove();

  it('visits every element below a root in the order of the child and sibling links', () => {
    for (const root of [body, body.querySelector('#a')!, body.querySelector('ul')!, body.querySelector('br')!]) {
      const walked: Element[] = [];
      for (let element = firstElementBelow(root); element; element = nextElementBelow(element, root)) walked.push(element);
      expect(walked).toEqual(reference(root));
    }
  });

  it('skips a whole subtree on request, and stops at the root’s end', () => {
    const skip = (element: Element) => element.localName === 'section' || element.localName === 'li';
    expect(descendants(body, skip)).toEqual(reference(body, skip));
    const section = body.querySelector('section')!;
    const all = reference(body);
    const after = all.slice(all.indexOf(section) + 1).find((element) => !section.contains(element));
    expect(after?.localName).toBe('template');
    expect(nextElementAfter(section, body)).toBe(after);
    expect(nextElementAfter(section, body.querySelector('#a')!)).toBeNull();
  });

  it('finds elements by depth and headings below a root', () => {
    for (const depth of [1, 2, 3, 4]) expect(elementsAtDepth(body, depth)).toEqual(reference(body).filter((element) => depthOf(element, body) === depth));
    expect(hasDescendantTag(body.querySelector('#a')!, HEADINGS)).toBe(true);
    expect(hasDescendantTag(body.querySelector('ul')!, HEADINGS)).toBe(false);
  });
});
