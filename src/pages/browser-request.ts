import type { ExtractBody } from '../contract/requests.js';
import { SCREENSHOT_FORMATS } from '../contract/vocabulary.js';
import type { BrowserSession, PageAction } from '../extraction/render/browser-session.js';

type BrowserFields = Pick<ExtractBody, 'formats' | 'actions' | 'wait_for' | 'viewport' | 'mobile' | 'headers' | 'quality'>;

function screenshotsOf(request: BrowserFields): BrowserSession['screenshots'] {
  const formats = request.formats ?? [];
  return [
    ...(formats.includes('screenshot') ? (['viewport'] as const) : []),
    ...(formats.includes('screenshot@full_page') ? (['full_page'] as const) : []),
  ];
}

/** Whether the request asks for something only the browser does (headers alone do not: a fetch sends them too). */
export function needsBrowser(request: BrowserFields): boolean {
  return (
    (request.formats ?? []).some((format) => (SCREENSHOT_FORMATS as readonly string[]).includes(format)) ||
    request.actions !== undefined ||
    request.wait_for !== undefined ||
    request.viewport !== undefined ||
    request.mobile !== undefined
  );
}

function actionOf(action: NonNullable<ExtractBody['actions']>[number]): PageAction {
  const timeout = action.timeout_ms !== undefined ? { timeoutMs: action.timeout_ms } : {};
  switch (action.type) {
    case 'wait':
      return { type: 'wait', ...(action.ms !== undefined ? { ms: action.ms } : {}), ...(action.selector !== undefined ? { selector: action.selector } : {}), ...timeout };
    case 'click':
      return { type: 'click', selector: action.selector, ...timeout };
    case 'write':
      return { type: 'write', text: action.text, ...timeout };
    case 'press':
      return { type: 'press', key: action.key, ...timeout };
    case 'scroll':
      return { type: 'scroll', direction: action.direction, ...(action.amount !== undefined ? { amount: action.amount } : {}), ...timeout };
    case 'screenshot':
      return { type: 'screenshot', fullPage: action.full_page, ...timeout };
    case 'scrape':
      return { type: 'scrape', ...timeout };
  }
}

/** The request's browser fields (snake_case, validated) as the renderer's session. */
export function browserSessionOf(request: BrowserFields): BrowserSession {
  return {
    ...(request.viewport ? { viewport: request.viewport } : {}),
    ...(request.mobile !== undefined ? { mobile: request.mobile } : {}),
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.actions ? { actions: request.actions.map(actionOf) } : {}),
    ...(request.wait_for !== undefined ? { waitFor: request.wait_for } : {}),
    screenshots: screenshotsOf(request),
    image: request.quality !== undefined ? { type: 'jpeg', quality: request.quality } : { type: 'png' },
  };
}
