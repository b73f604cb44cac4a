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

export function endStrayCdata(html: string): string {
  if (!html.includes('<![CDATA[')) return html;
  return html.replace(RAW_TEXT_OR_CDATA, (match) => (match.length === 9 ? '<!CDATA[' : match));
}
