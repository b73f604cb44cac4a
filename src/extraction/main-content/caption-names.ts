/**
 * What a class name says is a caption or a credit: one reading for the cleanup that removes captions and for
 * Readability's holes, which treat a caption as incidental text.
 *
 * A class token naming a caption or a credit: "caption" anywhere in it (`wp-caption-text`, `imagecaption`,
 * `sizeCaption_x1`), "credit" only as a whole word (`photo-credit`, `mediaCredit`), not inside another one
 * (`accreditations`, `creditkarma`).
 */
const CAPTION_TOKEN = /[Cc]aption|CAPTION|(?:^|[-_])(?:[Cc]redits?|CREDITS?)(?=$|[-_])|[a-z]Credits?(?=$|[-_A-Z])/;
/**
 * A token naming a step of a type scale (`caption-s`, `caption-xs`, `caption-large`) is a text style, as
 * `body-m` or `heading-l` are: it sets a size, not what the text is. A research lab's list of papers sets
 * every paper's author line and topic in `caption-s`/`caption-m` and its truth keeps them (WCXB 2852
 * 0.667 -> 0.925); dev +0.00017 on that page, none down; the unseen probe and final halves, scrapinghub and
 * trafilatura's set unchanged. Named type styles are not excluded so: Etsy's `wt-text-caption` and Apple's
 * `typography-caption` are set on card texts their truths leave out (WCXB 0617 0.72 -> 0.49, 3069, 3061).
 */
const TYPE_SCALE_TOKEN = /^caption-(?:xs|s|sm|m|md|l|lg|xl|xxl|small|medium|large|\d)$/i;
/** Whether a class attribute names a caption or a credit (one of its tokens does). */
export const namesCaption = (className: string): boolean =>
  className.split(/\s+/).some((token) => CAPTION_TOKEN.test(token) && !TYPE_SCALE_TOKEN.test(token));
