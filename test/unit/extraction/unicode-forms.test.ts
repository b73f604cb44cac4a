import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../../src/extraction/extract.js';

describe('canonically equal text', () => {
  // "Café" with e + U+0301; Bengali "সাড়ে" with U+09DC, whose canonical form is the letter and its nukta apart (U+09A1 U+09BC).
  const decomposedCafe = 'Cafe\u0301';
  const bengali = '\u09B8\u09BE\u09DC\u09C7';
  const page =
    `<!doctype html><html><head><meta charset="utf-8"><title>${decomposedCafe} hours</title></head><body><main><article><h1>${decomposedCafe} hours</h1>` +
    `<p>The ${decomposedCafe} opens at ${bengali} seven every morning, and its kitchen serves breakfast until noon on weekdays and weekends.</p>` +
    '<p>Seasonal menus change four times a year, and the owners print each one on the board by the door before the first guest arrives.</p></article></main></body></html>';

  it('comes out composed (NFC) in every output and in the metadata', () => {
    const { content, text } = extractHtml(page, 'https://cafe.example/hours');
    for (const output of [text, content.markdown!, content.html!, content.blocks!.map((block) => block.text).join('\n'), content.metadata!.title ?? '']) {
      expect(output).toContain('Caf\u00e9');
      expect(output).not.toContain('\u0301');
    }
    expect(text).toContain('\u09B8\u09BE\u09A1\u09BC\u09C7');
    expect(text).not.toContain('\u09DC');
  });
});
