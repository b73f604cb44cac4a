/**
 * `<meta>` tags by key, from the page index (no walk of their own). The key is the `name`, `property`,
 * `itemprop` or `http-equiv` value in lower case: sites mix `name="og:title"` with `property=…` and
 * `DC.date` with `dc.date`, and a reader cannot tell the difference either. The first tag per key
 * decides (an empty one too: a later key of the chain is tried, not a later tag of the same key).
 */
export type MetaIndex = ReadonlyMap<string, string>;

const KEY_ATTRIBUTES = ['property', 'name', 'itemprop', 'http-equiv'] as const;

export function indexMeta(metas: readonly Element[]): MetaIndex {
  const index = new Map<string, string>();
  for (const element of metas) {
    for (const attribute of KEY_ATTRIBUTES) {
      const key = element.getAttribute(attribute)?.trim().toLowerCase();
      if (key && !index.has(key)) index.set(key, element.getAttribute('content')?.trim() ?? '');
    }
  }
  return index;
}

/** The first non-empty value of the given keys (lower case), in the order given. */
export function metaValue(index: MetaIndex, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = index.get(key);
    if (value) return value;
  }
  return null;
}
