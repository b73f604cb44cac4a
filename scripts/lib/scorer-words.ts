/**
 * The shared scorer's words (`../shared/benchmarks/extraction/score.mjs`): runs of letters, digits and `_`,
 * and bags of them, so that scripts measuring beside the scorer count what it counts.
 */
const WORD = /[\p{L}\p{N}_]+/gu;

/** The scorer's word tokens of `text`, case kept (the WCXB scorer lower-cases first). */
export const scorerWords = (text: string): string[] => text.match(WORD) ?? [];

/** How many times each item occurs. */
export function bagOf(items: readonly string[]): Map<string, number> {
  const bag = new Map<string, number>();
  for (const item of items) bag.set(item, (bag.get(item) ?? 0) + 1);
  return bag;
}
