import { describe, expect, it } from 'vitest';
import { MAX_ELEMENT_DEPTH, parseDocument } from '../../../../src/extraction/dom/dom.js';
import { extractHtml } from '../../../../src/extraction/extract.js';

const nested = (depth: number, inner: string) =>
  `<!doctype html><html><head><title>Deep</title></head><body>${'<div>'.repeat(depth)}${inner}${'</div>'.repeat(depth)}</body></html>`;

/** The deepest element below `root`, counted without recursion. */
function deepest(root: Element): number {
  let max = 0;
  const stack: [Element, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [element, depth] = stack.pop()!;
    max = Math.max(max, depth);
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) stack.push([child, depth + 1]);
  }
  return max;
}

describe('how deep a parsed page nests', () => {
  it('is at most MAX_ELEMENT_DEPTH, with the text below the cap kept in order', () => {
    const document = parseDocument(nested(3000, '<p>first un<b>bold</b>ed words</p><p>second words</p>')) as unknown as Document;
    expect(deepest(document as unknown as Element)).toBe(MAX_ELEMENT_DEPTH);
    expect(document.body.textContent?.replace(/\s+/g, ' ').trim()).toBe('first unbolded words second words');
  });

  it('leaves a page within the cap as parsed', () => {
    const document = parseDocument(nested(100, '<p>first <b>bold</b></p>')) as unknown as Document;
    expect(document.querySelectorAll('div')).toHaveLength(100);
    expect(document.querySelector('p b')?.textContent).toBe('bold');
  });

  it('lets a page nested 20,000 deep be extracted (each walk recursed once a level and overflowed the stack)', () => {
    const prose = 'Deep text that is long enough to read as the content of the page. '.repeat(8);
    const { text } = extractHtml(nested(20_000, `<p>${prose}</p>`), 'https://deep.example/page');
    expect(text).toContain('Deep text that is long enough');
  });
});
