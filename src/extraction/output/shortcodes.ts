/**
 * WordPress shortcodes and BBCode tags left in a page's text: `[vc_row type=”full_width_background”
 * bg_image=”684292″]…[/vc_row]` where the plugin that renders them was switched off, `[url]…[/url]` where
 * a forum's parser was. A reader sees them as noise around the words they wrap, and annotators leave them
 * out: a sewing shop's beginners' page (WCXB unseen probe 5166) is 124 page-builder tags around a few
 * sentences, 0.187 -> 0.861. The wrapped text stays; only the tags go.
 * A tag is read as one only where the page says so: its attributes are quoted with the curly quotes
 * WordPress puts in text (`=”…″`, never typed in prose or code), or the same name is both opened and
 * closed (`[url]…[/url]`) in the same content; a page builder's closing tag (`[/vc_column_text]`, its name
 * written with underscores) is one wherever its opening went. `[1]`, `[edit]`, `[sic]`, `[work_mem]` and an
 * unpaired `[/url]` (a forum truth keeps its broken `[urldecode=…]REI[/url]`) stay, as does everything in
 * code, where a tutorial shows a shortcode as it is written.
 * Unseen probe 0.92783 -> 0.93159, final +0.000003 (5627); WCXB dev +0.00001 (4669 0.985 -> 0.997, 0653,
 * 4318; no page down); scrapinghub identical; trafilatura's set 0.9275 unchanged (2 outputs changed).
 */
import { VERBATIM } from '../dom/block-tags.js';
import type { DomElement } from '../dom/dom.js';

/** `[name attributes]` or `[/name]`: a lowercase name (`vc_column_text`, `caption`, `url`), nothing bracketed inside. */
const TAG = /\[(\/?)([a-z][a-z0-9_-]*)((?:\s[^[\]]*)?)\]/g;
/** An attribute quoted as WordPress's wptexturize writes quotes in text: `width=”1/2″`. */
const TEXTURIZED_ATTRIBUTE = /[\w-]=[”″“′]/;
/** Page builders name their shortcodes with underscores (`vc_column_text`, `et_pb_section`, `fusion_builder_row`). */
const BUILDER_NAME = /_/;

/** Removes shortcode and BBCode tags from the text nodes under `root`, in place (the main content, before any output is made of it). */
export function removeShortcodes(root: DomElement): void {
  const texts: Text[] = [];
  const visit = (parent: Node): void => {
    for (let node = parent.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === 3) {
        const text = joinTextRun(node as Text);
        if ((text.textContent ?? '').includes('[')) texts.push(text);
      } else if (node.nodeType === 1 && !VERBATIM.has((node as Element).localName)) visit(node);
    }
  };
  visit(root as unknown as Node);
  if (texts.length === 0) return;
  const paired = pairedNames(texts);
  for (const text of texts) {
    const value = text.textContent ?? '';
    const cleaned = value.replace(TAG, (tag, slash: string, name: string, attributes: string) =>
      isTag(slash, name, attributes, paired) ? '' : tag);
    if (cleaned !== value) text.textContent = cleaned;
  }
}

/** Read as a tag: a name opened and closed in the content, attributes in WordPress's quotes, a page builder's closing tag. */
function isTag(slash: string, name: string, attributes: string, paired: ReadonlySet<string>): boolean {
  if (paired.has(name)) return true;
  return slash === '' ? TEXTURIZED_ATTRIBUTE.test(attributes) : BUILDER_NAME.test(name);
}

/** The names both opened (`[vc_column …]`, `[url]`) and closed (`[/vc_column]`, `[/url]`) in the content: their tags are tags. */
function pairedNames(texts: Text[]): Set<string> {
  const opened = new Set<string>();
  const closed = new Set<string>();
  for (const text of texts) {
    for (const [, slash, name, attributes] of (text.textContent ?? '').matchAll(TAG)) {
      if (slash === '') opened.add(name!);
      else if (attributes === '') closed.add(name!);
    }
  }
  return new Set([...opened].filter((name) => closed.has(name)));
}

/**
 * Joins the text nodes that follow `first` into it: linkedom ends a text node at each character reference, so
 * `type=&#8221;full&#8221;` parses as five nodes, and a tag is read across them only once they are one.
 */
function joinTextRun(first: Text): Text {
  let next = first.nextSibling;
  if (next?.nodeType !== 3) return first;
  let joined = first.textContent ?? '';
  while (next?.nodeType === 3) {
    joined += next.textContent ?? '';
    const after: ChildNode | null = next.nextSibling;
    next.remove();
    next = after;
  }
  first.textContent = joined;
  return first;
}
