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

const INVISIBLE = /<(script|style|template|svg)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi;
const SCRIPT = /<script\b/gi;

/** Visible characters of the body, whitespace collapsed, entities counted as one. */
function visibleTextChars(html: string): number {
  const bodyAt = html.search(/<body\b/i);
  const body = (bodyAt >= 0 ? html.slice(bodyAt) : html).replace(INVISIBLE, ' ');
  const text = body.replace(/<[^>]*>/g, ' ').replace(/&[#a-z0-9]+;/gi, 'x').replace(/\s+/g, ' ').trim();
  return text.length;
}

/** Judges the fetched HTML; never throws, cheap on any input (regular expressions over at most `maxBytesRead`). */
export function appShellVerdict(rawHtml: string): AppShellVerdict {
  const rules = APP_SHELL_RULES;
  const html = rawHtml.length > rules.maxBytesRead ? rawHtml.slice(0, rules.maxBytesRead) : rawHtml;
  const scripts = html.match(SCRIPT)?.length ?? 0;
  const textChars = visibleTextChars(html);
  const mountMatch = rules.mountPoint.exec(html);
  const mount = mountMatch ? (mountMatch[1] ? `#${mountMatch[1]}` : (mountMatch[2] ?? mountMatch[3] ?? null)) : null;
  const notice = rules.needsJsNotice.test(html);
  const facts = `${textChars} characters of text, ${scripts} script${scripts === 1 ? '' : 's'}${mount ? `, mount point ${mount}` : ''}${notice ? ', a noscript notice' : ''}`;
  const verdict = (shell: boolean, why: string): AppShellVerdict => ({ shell, reason: `${why}: ${facts}`, textChars, scripts, mount });
  if (rawHtml.length > rules.maxBytesRead && textChars > rules.maxTextChars) return verdict(false, 'a large page with text');
  if (scripts < rules.minScripts) return verdict(false, 'no scripts');
  if (textChars > rules.maxTextChars) return verdict(false, 'enough text as fetched');
  if (mount || notice) return verdict(true, 'an app shell');
  if (textChars < rules.emptyTextChars) return verdict(true, 'an empty page with scripts');
  return verdict(false, 'little text, but no mount point');
}
