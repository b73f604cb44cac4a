import { z } from 'zod';
import type { Prisma } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import { OAuthProtocolError } from './oauth-error.js';
import { redirectUriProblem } from './redirect-uris.js';
import { newClientId } from './secrets.js';

const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

/** RFC 7591 §2 client metadata, as far as Pith uses it; other fields are accepted and ignored. */
const registrationRequest = z.looseObject({
  redirect_uris: z.array(z.string().max(2048)).min(1).max(10),
  client_name: z.string().trim().min(1).max(200).optional(),
  client_uri: z.string().max(2048).optional(),
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.enum(GRANT_TYPES)).optional(),
  response_types: z.array(z.literal('code')).optional(),
  scope: z.string().max(1000).optional(),
  software_id: z.string().max(200).optional(),
  software_version: z.string().max(200).optional(),
});

export interface RegisteredClient {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: 'none';
  client_uri?: string;
  scope?: string;
}

/**
 * POST /oauth/register (RFC 7591 dynamic registration, open as MCP hosts expect). Every client is a
 * public client: a requested `token_endpoint_auth_method` other than `none` is replaced by `none`, which
 * §3.2.1 allows and the response reports, since no secret is ever issued.
 */
export async function registerClient(db: Db, body: unknown): Promise<RegisteredClient> {
  const parsed = registrationRequest.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'body';
    const code = field.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    throw new OAuthProtocolError(code, `${field}: ${issue?.message ?? 'invalid'}`);
  }
  const request = parsed.data;
  for (const uri of request.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthProtocolError('invalid_redirect_uri', problem);
  }
  const grantTypes = request.grant_types ?? ['authorization_code', 'refresh_token'];
  if (!grantTypes.includes('authorization_code')) {
    throw new OAuthProtocolError('invalid_client_metadata', 'grant_types: must include authorization_code');
  }
  const now = new Date();
  const registered: RegisteredClient = {
    client_id: newClientId(),
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    client_name: request.client_name ?? 'Unnamed MCP client',
    redirect_uris: [...new Set(request.redirect_uris)],
    grant_types: [...new Set(grantTypes)],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...(request.client_uri ? { client_uri: request.client_uri } : {}),
    ...(request.scope ? { scope: request.scope } : {}),
  };
  await db.oAuthClient.create({
    data: {
      id: registered.client_id,
      name: registered.client_name,
      redirectUris: registered.redirect_uris,
      metadata: registered as unknown as Prisma.JsonObject,
      createdAt: now,
    },
  });
  return registered;
}
