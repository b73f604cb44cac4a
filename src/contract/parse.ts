import type { z } from 'zod';
import { ApiError } from './errors.js';

/** Parses a request part with zod; the `invalid_request` message names the offending field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where = 'body'): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : where;
  throw new ApiError('invalid_request', `${field}: ${issue?.message ?? 'invalid'}`);
}
