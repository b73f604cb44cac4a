import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../../src/extraction/extract.js';
import { repairMojibake } from '../../../src/extraction/mojibake.js';

describe('double-encoded UTF-8 in the content', () => {
  const story = (text: string) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>Fleet care</title></head><body><main><article><h1>Fleet care</h1>` +
    `<p>${text} Regular vehicle maintenance keeps a fleet running and its drivers safe, season after season, mile after mile.</p>` +
    `<p>Seasonal checklists and mileage intervals are the two habits every fleet manager should keep in writing.</p></article></main></body></html>`;

  it('reads "fleetâ€™s" as "fleet’s" in every output, the way the CMS meant it', () => {
    const { content, text } = extractHtml(story('Your fleetâ€™s needs change with the seasonsÂ\u00a0— and Ã©tÃ© is the hardest.'), 'https://fleet.example/care');
    for (const output of [text, content.markdown!, content.html!, content.blocks!.map((block) => block.text).join('\n')]) {
      // The no-break space is itself again (plain text writes it as a space).
      expect(output).toMatch(/Your fleet’s needs change with the seasons(?:\u00a0| |&#160;)— and été is the hardest\./);
      expect(output).not.toMatch(/â€|Ã©|Â/);
    }
  });

  it('repairs the alt text and titles the markdown shows', () => {
    const figure = '<figure><img src="/koeln.png" alt="Stadt KÃ¶ln" title="KÃ¶ln at night"></figure>';
    const { content } = extractHtml(story(figure), 'https://fleet.example/care');
    expect(content.markdown).toContain('![Stadt Köln](https://fleet.example/koeln.png "Köln at night")');
  });

  it('undoes a text saved wrongly twice, and leaves accented text and symbols that merely look alike as written', () => {
    expect(repairMojibake('isnÃ¢â‚¬â„¢t')).toBe('isn’t');
    for (const text of ['São Paulo, Übergröße, café » naïve façade', '100 °C and ± 2 ©', 'Ça va? À bientôt!']) expect(repairMojibake(text)).toBe(text);
    const { text } = extractHtml(story('São Paulo, Übergröße, café » naïve façade.'), 'https://fleet.example/care');
    expect(text).toContain('São Paulo, Übergröße, café » naïve façade.');
  });
});
