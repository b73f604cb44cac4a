/**
 * UTF-8 read as Latin-1 or Windows-1252 and saved again ("Investorâ€™s", "itertools â\u0080\u0094"):
 * pages that were double-encoded by their CMS carry it in `<title>` and meta tags. Each run of a lead
 * byte and its continuation bytes is turned back into the bytes it was and decoded; a run that is not
 * valid UTF-8 is left as written, so real "Ã©" text never changes unless it decodes.
 */

/** Windows-1252 characters at bytes 0x80–0x9F (where Latin-1 has control codes). */
const CP1252: Readonly<Record<string, number>> = Object.fromEntries(
  [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'].map((char, i) => [char, 0x80 + i]),
);
const CONTINUATION = '[\\u0080-\\u00bf€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]';
/** A lead byte of a 2–4 byte UTF-8 sequence, as Latin-1, and 1–3 continuation bytes. */
const RUN = new RegExp(`[\\u00c2-\\u00f4]${CONTINUATION}{1,3}`, 'g');
const utf8 = new TextDecoder('utf-8', { fatal: true });

const byteOf = (char: string) => CP1252[char] ?? char.charCodeAt(0);

export function repairMojibake(text: string): string {
  if (!/[\u00c2-\u00f4]/.test(text)) return text;
  return text.replace(RUN, (run) => {
    try {
      const decoded = utf8.decode(Uint8Array.from([...run].map(byteOf)));
      return [...decoded].length === 1 ? decoded : run;
    } catch {
      return run;
    }
  });
}
