import { z } from 'zod';
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { ROUTES } from './routes.js';
import type { RouteDoc } from './route-doc.js';
import { errorCodesOf } from './derived-errors.js';
import { errorExample, errorResponses } from './error-shapes.js';
import { ERRORS, type ErrorCode } from '../../contract/errors.js';
import { authSentence } from './auth-text.js';
import { deliveryHeaders, registerJobCompletedWebhook } from './webhook-shapes.js';
import { registerWatchChangedWebhook } from './watch-shapes.js';
import { OAuthErrorSchema } from './oauth-routes.js';
import { JobProgressSchema } from './job-list-shapes.js';

export const BEARER_SCHEME = 'ApiKey';
export const JOB_TOKEN_SCHEME = 'JobToken';
export const X402_SCHEME = 'X402Payment';

const idempotencyHeaders = z.object({
  'Idempotency-Key': z.string().max(255).optional().meta({
    description: 'Same key and same body within 24 hours returns the original job and queues nothing; a different body is 422 `idempotency_key_reuse`.',
  }),
});

function securityOf(route: RouteDoc): RouteConfig['security'] {
  if (route.auth === 'public') return [];
  // A signed link carries its own proof in the query: no scheme, so the empty requirement (none needed).
  return [{ [BEARER_SCHEME]: [] }, ...(route.jobToken ? [{ [JOB_TOKEN_SCHEME]: [] }] : []), ...(route.payable ? [{ [X402_SCHEME]: [] }] : []), ...(route.signedLink ? [{}] : [])];
}

function responsesOf(route: RouteDoc): Record<string, ResponseConfig> {
  const { success } = route;
  const responses: Record<string, ResponseConfig> = {
    [String(success.status)]: { description: success.description, content: { [success.contentType ?? 'application/json']: { schema: success.schema } } },
  };
  for (const other of route.alsoReturns ?? []) {
    responses[String(other.status)] = { description: other.description, content: { [other.contentType ?? 'application/json']: { schema: other.schema } } };
  }
  if (route.redirect) {
    responses['302'] = { description: route.redirect, headers: z.object({ Location: z.string().meta({ description: "The client's redirect URI with the response parameters." }) }) };
  }
  if (route.oauthErrors?.length) {
    responses['400'] = {
      description: `OAuth error (RFC 6749 §5.2): ${route.oauthErrors.map((code) => `\`${code}\``).join(', ')}. \`invalid_client\` is 401 when the client authenticated with a header.`,
      content: { 'application/json': { schema: OAuthErrorSchema } },
    };
    if (route.oauthErrors.includes('invalid_client')) {
      responses['401'] = {
        description: '`invalid_client` when the client tried to authenticate with an `Authorization` header (RFC 6749 §5.2), with `WWW-Authenticate`.',
        content: { 'application/json': { schema: OAuthErrorSchema } },
      };
    }
  }
  return { ...responses, ...errorResponses(errorCodesOf(route)) };
}

function operationOf(route: RouteDoc): RouteConfig {
  return {
    method: route.method,
    path: route.path,
    tags: [route.tag],
    summary: route.summary,
    description: `${route.description}\n\n${authSentence(route)}`,
    security: securityOf(route),
    // Machine-readable auth: the scope a key must hold (or `*`); null means any valid key.
    ...(route.auth === 'public' ? {} : { 'x-pith-scope': route.auth === 'key' ? null : route.auth }),
    'x-pith-error-codes': errorCodesOf(route),
    request: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { query: route.query } : {}),
      ...(route.idempotent ? { headers: idempotencyHeaders } : {}),
      ...(route.body ? { body: { required: true, content: { [route.bodyContentType ?? 'application/json']: { schema: route.body } } } } : {}),
    },
    responses: responsesOf(route),
  };
}

/**
 * A named schema no route answers directly (only through a `$ref`, e.g. an event's `contentSchema`), as
 * the generator writes the components routes do reference.
 */
function componentOf(id: string, schema: z.ZodType) {
  const probe: RouteConfig = { method: 'get', path: '/', responses: { 200: { description: id, content: { 'application/json': { schema } } } } };
  const generated = new OpenApiGeneratorV31([{ type: 'route', route: probe }]).generateComponents().components?.schemas?.[id];
  if (!generated) throw new Error(`componentOf: ${id} is not the id of the schema given`);
  return generated;
}

/** The registry behind /openapi.json: security schemes, then every route of ROUTES. */
export function buildRegistry(baseUrl: string): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', BEARER_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'ce_ + 40 lowercase hex',
    description: 'Send `Authorization: Bearer <API_KEY>`. Keys are `ce_` followed by 40 lowercase hex characters, from `POST /register` or `POST /keys`.',
  });
  registry.registerComponent('securitySchemes', JOB_TOKEN_SCHEME, {
    type: 'apiKey',
    in: 'header',
    name: 'X-Job-Token',
    description: 'The `job_token` (`jt_…`) of a pay-per-request submission; reads that one job without a key.',
  });
  registry.registerComponent('securitySchemes', X402_SCHEME, {
    type: 'apiKey',
    in: 'header',
    name: 'PAYMENT-SIGNATURE',
    description: 'Pay per request with x402 (v2, `exact` EVM scheme) instead of a key: an unpaid request gets 402 `payment_required` with the price of that exact body in the `PAYMENT-REQUIRED` header; send the signed payment as `PAYMENT-SIGNATURE` on the same request. See the README, "Pay per request (x402)".',
  });
  for (const code of Object.keys(ERRORS) as ErrorCode[]) registry.registerComponent('examples', code, errorExample(code, baseUrl));
  for (const route of ROUTES) registry.registerPath(operationOf(route));
  registry.registerComponent('schemas', 'JobProgress', componentOf('JobProgress', JobProgressSchema));
  registerJobCompletedWebhook(registry);
  registerWatchChangedWebhook(registry, deliveryHeaders);
  return registry;
}
