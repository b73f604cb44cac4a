import { useState } from 'preact/hooks';
import { clientWith, useSession } from '../session';
import { useAction } from '../use-api';
import { ErrorNotice } from '../components/error-notice';
import { CopyButton } from '../components/copy-button';
import { navigate } from '../router';

/** Sign in by pasting a key (checked against GET /usage, which any valid key may read for free), or register a new account. */
export function SignInPage() {
  const session = useSession();
  const [key, setKey] = useState('');
  const [email, setEmail] = useState('');
  const [created, setCreated] = useState<{ api_key: string; plan: string } | null>(null);

  const signIn = useAction(async (apiKey: string) => {
    await clientWith(apiKey).usage();
    session.signIn(apiKey);
    navigate('playground');
  });
  const register = useAction(async (address: string) => {
    const account = await clientWith(undefined).register(address);
    setCreated({ api_key: account.api_key, plan: account.plan });
  });

  return (
    <div class="sign-in">
      <h1 tabIndex={-1}>Pith console</h1>
      <p class="lead">Try extractions, follow your jobs, read your usage and logs, and manage keys.</p>
      <div class="columns">
        <section class="card" aria-labelledby="sign-in-heading">
          <h2 id="sign-in-heading">Sign in with an API key</h2>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void signIn.run(key.trim());
            }}
          >
            <label for="api-key">API key</label>
            <input id="api-key" name="api-key" type="password" autocomplete="off" spellcheck={false} required pattern="ce_[0-9a-f]{40}" placeholder="ce_…" value={key} onInput={(event) => setKey(event.currentTarget.value)} aria-describedby="api-key-help" />
            <p id="api-key-help" class="help">
              Kept in this browser tab only (sessionStorage) and sent as <code>Authorization: Bearer</code>. Closing the tab or signing out forgets it.
            </p>
            <button type="submit" disabled={signIn.pending}>
              {signIn.pending ? 'Checking…' : 'Sign in'}
            </button>
          </form>
          <ErrorNotice error={signIn.error} />
        </section>

        <section class="card" aria-labelledby="register-heading">
          <h2 id="register-heading">New to Pith?</h2>
          {created ? (
            <div class="secret-once" role="status">
              <p>
                Your account is ready (plan <strong>{created.plan}</strong>). This is your key — it is shown <strong>only now</strong>:
              </p>
              <p class="secret-value">
                <code data-testid="new-account-key">{created.api_key}</code> <CopyButton text={created.api_key} label="Copy key" />
              </p>
              <button type="button" onClick={() => signIn.run(created.api_key)}>
                Continue with this key
              </button>
            </div>
          ) : (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void register.run(email.trim());
              }}
            >
              <label for="register-email">E-mail</label>
              <input id="register-email" type="email" autocomplete="email" required value={email} onInput={(event) => setEmail(event.currentTarget.value)} />
              <button type="submit" disabled={register.pending}>
                {register.pending ? 'Creating…' : 'Create a free account'}
              </button>
            </form>
          )}
          <ErrorNotice error={register.error} />
        </section>
      </div>
    </div>
  );
}
