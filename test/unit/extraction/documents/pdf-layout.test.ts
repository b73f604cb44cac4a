import { describe, expect, it } from 'vitest';
import { layoutBlocks, withoutLetterSpacing, type TextRun } from '../../../../src/extraction/documents/pdf-layout.js';
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
      run('\uF0B7 a Word bullet', 656.8),
      cell('Name', 72, 600), cell('Score', 200, 600),
      cell('Ada', 72, 585.6), cell('10', 200, 585.6),
    ]]);
    expect(blocks).toEqual([
      { type: 'list_item', ordered: false, text: 'first point' },
      { type: 'list_item', ordered: false, text: 'second point' },
      { type: 'list_item', ordered: true, text: 'numbered' },
      { type: 'list_item', ordered: false, text: 'a Word bullet' },
      { type: 'table', rows: [['Name', 'Score'], ['Ada', '10']] },
    ]);
  });

  it('reads a line set slightly above the body as a heading unless it ends like a sentence, and a bold line just under the body too', () => {
    const body = Array.from({ length: 6 }, (_, i) => run(`Body line ${i} with enough words to be the body text.`, 500 - i * 16.2, { size: 13.5, width: 460 }));
    const blocks = layoutBlocks([[
      run('A section heading a little larger', 700, { size: 15 }),
      run('A lead sentence a little larger, ending like one.', 660, { size: 15 }),
      run('A teaser headline in bold', 620, { size: 13.2, bold: true }),
      ...body,
    ]]);
    expect(blocks.slice(0, 3)).toEqual([
      { type: 'heading', level: 1, text: 'A section heading a little larger' },
      { type: 'paragraph', text: 'A lead sentence a little larger, ending like one.' },
      { type: 'heading', level: 2, text: 'A teaser headline in bold' },
    ]);
  });

  it('keeps one-line headings listed at double spacing apart, and joins a heading wrapped at its own leading', () => {
    const body = Array.from({ length: 6 }, (_, i) => run(`Body line ${i} with enough words to be the body text.`, 300 - i * 14.4, { width: 460 }));
    const blocks = layoutBlocks([[
      run('First teaser headline that fills its line', 700, { size: 16, bold: true, width: 460 }),
      run('Second teaser headline', 668, { size: 16, bold: true }),
      run('A wrapped headline that runs over the width of', 600, { size: 16, bold: true, width: 460 }),
      run('its column', 580.8, { size: 16, bold: true }),
      ...body,
    ]]);
    expect(blocks.slice(0, 3)).toEqual([
      { type: 'heading', level: 1, text: 'First teaser headline that fills its line' },
      { type: 'heading', level: 1, text: 'Second teaser headline' },
      { type: 'heading', level: 1, text: 'A wrapped headline that runs over the width of its column' },
    ]);
  });

  it('drops running text repeated at the same place on later pages', () => {
    const page = (n: number) => [run('Site name · Menu · Subscribe', 820), run(`Body of page ${n}.`, 600)];
    const blocks = layoutBlocks([page(1), page(2), page(3)], [842, 842, 842]);
    expect(blocks.map((b) => ('text' in b ? b.text : ''))).toEqual(['Site name · Menu · Subscribe', 'Body of page 1.', 'Body of page 2.', 'Body of page 3.']);
  });

  it('nothing to lay out is no blocks', () => {
    expect(layoutBlocks([[], [run('   ', 700)]])).toEqual([]);
  });
});

describe('withoutLetterSpacing', () => {
  it('closes up capitals spaced out letter by letter (a kerned pair stays together)', () => {
    expect(withoutLetterSpacing('A D V E RT I S E M E N T')).toBe('ADVERTISEMENT');
    expect(withoutLetterSpacing('Sponsored: S P O N S O R')).toBe('Sponsored: SPONSOR');
  });

  it('leaves ordinary text, short runs of capitals and lower-case enumerations alone', () => {
    expect(withoutLetterSpacing('I am a UK man')).toBe('I am a UK man');
    expect(withoutLetterSpacing('Pick A B or C')).toBe('Pick A B or C');
    expect(withoutLetterSpacing('options a b c d e')).toBe('options a b c d e');
    expect(withoutLetterSpacing('THE US AND UK')).toBe('THE US AND UK');
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
