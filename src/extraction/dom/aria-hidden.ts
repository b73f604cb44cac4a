/**
 * `aria-hidden="true"` takes an element out of the accessibility tree, which pages do for two reasons:
 * the element is not on screen now (a closed menu, a modal, a carousel's cloned slides), or it is on
 * screen but repeats what a reader hears beside it. A link marked so and also taken out of the tab order
 * (`<a aria-hidden="true" tabindex="-1">`) is the second: a card's image or teaser that links to the same
 * story as its title, so a screen reader announces the story once. Its words are on the page: an
 * AppleInsider topic page's teasers are such links (`<p class="river-desc"><a aria-hidden="true"
 * tabindex="-1">Walmart now has…`), and reading them as hidden left only the headlines (WCXB dev 1310
 * 0.44 -> 0.99). WCXB dev 0.89276 -> 0.89314 (4 pages up, 0613 down 0.008: Amazon's repeated "Shop the
 * Store" links), scrapinghub, the unseen probe and trafilatura's set unchanged; 54 dev pages have such
 * links, most of them image links without words.
 *
 * Inside a link or button that carries its own name (`aria-label`), a hidden part is the second kind too: the
 * label is what a screen reader announces for the control, so the page hides the control's visible words
 * from it to avoid saying them twice. A shop's grid shows each item's rating as such a link (`<a
 * aria-label="4.7 out of 5 stars, 58,483 ratings"><i aria-hidden="true">…4.7 out of 5 stars</i> <span
 * aria-hidden="true">58,483</span></a>`), and the truths keep those words: WCXB dev 0.89915 -> 0.89930
 * (Amazon's best-seller grids 2920 0.85 -> 0.97 and 2922 0.61 -> 0.70; folds +0.0004 0 +0.0003 0 0, no page
 * down); a language picker on one unseen page splits its line in two; scrapinghub, the other unseen half and
 * trafilatura's set unchanged. Taking `aria-hidden` as on screen everywhere costs −0.00088 (closed menus and
 * cloned slides come back).
 */
export function isAriaHidden(element: Element): boolean {
  if (element.getAttribute('aria-hidden') !== 'true') return false;
  if (element.tagName === 'A' && element.getAttribute('tabindex') === '-1') return false;
  return !element.parentElement?.closest(NAMED_CONTROL);
}

/** A control whose accessible name is its `aria-label`, not its content. */
const NAMED_CONTROL = 'a[aria-label], button[aria-label]';
