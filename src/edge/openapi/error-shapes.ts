import { z } from 'zod';
import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { ERRORS, errorEnvelope, type ErrorCode } from '../../contract/errors.js';

/** The envelope of every 4xx/5xx answer; its code enum is the error table itself, so it cannot drift. */

const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

export const ErrorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES).meta({ description: 'Machine-readable code; see `docs_url` for its section.' }),
      message: z.string().meta({ description: 'Human-readable text. For `invalid_request` it names the offending field.' }),
      retry: z.boolean().meta({ description: 'Whether retrying the same unchanged request can succeed later. A `false` never becomes `true` by waiting.' }),
      docs_url: z.url().meta({ description: '`{base_url}/docs/errors#<code>`: the section describing the code.' }),
      upgrade_url: z.url().optional().meta({ description: 'Present only where a plan upgrade is the remedy; a human has to act.' }),
      retry_after: z.int().min(0).optional().meta({ description: 'Seconds until a retry can succeed. Present on 429.' }),
      payment_requirements: z
        .object({
          x402Version: z.int(),
          error: z.string().optional(),
          resource: z.object({ url: z.string(), description: z.string().optional(), mimeType: z.string().optional() }).passthrough(),
          accepts: z.array(z.object({ scheme: z.string(), network: z.string(), amount: z.string(), asset: z.string(), payTo: z.string(), maxTimeoutSeconds: z.int() }).passthrough()),
        })
        .passthrough()
        .optional()
        .meta({ description: 'On 402 `payment_required`: the x402 (v2) PaymentRequired challenge, also sent base64-encoded in the `PAYMENT-REQUIRED` header. Pay one of `accepts` and retry with `PAYMENT-SIGNATURE`.' }),
      action_index: z.int().min(0).optional().meta({ description: 'On 422 `action_failed` (and an `unsafe_url` a page action led to): the index of the action in `actions`.' }),
      change: z
        .object({ status: z.enum(['removed', 'same']), previous_at: z.iso.datetime().nullable(), diff: z.null() })
        .optional()
        .meta({ description: 'POST /extract with `formats: ["change_tracking"]` when the page answered 404 or 410 (`target_http_error`): `removed`, or `same` when it was already gone at the previous look; `previous_at` is null when Pith never saw the page.' }),
    }),
  })
  .meta({ id: 'ErrorEnvelope', description: 'Every 4xx and 5xx response has this body.' });

/** Response headers that accompany particular codes (contract "Errors"). */
function headersFor(codes: readonly ErrorCode[]): ResponseConfig['headers'] {
  const headers: Record<string, z.ZodType> = {};
  if (codes.includes('rate_limit_too_fast')) {
    headers['Retry-After-Ms'] = z.string().optional().meta({ description: 'On `rate_limit_too_fast`: the precise window in milliseconds.' });
  }
  if (codes.includes('register_rate_limited')) {
    headers['Retry-After'] = z.string().optional().meta({ description: 'On `register_rate_limited`: seconds until another registration is accepted.' });
  }
  if (codes.includes('payment_required')) {
    headers['PAYMENT-REQUIRED'] = z.string().optional().meta({ description: 'On `payment_required`: the x402 PaymentRequired object, base64-encoded JSON.' });
  }
  return Object.keys(headers).length > 0 ? z.object(headers) : undefined;
}

/** The example envelope of a code, built by the function the API answers with; registered once under the code's name. */
export function errorExample(code: ErrorCode, baseUrl: string) {
  return { summary: `${ERRORS[code].status} ${code}`, value: errorEnvelope(code, ERRORS[code].meaning, { baseUrl }) };
}

/**
 * The error responses of one operation: one entry per HTTP status, its description listing the codes it
 * can carry, each with a reference to the code's example envelope (see `errorExample`).
 */
export function errorResponses(codes: readonly ErrorCode[]): Record<string, ResponseConfig> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, ResponseConfig> = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const examples = Object.fromEntries(statusCodes.map((code) => [code, { $ref: `#/components/examples/${code}` }]));
    const headers = headersFor(statusCodes);
    responses[String(status)] = {
      description: statusCodes.map((code) => `\`${code}\`: ${ERRORS[code].meaning}`).join('\n\n'),
      ...(headers ? { headers } : {}),
      content: { 'application/json': { schema: ErrorEnvelopeSchema, examples } },
    };
  }
  return responses;
}
