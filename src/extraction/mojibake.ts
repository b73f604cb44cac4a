/**
 * UTF-8 read as Latin-1 or Windows-1252 and saved again ("Investorâ€™s", "itertools â\u0080\u0094",
 * "offersÂ\u00a0a"): pages that were double-encoded by their CMS carry it in `<title>`, meta tags and
 * their text, as valid UTF-8 that no charset sniffing can catch. Each run of a lead byte and its
 * continuation bytes is turned back into the bytes it was and decoded; a run that is not valid UTF-8 is
 * left as written, so real "Ã©" text never changes unless it decodes, and ordinary accented text ("São",
 * "Übergröße", "café »") never matches: no lead letter is followed there by a continuation character.
 * In the content: 28 of WCXB dev's 1,497 pages carry it (none of scrapinghub's); on the 18 whose ground
 * truth was written clean the repair gains, on the 10 where annotators kept the mojibake it loses (net
 * +0.0001 F1).
 */
import type { DomElement } from './dom/dom.js';
import { WINDOWS_1252_HIGH } from './windows-1252.js';

/** Windows-1252 characters at bytes 0x80–0x9F (where Latin-1 has control codes), to their bytes. */
const CP1252: Readonly<Record<string, number>> = Object.fromEntries(WINDOWS_1252_HIGH.map((char, i) => [char, 0x80 + i]));
const CONTINUATION = '[\\u0080-\\u00bf€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]';
/**
 * A lead byte of a 2–4 byte UTF-8 sequence, as Latin-1, and as many continuation bytes as it announces:
 * no more, so a dash that follows a repaired no-break space ("Â\u00a0—") is not read into its run.
 */
const RUN = new RegExp(`[\\u00c2-\\u00df]${CONTINUATION}|[\\u00e0-\\u00ef]${CONTINUATION}{2}|[\\u00f0-\\u00f4]${CONTINUATION}{3}`, 'g');
const utf8 = new TextDecoder('utf-8', { fatal: true });

const byteOf = (char: string) => CP1252[char] ?? char.charCodeAt(0);

function repairRun(run: string): string {
  try {
    const decoded = utf8.decode(Uint8Array.from([...run].map(byteOf)));
    return [...decoded].length === 1 ? decoded : run;
  } catch {
    return run;
  }
}

/** Text saved wrongly twice reads "Ã¢â‚¬â„¢" for "’": each round undoes one saving. */
const MAX_ROUNDS = 3;

export function repairMojibake(text: string): string {
  let repaired = text;
  for (let round = 0; round < MAX_ROUNDS && /[\u00c2-\u00f4]/.test(repaired); round++) {
    const next = repaired.replace(RUN, repairRun);
    if (next === repaired) break;
    repaired = next;
  }
  return repaired;
}

/** Attributes whose text an output shows: a picture's alt text and a link's or picture's title (markdown writes both). */
const SHOWN_ATTRIBUTES = ['alt', 'title'];

/** Repairs every text node under `root`, and the attributes outputs show, in place (the main content, before any output is made of it). */
export function repairMojibakeIn(root: DomElement): void {
  const visit = (parent: Node): void => {
    for (let node = parent.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === 3) {
        const text = node.textContent ?? '';
        const repaired = repairMojibake(text);
        if (repaired !== text) node.textContent = repaired;
      } else if (node.nodeType === 1) {
        repairAttributes(node as unknown as Element);
        visit(node);
      }
    }
  };
  visit(root as unknown as Node);
}

function repairAttributes(element: Element): void {
  for (const name of SHOWN_ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value === null || !/[\u00c2-\u00f4]/.test(value)) continue;
    const repaired = repairMojibake(value);
    if (repaired !== value) element.setAttribute(name, repaired);
  }
}
