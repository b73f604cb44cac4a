/**
 * `render_js: "auto"`: is a fetched page an app shell, whose content only exists once its scripts run?
 * Then it is worth a browser; any other page is extracted as fetched (a browser costs ~0.6 s and a
 * Chromium page slot, so a false positive is expensive and a false negative is an empty answer).
 *
 * Measured with `npm run -s measure:app-shells` on the shared sets (tuned on the even-numbered WCXB dev
 * pages only): 2 of the 1,497 real WCXB dev pages trigger (0 of 755 even, 2 of 742 held-out odd), and
 * both are real shells (a Next.js shop and a React shop whose ground truth has no main content in the
 * fetched HTML); 0 of 181 ScrapingHub pages; the 1,497 WCXB pages saved as framework shells (an empty
 * #root, #app, #__next, <app-root> or #__nuxt and the page's own scripts): 1,497 detected.
 */

export const APP_SHELL_RULES = {
  /**
   * At most this much body text (characters, whitespace collapsed; script, style, template and svg
   * excluded). `<noscript>` text counts: forums and shops (Discourse: 17 of the 1,497 WCXB dev pages triggered while it was excluded)
   * ship their whole content there for clients without JavaScript, and Pith reads it as such. A rendered shell carries a loading line or a cookie notice at most; the
   * shortest real article page of the shared sets has several hundred characters, and error pages that
   * are short but complete have no mount point (rule below).
   */
  maxTextChars: 200,
  /** Below this much text, a page with scripts is a shell even without a recognised mount point. */
  emptyTextChars: 20,
  /** Scripts the page must have (external or inline): without one, nothing could fill the page. */
  minScripts: 1,
  /** Mount points of the common client-side frameworks (React/CRA, Vue, Next, Nuxt, Gatsby, Svelte, Angular, Ember, Remix/Vite). */
  mountPoint: /<(?:div|main|section|body)\b[^>]*\bid\s*=\s*["']?(root|app|__next|__nuxt|___gatsby|svelte|application|main-app|react-root|app-root)["'\s>]|<(app-root)\b|\b(ng-version|data-reactroot|data-v-app|ng-app)\b/i,
  /** A `<noscript>` that asks for JavaScript: the site says itself that it needs a browser. */
  needsJsNotice: /<noscript\b[^>]*>[^<]{0,400}?(?:enable|requires?|need|turn on|activate)[^<]{0,60}?javascript/i,
  /** Only this much of a page is read: shells are small, and a 5 MB page is not one (its text is far above the limit long before). */
  maxBytesRead: 2 * 1024 * 1024,
} as const;

export interface AppShellVerdict {
  shell: boolean;
  /** In words, for logs and the measure script. */
  reason: string;
  textChars: number;
  scripts: number;
  mount: string | null;
}

/**
 * One piece of the body at a time: an invisible element or a comment, a tag, an entity (one character),
 * a whitespace run, a run of text, or a lone `<` / `&` (text).
 */
const BODY_PIECE = /<(script|style|template|svg)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->|(<[^>]*>)|(&[#a-z0-9]+;)|(\s+)|([^<&\s]+|[<&])/giy;
const SCRIPT = /<script\b/gi;

/**
 * Visible characters of the body, whitespace collapsed, entities counted as one — counted only up to
 * `upTo`: past it the verdict is the same whatever the rest holds, and counting stops there. (Counting a
 * whole page cost ~2 ms on the main thread for every page a job fetched, `bench:bulk`.)
 */
function visibleTextChars(html: string, upTo: number): number {
  const bodyAt = html.search(/<body\b/i);
  BODY_PIECE.lastIndex = bodyAt >= 0 ? bodyAt : 0;
  let count = 0;
  let gap = false; // a tag, an invisible element or whitespace since the last text: one space before the next
  for (let piece = BODY_PIECE.exec(html); piece && count <= upTo; piece = BODY_PIECE.exec(html)) {
    const text = piece[3] ? 1 : piece[5] ? piece[5].length : 0;
    if (text === 0) {
      gap = true;
      continue;
    }
    count += text + (gap && count > 0 ? 1 : 0);
    gap = false;
  }
  return count;
}

/**
 * Judges the fetched HTML; never throws, cheap on any input (regular expressions over at most
 * `maxBytesRead`). `textChars` is counted up to one past `maxTextChars`: a page with more text is not a
 * shell whatever the exact figure, and its mount point and noscript notice are not looked for.
 */
export function appShellVerdict(rawHtml: string): AppShellVerdict {
  const rules = APP_SHELL_RULES;
  const html = rawHtml.length > rules.maxBytesRead ? rawHtml.slice(0, rules.maxBytesRead) : rawHtml;
  const scripts = html.match(SCRIPT)?.length ?? 0;
  const textChars = visibleTextChars(html, rules.maxTextChars);
  const enoughText = textChars > rules.maxTextChars;
  const mountMatch = enoughText ? null : rules.mountPoint.exec(html);
  const mount = mountMatch ? (mountMatch[1] ? `#${mountMatch[1]}` : (mountMatch[2] ?? mountMatch[3] ?? null)) : null;
  const notice = !enoughText && rules.needsJsNotice.test(html);
  const chars = enoughText ? `more than ${rules.maxTextChars}` : String(textChars);
  const facts = `${chars} characters of text, ${scripts} script${scripts === 1 ? '' : 's'}${mount ? `, mount point ${mount}` : ''}${notice ? ', a noscript notice' : ''}`;
  const verdict = (shell: boolean, why: string): AppShellVerdict => ({ shell, reason: `${why}: ${facts}`, textChars, scripts, mount });
  if (rawHtml.length > rules.maxBytesRead && enoughText) return verdict(false, 'a large page with text');
  if (scripts < rules.minScripts) return verdict(false, 'no scripts');
  if (enoughText) return verdict(false, 'enough text as fetched');
  if (mount || notice) return verdict(true, 'an app shell');
  if (textChars < rules.emptyTextChars) return verdict(true, 'an empty page with scripts');
  return verdict(false, 'little text, but no mount point');
}
