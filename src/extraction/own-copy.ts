/**
 * A copy of `text` that does not keep alive the string it was cut from.
 *
 * V8 represents a substring of 13 or more characters as a slice pointing into its parent: a long piece
 * cut from a page's HTML, or a tag name the parser sliced from it, keeps that page's whole HTML alive for
 * as long as the substring is held. A cache that outlives a page must hold copies, or it holds pages: heap
 * snapshots of the soak's extraction threads (bench:soak) found 65 MB of page strings alive in one idle
 * thread, held by the long-piece token counts. Serialising and parsing makes a fresh string; only a cache
 * miss pays for it.
 */
export function ownCopy(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}
