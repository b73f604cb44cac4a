import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError, errorEnvelope } from '../../contract/errors.js';

/** Decisions: a tool returns the REST response's JSON, as text and as `structuredContent`. */
export function toolSuccess(value: object): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value as Record<string, unknown> };
}

/**
 * A refusal or failure as an MCP tool error (`isError: true`) carrying the REST error envelope, so a
 * host sees the same `code`, `retry`, `docs_url`, `upgrade_url` and `retry_after` as a REST caller.
 */
export function toolError(err: ApiError, baseUrl: string): CallToolResult {
  const envelope = errorEnvelope(err.code, err.message, { baseUrl }, err.retryAfter);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(envelope) }], structuredContent: envelope as unknown as Record<string, unknown> };
}

/** Runs a tool body: ApiErrors become tool errors; anything else is reported once and answered as `internal_error`. */
export async function runTool(baseUrl: string, onUnexpected: (err: unknown) => void, body: () => Promise<object>): Promise<CallToolResult> {
  try {
    return toolSuccess(await body());
  } catch (err) {
    if (err instanceof ApiError) return toolError(err, baseUrl);
    onUnexpected(err);
    return toolError(new ApiError('internal_error', 'An unexpected error occurred; it was logged.'), baseUrl);
  }
}
