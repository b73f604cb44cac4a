/**
 * Permalinks: the "¶", "#" or "§" a documentation generator (Sphinx, MkDocs, Docusaurus, rustdoc, GitHub's
 * README anchors) sets beside each heading and definition, linking to that heading. On screen it shows on
 * hover; in our markdown it stayed: `## 5.1. More on Lists[¶](…#more-on-lists "Link to this heading")`, and
 * a lead heading ending in "¶". A link to a place on the same page whose text is such a mark, or nothing,
 * goes, from the content and from the page's H1s (the title and the lead heading are read from them).
 * Footnote marks ("*", "†", "[1]") link there too and stay: they are the text's references.
 * WCXB dev: 475 lines of markdown on 20 pages carried one before, 0 after; the scorers read words, so
 * their figures do not move.
 */
import type { DomElement } from '../dom/dom.js';
import { elementsByTag } from '../dom/dom-walk.js';
import { repairMojibake } from '../mojibake.js';

const PERMALINK_MARKS: ReadonlySet<string> = new Set(['', '¶', '§', '#', '🔗', '⚓', '⚓︎']);

/** An icon font's glyph (Font Awesome's "link" is U+F0C1): Unicode's private use area. */
const ICON_GLYPH = /^[\u{E000}-\u{F8FF}]$/u;

/** Read as the content is (mojibake.ts): pages saved wrongly twice write "¶" as "Â¶". */
function isPermalinkMark(text: string): boolean {
  if (text.length > 4) return false;
  const repaired = repairMojibake(text);
  return PERMALINK_MARKS.has(repaired) || ICON_GLYPH.test(repaired);
}

/** Removes the permalinks under `root` (of the page at `pageUrl`); a link already made absolute is known by its address. */
export function removePermalinks(root: DomElement | Element, pageUrl: string): void {
  for (const link of elementsByTag(root as Element, 'A')) {
    const href = link.getAttribute('href');
    if (href === null || !isPermalinkMark((link.textContent ?? '').trim()) || link.querySelector('img')) continue;
    if (linksWithinPage(href, pageUrl)) link.remove();
  }
}

/** "#section", or this page's own address with one ("functools.html#functools.cache" on functools.html). */
function linksWithinPage(href: string, pageUrl: string): boolean {
  const hash = href.indexOf('#');
  if (hash < 0 || hash === href.length - 1) return false;
  if (hash === 0) return true;
  try {
    const target = new URL(href, pageUrl);
    const page = new URL(pageUrl);
    return target.origin === page.origin && target.pathname === page.pathname && target.search === page.search;
  } catch {
    return false;
  }
}
