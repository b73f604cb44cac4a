/**
 * A post's "Reply" control left as a line of its own: XenForo's and vBulletin's per-post "Reply" and "Reply With
 * Quote", a mailing-list archive's "reply" under each message; and XenForo's "Thread starter" badge beside the
 * poster's name. They act on the post or mark its poster, they are not of it; WCXB dev: 90 such lines on 9 sites'
 * threads, none in the truth.
 *
 * Removed after the learned pass, not with the other widget labels (furniture.ts): the block model was trained on
 * roots that still hold these lines, and a thread's per-post lines are what it reads a poster's card by. Removed
 * before it, the cards came back (WCXB 4089 0.76 -> 0.66, dev -0.00007). After it: WCXB dev 0.89775 -> 0.89777 (10
 * pages up, none down; 0534 0.923 -> 0.928, 0540 0.453 -> 0.460; folds +0.00003 0 +0.00001 +0.00001 +0.00002); the
 * unseen probe 0.93160 -> 0.93164 (3 threads up), final unchanged (5073 up, 5095 down by 0.001); scrapinghub and
 * trafilatura's set identical.
 * On a thread (the forum column only) also the post numbers ("#3") that stand beside them, each post's permalink:
 * not on other kinds, where a chart's rank is written the same way and kept by its truth (an IMDb chart, 2907 0.93
 * -> 0.88 without them). WCXB dev +0.00001 (12 threads up; 3 down, GameFAQs' 0574 0.70 -> 0.66 as its annotator kept
 * them; folds 0 +0.00004 +0.00004 +0.00002 -0.00005); unseen probe 0.93332 -> 0.93371 and final 0.92464 -> 0.92473
 * (8 threads up, none down).
 * Not "Last edited by …": Arch Linux's forum truths keep it on one page and leave it out on another (0541 down, 0555
 * up); nor a poster's "Offline", which is a product's feature too.
 */
import { descendants, normalizedText } from '../dom/dom-walk.js';
import { remove } from './remove.js';
import { collectTextStats } from './text-stats.js';

const POST_ACTIONS = ['reply', 'reply with quote', 'thread starter'];
const POST_ACTION = new RegExp(`^(?:${POST_ACTIONS.join('|')})$`, 'i');
const LONGEST_ACTION = Math.max(...POST_ACTIONS.map((action) => action.length));

/** A post's number in its thread ("#3"), on a line of its own. */
const POST_NUMBER = /^#\d{1,6}$/;

/** `withNumbers`: also the posts' numbers, on a thread (policy.ts 'post-actions'). */
export function removePostActions(body: Element, withNumbers = false): void {
  // One pass of text lengths, so only short elements have their text read (a root's every element would be quadratic).
  const stats = collectTextStats(body);
  for (const element of descendants(body)) {
    const length = stats.get(element)?.text ?? 0;
    if (length === 0 || length > LONGEST_ACTION || !element.isConnected) continue;
    // Inside a sentence ("click <a>Reply</a> to answer") it is a word of it, and remove() leaves it be.
    const text = normalizedText(element);
    if (POST_ACTION.test(text) || (withNumbers && POST_NUMBER.test(text))) remove(element, 'post-actions');
  }
}
