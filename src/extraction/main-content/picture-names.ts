/**
 * A roundup names each of its items in a paragraph that is nothing but a link, right under (or over) the
 * item's photo, and the photo links to the same address: `<p><a href="…/diy-industrial-pipe-bookshelf/"><img>
 * </a></p><p><a href="…/diy-industrial-pipe-bookshelf/">Industrial Pipe Bookshelf</a></p>` ten times over
 * ("10 easy DIY wood projects", a wedding guide's venues). Alone, a link paragraph points elsewhere and goes
 * (`link-pointers`); beside its picture it is the name of what the picture shows, and without it the roundup
 * read as photos and descriptions of nameless things. A name, not an address: a link whose words are a URL
 * beside the same link's icon is a profile or a source line ("Abb.: https://…").
 *
 * Evidence: WCXB dev 0.89745 -> 0.89752, 3 pages up and none down (createandbabble's roundup 4449 0.917 ->
 * 0.982, herecomestheguide's venues 4588 0.953 -> 0.973, a Reddit link post's source name 0561 0.932 -> 0.956;
 * folds 0 +0.00008 0 +0.00007 +0.00022); unseen probe 0.92774 -> 0.92783 (5168 0.980 -> 0.995, none down);
 * unseen final and scrapinghub: every output identical; trafilatura's set 0.9275 unchanged (6 outputs
 * changed, none of their marked lines: a shop's tiles, a donation link beside its logo). On-site items count:
 * the venues link to the guide's own pages, and asking for an off-site address lost 4588.
 */

const ADDRESS = /https?:\/\/|www\./i;

/** Whether `link` holds a picture (an image or a <picture>). */
const holdsPicture = (link: Element): boolean => link.querySelector('img, picture') !== null;

/** Whether `sibling` holds a link to `href` around a picture. */
function linksPictureTo(sibling: Element | null, href: string): boolean {
  if (sibling === null) return false;
  for (const link of sibling.querySelectorAll('a[href]')) if (link.getAttribute('href') === href && holdsPicture(link)) return true;
  return false;
}

/** Whether the link paragraph `paragraph` names the picture just before or after it (see above). */
export function namesPictureBeside(paragraph: Element): boolean {
  const href = paragraph.querySelector('a[href]')?.getAttribute('href');
  if (!href || ADDRESS.test(paragraph.textContent ?? '')) return false;
  return linksPictureTo(paragraph.previousElementSibling, href) || linksPictureTo(paragraph.nextElementSibling, href);
}
