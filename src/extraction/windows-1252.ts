/**
 * Windows-1252's characters at bytes 0x80–0x9F, where Latin-1 has control codes (the five unassigned bytes
 * stay the control code of their own value, as the WHATWG encoding standard maps them).
 */
export const WINDOWS_1252_HIGH = [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'];

const C1_CONTROLS = /[\u0080-\u009f]/g;

/**
 * Text decoded as Windows-1252 with its bytes 0x80–0x9F read as Latin-1's control codes made right: Node's
 * TextDecoder does so for every label the encoding standard maps to Windows-1252 ("iso-8859-1", "latin1",
 * "us-ascii" among them; Node 20), so a page declaring one showed "Ich bin Du \x96 und Du" for "Ich bin Du –
 * und Du" (trafilatura's evaluation page 0037) and lost its curly quotes.
 */
export function repairWindows1252(text: string): string {
  return text.replace(C1_CONTROLS, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]!);
}
