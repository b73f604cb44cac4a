import { useState } from 'preact/hooks';
import { PithError } from '../../../../clients/typescript/src/errors';
import { useSession } from '../session';
import { useAction, useApi } from '../use-api';
import { formatTime, listOf } from '../format';
import { ErrorNotice } from '../components/error-notice';
import { CopyButton } from '../components/copy-button';

const SCOPE_CHOICES = ['extract', 'bulk', 'crawl', 'search', 'keys'] as const;

/** A secret the API shows once: kept on screen until dismissed, with a copy button. */
function ShownOnce({ title, secret, onDismiss }: { title: string; secret: string; onDismiss: () => void }) {
  return (
    <div class="secret-once card" role="status">
      <h2>{title}</h2>
      <p>
        Shown <strong>only now</strong>: copy it somewhere safe.
      </p>
      <p class="secret-value">
        <code data-testid="shown-once-secret">{secret}</code> <CopyButton text={secret} label="Copy" />
      </p>
      <button type="button" class="button-secondary" onClick={onDismiss}>
        I have stored it
      </button>
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (apiKey: string) => void }) {
  const { client } = useSession();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<string>>(new Set(['extract']));
  const [allowDomains, setAllowDomains] = useState('');
  const [denyPatterns, setDenyPatterns] = useState('');
  const [robots, setRobots] = useState('advisory');
  const [expires, setExpires] = useState('');
  const create = useAction(async () => {
    const created = await client.keys.create({
      ...(name.trim() ? { name: name.trim() } : {}),
      scopes: [...scopes] as never,
      ...(allowDomains.trim() ? { allow_domains: listOf(allowDomains) } : {}),
      ...(denyPatterns.trim() ? { deny_patterns: listOf(denyPatterns) } : {}),
      respect_robots: robots as 'off' | 'advisory' | 'strict',
      ...(expires ? { expires_at: new Date(`${expires}T23:59:59Z`).toISOString() } : {}),
    });
    onCreated(created.api_key);
  });
  return (
    <details class="card">
      <summary>Create a key</summary>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void create.run();
        }}
      >
        <label for="key-name">Name</label>
        <input id="key-name" type="text" maxLength={200} placeholder="crawler on staging" value={name} onInput={(event) => setName(event.currentTarget.value)} />
        <fieldset>
          <legend>Scopes (a key grants only scopes the signed-in key holds)</legend>
          <div class="checks">
            {SCOPE_CHOICES.map((scope) => (
              <label key={scope} class="check">
                <input
                  type="checkbox"
                  checked={scopes.has(scope)}
                  onChange={(event) => {
                    const next = new Set(scopes);
                    if (event.currentTarget.checked) next.add(scope);
                    else next.delete(scope);
                    setScopes(next);
                  }}
                />{' '}
                {scope}
              </label>
            ))}
          </div>
        </fieldset>
        <label for="key-allow">Allowed domains, one per line (empty: any)</label>
        <textarea id="key-allow" rows={2} placeholder="example.com" value={allowDomains} onInput={(event) => setAllowDomains(event.currentTarget.value)} />
        <label for="key-deny">Denied URL patterns, one per line</label>
        <textarea id="key-deny" rows={2} placeholder="*/admin*" value={denyPatterns} onInput={(event) => setDenyPatterns(event.currentTarget.value)} />
        <div class="grid">
          <div>
            <label for="key-robots">robots.txt</label>
            <select id="key-robots" value={robots} onChange={(event) => setRobots(event.currentTarget.value)}>
              <option value="off">Off</option>
              <option value="advisory">Advisory (report)</option>
              <option value="strict">Strict (refuse)</option>
            </select>
          </div>
          <div>
            <label for="key-expires">Expires on (optional)</label>
            <input id="key-expires" type="date" value={expires} onInput={(event) => setExpires(event.currentTarget.value)} />
          </div>
        </div>
        <button type="submit" disabled={create.pending}>
          {create.pending ? 'Creating…' : 'Create key'}
        </button>
      </form>
      <ErrorNotice error={create.error} />
    </details>
  );
}

