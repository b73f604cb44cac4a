import { describe, expect, it } from 'vitest';
import { documentWords, joinBrokenLine } from '../../../../src/extraction/documents/line-end-hyphens.js';

describe('joinBrokenLine', () => {
  it('joins a word broken by the layout when nothing says otherwise', () => {
    const known = documentWords(['The extraction of docu-', 'ments is hard.']);
    expect(joinBrokenLine('The extraction of docu-', 'ments is hard.', known)).toBe('The extraction of documents is hard.');
  });

  it('joins when the document writes the word whole elsewhere, even if both halves are words', () => {
    const known = documentWords(['Some people under-', 'stood it.', 'Nobody understood why the under side stood.']);
    expect(joinBrokenLine('Some people under-', 'stood it.', known)).toBe('Some people understood it.');
  });

  it('keeps the hyphen of a compound the document writes with its hyphen mid-line', () => {
    const known = documentWords(['A cross-', 'border deal.', 'The cross-border trade grew.']);
    expect(joinBrokenLine('A cross-', 'border deal.', known)).toBe('A cross-border deal.');
  });

  it('keeps the hyphen when both halves stand as words of their own elsewhere', () => {
    const known = documentWords(['an eighth-', 'generation car', 'the eighth car of this generation']);
    expect(joinBrokenLine('an eighth-', 'generation car', known)).toBe('an eighth-generation car');
  });

  it('a compound that ends its own line is no evidence for itself', () => {
    const known = documentWords(['a well-under-', 'stood problem']);
    expect(known.compounds.has('well-under')).toBe(false);
    expect(joinBrokenLine('a well-under-', 'stood problem', known)).toBe('a well-understood problem');
  });
});
