import { ExtractionError } from '../../contract/extraction-error.js';

/** A request's own choice of the page's parts (`include_tags` / `exclude_tags`: CSS selectors). */
export interface PartSelectors {
  include?: readonly string[];
  exclude?: readonly string[];
}

/** Never content, whatever a selector matched. */
const NEVER_CONTENT = 'script, style, noscript, template';

/**
 * Applies the caller's selectors to a parsed page. `exclude` drops every match. `include` keeps only the
 * matches (in document order; a match inside another is kept once, with its ancestor) and returns them
 * under one root: the caller has said what the content is, so no main-content pass second-guesses it.
 * Returns null when there is nothing to include (main-content detection then runs as usual).
 * Matching nothing to include is `no_content` naming the selectors.
 */
export function applyPartSelectors(document: Document, selectors: PartSelectors, pageUrl: string): Element | null {
  const body = document.body ?? document.documentElement;
  for (const selector of selectors.exclude ?? []) for (const node of [...body.querySelectorAll(selector)]) node.remove();
  const include = selectors.include ?? [];
  if (include.length === 0) return null;
  const matched = [...body.querySelectorAll(include.join(', '))];
  const outermost = matched.filter((node) => !matched.some((other) => other !== node && other.contains(node)));
  if (outermost.length === 0) throw new ExtractionError('no_content', `include_tags matched nothing on ${pageUrl} (${include.join(', ')})`);
  const root = document.createElement('div');
  for (const node of outermost) root.appendChild(node);
  for (const node of [...root.querySelectorAll(NEVER_CONTENT)]) node.remove();
  body.replaceChildren(root);
  return root;
}
