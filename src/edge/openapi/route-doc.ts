import type { z } from 'zod';
import type { ErrorCode } from '../../contract/errors.js';
import type { Scope } from '../../contract/vocabulary.js';
import type { OAuthErrorCode } from '../../oauth/oauth-error.js';

/** How one documented route is described: routes.ts and oauth-routes.ts list them. */

/** `public`: no key; `key`: any valid key; a scope: a key holding it or `*`. */
export type RouteAuth = 'public' | 'key' | Scope;

export interface RouteDoc {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI form: `/bulk/{job_id}`. */
  path: string;
  tag: 'Extraction' | 'Jobs' | 'Watches' | 'Account' | 'Keys' | 'Service' | 'OAuth';
  summary: string;
  description: string;
  auth: RouteAuth;
  /** Authenticated routes count against the monthly quota (429 `rate_limit_exceeded`) unless this is set. */
  unmetered?: boolean;
  /** Accepts `Idempotency-Key`. */
  idempotent?: boolean;
  /** Also accepts `X-Job-Token` instead of a key. */
  jobToken?: boolean;
  /** Also opens without a key through a signed link (`?expires=&signature=`). */
  signedLink?: boolean;
  /** Pay-per-request (x402) submissions are accepted instead of a key. */
  payable?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  success: { status: number; description: string; schema: z.ZodType; contentType?: string };
  /** Other non-error answers, e.g. 503 degraded health. */
  alsoReturns?: { status: number; description: string; schema: z.ZodType; contentType?: string }[];
  /** Content type of the body when it is not JSON (the OAuth forms). */
  bodyContentType?: string;
  /** What a 302 answer means (the OAuth authorization step). */
  redirect?: string;
  /** An OAuth route: its errors are OAuth's `{ error, error_description }` with these codes, not the envelope. */
  oauthErrors?: readonly OAuthErrorCode[];
  errors?: ErrorCode[];
  /** false: being built; the document describes it already (request schema in planned-requests.ts). */
  implemented: boolean;
}

