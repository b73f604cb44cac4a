import { createContext, type ComponentChildren } from 'preact';
import { useContext, useMemo, useState } from 'preact/hooks';
import { PithClient } from '../../../clients/typescript/src/client';

/**
 * The signed-in key lives in this tab's sessionStorage only (contract: Bearer is the only auth, so there
 * is no cookie session): closing the tab or signing out forgets it, and other tabs never see it.
 */
const STORAGE_KEY = 'pith.console.api_key';

/** The API's origin and path prefix (the page says the prefix; BASE_URL may mount Pith under a path). */
export const API_PREFIX = document.getElementById('console')?.dataset.apiPrefix ?? '';
export const API_BASE = `${location.origin}${API_PREFIX}`;

export const clientWith = (apiKey: string | undefined) => new PithClient({ apiKey, baseUrl: API_BASE, maxRateLimitRetries: 3, connectionRetries: 1 });

export interface Session {
  apiKey: string | null;
  client: PithClient;
  signIn(apiKey: string): void;
  signOut(): void;
}

const SessionContext = createContext<Session | null>(null);

function readStoredKey(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled: the console still works until the page is reloaded
  }
}

export function SessionProvider({ children }: { children: ComponentChildren }) {
  const [apiKey, setApiKey] = useState<string | null>(readStoredKey);
  const session = useMemo<Session>(
    () => ({
      apiKey,
      client: clientWith(apiKey ?? undefined),
      signIn(next) {
        try {
          sessionStorage.setItem(STORAGE_KEY, next);
        } catch {
          /* kept in memory only */
        }
        setApiKey(next);
      },
      signOut() {
        try {
          sessionStorage.removeItem(STORAGE_KEY);
        } catch {
          /* nothing stored */
        }
        setApiKey(null);
      },
    }),
    [apiKey],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
