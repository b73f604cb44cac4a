/**
 * The local index answers in two tiers: pages matching the whole query (websearch_to_tsquery: every
 * word, phrases, exclusions), then — so that a question in plain words still finds something — pages
 * matching any of its words and none of its exclusions. This splits the query for the second tier.
 */
export interface LocalQueryParts {
  /** The query's included words joined with ` or `, for websearch_to_tsquery (which never rejects input). */
  anyWord: string;
  /** The excluded items (`-word`, `-"a phrase"`) joined with ` or `: a page matching any of them is left out. */
  excluded: string;
}

const EXCLUSION = /(^|\s)-("[^"]*"?|[^\s"]+)/g;

export function splitLocalQuery(query: string): LocalQueryParts {
  const excludedItems: string[] = [];
  const included = query.replace(EXCLUSION, (_whole, before: string, item: string) => {
    excludedItems.push(item);
    return before;
  });
  // `or` would read as an operator between the words joined below; it is a stop word anyway.
  const words = (included.match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.toLowerCase() !== 'or');
  return { anyWord: words.join(' or '), excluded: excludedItems.join(' or ') };
}
