/**
 * `<![CDATA[` outside SVG and MathML is, by the HTML standard, a bogus comment that ends at the next
 * `>`; the text after it is the page's. linkedom's tokenizer (htmlparser2) reads it as a CDATA section
 * up to `]]>`, so one stray `<![CDATA[` in a template's markup (XenForo forum themes print one before
 * the page wrapper, and never close it) swallowed the whole page: WCXB dev 4311, 4312 and 4492 parsed
 * to 27 elements and read as empty. Writing it as `<!CDATA[` makes htmlparser2 end it at `>` as browsers
 * do. Raw-text elements (script, style, textarea, title) are left alone: a script's `//<![CDATA[` is
 * its own text, and JSON-LD readers strip it.
 */
const RAW_TEXT_OR_CDATA = /<(script|style|textarea|title)\b[^>]*>[\s\S]*?<\/\1\s*>|<!\[CDATA\[/gi;

const CDATA_OPEN = '<![CDATA[';

/**
 * Nearly every page holding a `<![CDATA[` holds it only in scripts (`//<![CDATA[`): the page is then returned
 * as it is, not rebuilt as a second copy (WCXB dev: 170 pages of 1,497 hold one, 3 of them outside a script;
 * scrapinghub 78 of 181, 2).
 */
export function endStrayCdata(html: string): string {
  if (!html.includes(CDATA_OPEN)) return html;
  const stray: number[] = [];
  RAW_TEXT_OR_CDATA.lastIndex = 0;
  for (let match = RAW_TEXT_OR_CDATA.exec(html); match; match = RAW_TEXT_OR_CDATA.exec(html)) {
    if (match[0].length === CDATA_OPEN.length) stray.push(match.index);
  }
  if (stray.length === 0) return html;
  let ended = '';
  let from = 0;
  for (const at of stray) {
    ended += `${html.slice(from, at)}<!CDATA[`;
    from = at + CDATA_OPEN.length;
  }
  return ended + html.slice(from);
}
