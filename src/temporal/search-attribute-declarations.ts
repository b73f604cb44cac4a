import { SEARCH_ATTRIBUTE_KEYS } from '../../workflows/search-attributes.js';

/** What the Temporal server must have registered (`--search-attribute Name=Type` on the dev server). */
export const SEARCH_ATTRIBUTE_DECLARATIONS = Object.values(SEARCH_ATTRIBUTE_KEYS).map((key) => ({
  name: key.name,
  type: key.type === 'KEYWORD' ? 'Keyword' : key.type,
}));
