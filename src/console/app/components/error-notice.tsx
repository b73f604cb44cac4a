import { PithConnectionError, PithError } from '../../../../clients/typescript/src/errors';

/** What a person needs from a failed call: what happened in words, the code, and where to read more (and upgrade, when that is the way out). */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof PithError) {
    return (
      <div class="notice notice-error" role="alert">
        <p class="notice-title">{error.message}</p>
        <p class="notice-meta">
          <code>{error.code}</code> · HTTP {error.status}
          {error.retryAfter !== undefined ? ` · try again in ${error.retryAfter} s` : ''}
          {error.docsUrl ? (
            <>
              {' · '}
              <a href={error.docsUrl} target="_blank" rel="noopener noreferrer">
                What this error means
              </a>
            </>
          ) : null}
          {error.upgradeUrl ? (
            <>
              {' · '}
              <a href={error.upgradeUrl} target="_blank" rel="noopener noreferrer">
                Upgrade your plan
              </a>
            </>
          ) : null}
        </p>
      </div>
    );
  }
  const message = error instanceof PithConnectionError ? 'The API did not answer. Check your connection and try again.' : error instanceof Error ? error.message : String(error);
  return (
    <div class="notice notice-error" role="alert">
      <p class="notice-title">{message}</p>
    </div>
  );
}
