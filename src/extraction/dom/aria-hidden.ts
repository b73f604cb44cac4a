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
 */
export function isAriaHidden(element: Element): boolean {
  if (element.getAttribute('aria-hidden') !== 'true') return false;
  return !(element.tagName === 'A' && element.getAttribute('tabindex') === '-1');
}
