import type { Client } from '@temporalio/client';
import type { Config } from '../config.js';
import type { Db } from '../db/prisma.js';

/** What every route handler can reach: configuration and the shared clients. */
export interface AppDeps {
  cfg: Config;
  db: Db;
  temporal: Client;
}

/** Set by the auth middleware on authenticated routes. */
export interface AuthState {
  accountId: string;
  keyId: string;
  scopes: string[];
  plan: string;
}

export interface PithState {
  auth?: AuthState;
}
