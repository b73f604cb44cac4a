import { userAgent, type Config } from '../config/config.js';
import type { Db } from '../db/prisma.js';
import { braveProvider } from './brave-provider.js';
import { localProvider } from './local-provider.js';
import type { SearchProvider } from './provider.js';
import { searxngProvider } from './searxng-provider.js';

/** The provider SEARCH_PROVIDER names (config validation guarantees the settings each one needs). */
export function createSearchProvider(cfg: Config, db: Db): SearchProvider {
  switch (cfg.SEARCH_PROVIDER) {
    case 'local':
      return localProvider(db);
    case 'searxng':
      return searxngProvider({ baseUrl: cfg.SEARXNG_URL ?? '', timeoutMs: cfg.SEARCH_TIMEOUT_MS, userAgent: userAgent(cfg) });
    case 'brave':
      return braveProvider({ apiUrl: cfg.BRAVE_API_URL, apiKey: cfg.BRAVE_API_KEY ?? '', timeoutMs: cfg.SEARCH_TIMEOUT_MS, userAgent: userAgent(cfg) });
  }
}
