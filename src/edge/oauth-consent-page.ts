import { escapeHtml } from './docs/html.js';
import type { AuthorizationRequest } from '../oauth/authorization-request.js';
import { SCOPE_DESCRIPTIONS } from '../oauth/scopes.js';

/**
 * No scripts, no external resources, never framed (clickjacking). `form-action` is deliberately absent:
 * browsers apply it to the redirect that follows the form, which goes to the client.
 */
export const CONSENT_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d2330}
main{max-width:34rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin-top:0}code{background:#eef0f4;padding:0 .25em;border-radius:3px}
label{display:block;margin:1.2rem 0 .3rem;font-weight:600}input[type=password]{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
.buttons{display:flex;gap:.75rem;margin-top:1.2rem}button{font:inherit;padding:.5rem 1.2rem;border-radius:6px;border:1px solid #888;cursor:pointer}
button[value=approve]{background:#1d5bd8;color:#fff;border-color:#1d5bd8}.error{background:#fdecec;border:1px solid #e0a0a0;padding:.6rem;border-radius:6px}
.note{color:#555;font-size:.9rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} — Pith</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const hidden = (name: string, value: string | undefined) => (value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`);

/** The consent page: who asks, for what, where it goes back to; the account holder proves ownership with a key. */
export function renderConsentPage(request: AuthorizationRequest, problem?: string): string {
  const { client } = request;
  const destination = new URL(request.redirectUri);
  const returnsTo = destination.protocol === 'http:' || destination.protocol === 'https:' ? destination.host : destination.protocol.slice(0, -1);
  const scopes = request.scopes.map((scope) => `<li><code>${scope}</code> — ${escapeHtml(SCOPE_DESCRIPTIONS[scope])}</li>`).join('');
  return page(
    `Authorize ${client.name}`,
    `<h1>Authorize <q>${escapeHtml(client.name)}</q> to use Pith</h1>
<p>An application that calls itself <strong>${escapeHtml(client.name)}</strong> asks to use Pith for your account. If you approve, you are sent back to <code>${escapeHtml(returnsTo)}</code>.</p>
<p>It will be able to:</p><ul id="scopes">${scopes}</ul>
<p class="note">Its access works on the Pith tool server <code>${escapeHtml(request.resource)}</code> and the Pith API, within these scopes, under the same domain and robots rules as the key you enter, with tokens that last an hour and renew until the grant is revoked. It can never manage keys or rotate the webhook secret. Requests it makes count against your plan.</p>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="authorize">
${hidden('client_id', client.id)}${hidden('redirect_uri', request.redirectUri)}${hidden('response_type', 'code')}${hidden('state', request.state)}${hidden('scope', request.scopes.join(' '))}${hidden('code_challenge', request.codeChallenge)}${hidden('code_challenge_method', 'S256')}${hidden('resource', request.resource)}
<label for="api_key">Your Pith API key (one with the <code>keys</code> scope, or <code>*</code>)</label>
<input id="api_key" name="api_key" type="password" autocomplete="off" spellcheck="false" placeholder="ce_…">
<div class="buttons"><button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="deny">Deny</button></div>
</form>
<p class="note">The key only proves that you hold this account. It is not passed to the application, which gets its own short-lived key instead.</p>`,
  );
}

/** A request that cannot go back to its client (unknown client, unregistered redirect URI): shown, never redirected. */
export function renderAuthorizationErrorPage(description: string): string {
  return page('Authorization failed', `<h1>This authorization request cannot be processed</h1><p class="error" role="alert">${escapeHtml(description)}</p><p class="note">Nothing was granted. Start again from the application that sent you here.</p>`);
}
