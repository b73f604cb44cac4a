/**
 * Customer reviews and ratings under a product: long prose, so the prose guard cannot spare them,
 * but they are opinions about the product, not its description.
 */
import { wholeWords } from '../dom/element-names.js';
const REVIEW_WORDS = wholeWords(['reviews?', 'ratings?', 'customer-reviews', 'product-reviews', 'reviews-section']);
const REVIEW_ITEMPROPS = new Set(['review', 'aggregateRating']);

/** Whether class/id `names` name a block of reviews or ratings. */
export function namesReviews(names: string): boolean {
  return REVIEW_WORDS.test(names);
}

/** A schema.org review or aggregate rating. */
export function isReviewItem(element: Element): boolean {
  return REVIEW_ITEMPROPS.has(element.getAttribute('itemprop') ?? '');
}
