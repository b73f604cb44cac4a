/** Text clean-up shared by the search providers and the indexer: what an API client gets is plain text. */

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', mdash: '—', ndash: '–' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const codePoint = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(codePoint) && codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * A provider's snippet as plain text: Brave marks matches with `<strong>`, engines behind SearXNG
 * sometimes leave tags or entities. Null when nothing is left.
 */
export function plainSnippet(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = decodeEntities(value.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();
  return text || null;
}

/**
 * Markdown of an extracted page as the text that is indexed and quoted in snippets: link and image
 * targets, emphasis and block markers removed (they are noise to ranking and unreadable in a snippet).
 */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/^\s*(```|~~~).*$/gm, '') // code fences (the code itself stays searchable)
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images: their alt text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links: their text
    .replace(/<[^>]+>/g, ' ') // inline HTML the converter kept
    .replace(/^\s{0,3}(#{1,6}|>+|[-*+]|\d+[.)])\s+/gm, '') // heading, quote and list markers
    .replace(/^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/gm, '') // table separator rows
    .replace(/\*\*|__|~~|`+/g, '')
    .replace(/\|/g, ' ')
    .replace(/(^|[^\p{L}\p{N}\\])[*_]([^*_\n]*[^*_\n\\])[*_](?![\p{L}\p{N}])/gu, '$1$2') // _emphasis_ (not snake_case, not escaped \*)
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1') // the converter's escapes of literal characters, last
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}
