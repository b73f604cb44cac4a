/**
 * A post's "Reply" control left as a line of its own: XenForo's and vBulletin's per-post "Reply" and "Reply With
 * Quote", a mailing-list archive's "reply" under each message. It acts on the post, it is not of it; WCXB dev: 82
 * such lines on 7 sites' threads, none in the truth.
 *
 * Removed after the learned pass, not with the other widget labels (furniture.ts): the block model was trained on
 * roots that still hold these lines, and a thread's per-post lines are what it reads a poster's card by. Removed
 * before it, the cards came back (WCXB 4089 0.76 -> 0.66, dev -0.00007). After it: WCXB dev +0.00002 (8 pages up,
 * none down; 0534 0.923 -> 0.928, 0540 0.453 -> 0.460; folds +0.00003 0 0 +0.00001 +0.00002).
 * Not the post numbers ("#3") that stand beside them: a chart's rank is written the same way and kept by its
 * truth (an IMDb chart, 2907 0.93 -> 0.88 without them).
 */
import { descendants, normalizedText } from '../dom/dom-walk.js';
import { remove } from './remove.js';

const POST_ACTION = /^(?:reply|reply with quote)$/i;
export function removePostActions(body: Element): void {
  for (const element of descendants(body)) {
    // Inside a sentence ("click <a>Reply</a> to answer") it is a word of it, and remove() leaves it be.
    if (element.isConnected && POST_ACTION.test(normalizedText(element))) remove(element, 'post-actions');
  }
}
