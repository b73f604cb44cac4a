import { describe, expect, it } from 'vitest';
import { layoutBlocks, type TextRun } from '../../../../src/extraction/documents/pdf-layout.js';
import { pdfDate } from '../../../../src/extraction/documents/pdf.js';

/** One run per line, 12 pt body at 14.4 pt steps from the top of the page unless told otherwise. */
function run(str: string, y: number, extra: Partial<TextRun> = {}): TextRun {
  return { str, x: 72, y, width: str.length * 6, size: 12, bold: false, eol: true, ...extra };
}

describe('layoutBlocks', () => {
  it('joins wrapped lines into one paragraph and removes line-end hyphens between word halves', () => {
    const blocks = layoutBlocks([[
      run('Extraction of text from documents is a well-under-', 700, { width: 460 }),
      run('stood problem with many sub-', 685.6, { width: 460 }),
      run('tle cases and Hyphen-', 671.2, { width: 460 }),
      run('Based names.', 656.8),
      run('A second paragraph after a gap.', 620),
    ]]);
    expect(blocks).toEqual([
      { type: 'paragraph', text: 'Extraction of text from documents is a well-understood problem with many subtle cases and Hyphen- Based names.' },
      { type: 'paragraph', text: 'A second paragraph after a gap.' },
    ]);
  });

  it('ranks larger sizes as heading levels and bold body-sized lines below them', () => {
    const body = Array.from({ length: 4 }, (_, i) => run(`Body line ${i} with enough words to be the body text.`, 600 - i * 14.4, { width: 460 }));
    const blocks = layoutBlocks([[
      run('Title', 760, { size: 24 }),
      run('Section', 720, { size: 18 }),
      run('Run-in heading', 680, { bold: true }),
      ...body,
    ]]);
    expect(blocks.slice(0, 3)).toEqual([
      { type: 'heading', level: 1, text: 'Title' },
      { type: 'heading', level: 2, text: 'Section' },
      { type: 'heading', level: 3, text: 'Run-in heading' },
    ]);
    expect(blocks[3]?.type).toBe('paragraph');
  });

  it('reads marker lines as list items and rows of wide-gapped cells as a table', () => {
    const cell = (str: string, x: number, y: number): TextRun => ({ str, x, y, width: str.length * 6, size: 12, bold: false, eol: false });
    const blocks = layoutBlocks([[
      run('• first point', 700),
      run('• second point', 685.6),
      run('2) numbered', 671.2),
      cell('Name', 72, 600), cell('Score', 200, 600),
      cell('Ada', 72, 585.6), cell('10', 200, 585.6),
    ]]);
    expect(blocks).toEqual([
      { type: 'list_item', ordered: false, text: 'first point' },
      { type: 'list_item', ordered: false, text: 'second point' },
      { type: 'list_item', ordered: true, text: 'numbered' },
      { type: 'table', rows: [['Name', 'Score'], ['Ada', '10']] },
    ]);
  });

  it('nothing to lay out is no blocks', () => {
    expect(layoutBlocks([[], [run('   ', 700)]])).toEqual([]);
  });
});

describe('pdfDate', () => {
  it('reads PDF dates with and without a zone', () => {
    expect(pdfDate("D:20240305101500+01'00'")).toBe('2024-03-05T09:15:00.000Z');
    expect(pdfDate('D:2024')).toBe('2024-01-01T00:00:00.000Z');
    expect(pdfDate('yesterday')).toBeNull();
    expect(pdfDate(undefined)).toBeNull();
  });
});
