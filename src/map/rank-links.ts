/** `search`: the words of the query, lowercased; URLs and titles are matched word by word. */
export function searchWords(search: string): string[] {
  return [...new Set(search.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0))];
}

/** How many of the words occur in the link's decoded URL or title (0: the link does not match). */
export function matchScore(words: readonly string[], link: { url: string; title?: string | undefined }): number {
  let haystack: string;
  try {
    haystack = decodeURIComponent(link.url);
  } catch {
    haystack = link.url;
  }
  haystack = `${haystack} ${link.title ?? ''}`.toLowerCase();
  return words.reduce((score, word) => (haystack.includes(word) ? score + 1 : score), 0);
}
