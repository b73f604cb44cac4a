import { elementsByTag, type PageIndex } from '../dom/dom-walk.js';
import { indexMeta, metaValue } from '../metadata/meta-tags.js';
import { THRESHOLDS } from './thresholds.js';

const DESCRIPTION_KEYS = ['description', 'og:description', 'twitter:description'];

/**
 * The summary the page declares of itself (`<meta name="description">`, then Open Graph's and Twitter's),
 * whitespace collapsed; null when missing or shorter than DECLARED_DESCRIPTION_MIN_TEXT, where a few
 * words ("Sports news") would be found in any caption. Read before the document is made over.
 */
export function declaredDescription(document: Document, page?: Pick<PageIndex, 'metas'>): string | null {
  const metas = page?.metas ?? (document.head ? elementsByTag(document.head as Element, 'META') : []);
  const description = metaValue(indexMeta(metas), DESCRIPTION_KEYS)?.replace(/\s+/g, ' ').trim() ?? '';
  return description.length >= THRESHOLDS.DECLARED_DESCRIPTION_MIN_TEXT ? description : null;
}