export function KeysPage() {
  const session = useSession();
  const { client } = session;
  const keys = useApi(() => client.keys.list(), [client]);
  const [secret, setSecret] = useState<{ title: string; value: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const revoke = useAction(async (id: string) => {
    await client.keys.revoke(id);
    setConfirming(null);
    // Revoking the key this console signed in with ends the session: the next call would be a 401.
    try {
      await client.usage();
      keys.reload();
    } catch (err) {
      if (err instanceof PithError && err.status === 401) session.signOut();
      else throw err;
    }
  });
  const rotate = useAction(async () => {
    const rotated = await client.keys.rotate();
    // The old key stopped working with this answer: carry on with the new one.
    session.signIn(rotated.api_key);
    setSecret({ title: 'Your signed-in key was rotated', value: rotated.api_key });
  });
  const rotateWebhook = useAction(async () => {
    const rotated = await client.rotateWebhookSecret();
    setSecret({ title: 'New webhook signing secret', value: rotated.webhook_signing_secret });
  });

  return (
    <>
      <h1 tabIndex={-1}>Keys</h1>
      {secret ? <ShownOnce title={secret.title} secret={secret.value} onDismiss={() => setSecret(null)} /> : null}
      <CreateKeyForm
        onCreated={(apiKey) => {
          setSecret({ title: 'New key created', value: apiKey });
          keys.reload();
        }}
      />
      <ErrorNotice error={keys.error ?? revoke.error ?? rotate.error ?? rotateWebhook.error} />
      {keys.data ? (
        <div class="table-scroll">
          <table class="keys-table">
            <caption class="visually-hidden">This account's keys (never their secrets)</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Id</th>
                <th scope="col">Scopes</th>
                <th scope="col">Policy</th>
                <th scope="col">Created</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.data.map((key) => (
                <tr key={key.id}>
                  <td>{key.name ?? '—'}</td>
                  <td class="mono">{key.id}</td>
                  <td>{key.scopes.join(', ')}</td>
                  <td>
                    {key.policy.allow_domains.length ? `only ${key.policy.allow_domains.join(', ')}; ` : ''}
                    {key.policy.deny_patterns.length ? `not ${key.policy.deny_patterns.join(', ')}; ` : ''}
                    robots {key.policy.respect_robots}
                  </td>
                  <td>{formatTime(key.created_at)}</td>
                  <td>{formatTime(key.expires_at)}</td>
                  <td>
                    {confirming === key.id ? (
                      <span class="confirm">
                        <button type="button" class="button-danger" disabled={revoke.pending} onClick={() => revoke.run(key.id)} aria-label={`Confirm revoking ${key.name ?? key.id}`}>
                          Confirm revoke
                        </button>
                        <button type="button" class="button-secondary" onClick={() => setConfirming(null)}>
                          Cancel
                        </button>
                      </span>
                    ) : (
                      <button type="button" class="button-secondary" onClick={() => setConfirming(key.id)} aria-label={`Revoke ${key.name ?? key.id}`}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <section class="card" aria-labelledby="rotate-heading">
        <h2 id="rotate-heading">Rotate secrets</h2>
        <p>Rotating the signed-in key replaces it at once: this console switches to the new key, and every other copy of the old one stops working.</p>
        <button type="button" class="button-secondary" disabled={rotate.pending} onClick={() => rotate.run()}>
          Rotate the signed-in key
        </button>
        <p>The webhook signing secret signs every completion webhook; the old secret stops signing at once.</p>
        <button type="button" class="button-secondary" disabled={rotateWebhook.pending} onClick={() => rotateWebhook.run()}>
          Rotate the webhook signing secret
        </button>
      </section>
    </>
  );
}
