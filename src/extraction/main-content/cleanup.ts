/**
 * Final trim of the extracted content (a small, detached tree, so this is cheap): drops what
 * extractors keep but readers and the benchmarks' annotators do not count as content —
 * image captions and credits, bylines and timestamps, and link lists such as "You may also like".
 */
import { collectTextStats, linkDensity } from './text-stats.js';

const CAPTION_SELECTOR = 'figcaption,[class*="caption" i],[class*="credit" i]';

/** class/id words of author/date lines and article tool rows. */
const METADATA_WORDS = /(?:^|[\s_-])(?:byline|author|authors|dateline|timestamp|date|time|published|updated|posted|meta|article-meta|post-meta|entry-meta|read-?time)(?:$|[\s_-])/i;

/** A list or block that is nearly all links and short per link is a link list, not prose. */
const LINK_LIST_DENSITY = 0.8;
const METADATA_MAX_TEXT = 160;

export function cleanContent(body: Element, options: { dropLinkLists: boolean }): void {
  for (const caption of body.querySelectorAll(CAPTION_SELECTOR)) {
    // A caption image stays (images with alt text are content); only the caption text goes.
    if (!caption.querySelector('img')) caption.remove();
  }
  for (const element of body.querySelectorAll('[class],[id],time')) {
    if (!element.isConnected) continue;
    const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
    const isMetadata = element.tagName === 'TIME' || METADATA_WORDS.test(names);
    if (isMetadata && (element.textContent ?? '').trim().length <= METADATA_MAX_TEXT) element.remove();
  }
  if (options.dropLinkLists) removeLinkLists(body);
}

function removeLinkLists(body: Element): void {
  const stats = collectTextStats(body);
  for (const list of body.querySelectorAll('ul,ol')) {
    if (!list.isConnected) continue;
    const own = stats.get(list);
    const items = list.children.length;
    if (!own || items < 2 || linkDensity(own) < LINK_LIST_DENSITY) continue;
    // The heading that introduces a removed link list ("Related stories") goes with it.
    const previous = list.previousElementSibling;
    if (previous && /^H[1-6]$/.test(previous.tagName)) previous.remove();
    list.remove();
  }
}
