import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError, errorEnvelope } from '../../contract/errors.js';

type InlineImage = { data?: unknown; content_type?: unknown };

/** Screenshots inlined in an `extract` answer (`screenshot_inline: true`), as MCP image content a host can show. */
function inlineImages(value: object): { type: 'image'; data: string; mimeType: string }[] {
  const record = value as { screenshot?: InlineImage; screenshot_full_page?: InlineImage; actions?: { screenshots?: InlineImage[] } };
  const candidates = [record.screenshot, record.screenshot_full_page, ...(record.actions?.screenshots ?? [])];
  return candidates.flatMap((image) => (image && typeof image.data === 'string' && typeof image.content_type === 'string' ? [{ type: 'image' as const, data: image.data, mimeType: image.content_type }] : []));
}

/** Decisions: a tool returns the REST response's JSON, as text and as `structuredContent` (and inlined screenshots as images too). */
export function toolSuccess(value: object): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }, ...inlineImages(value)], structuredContent: value as Record<string, unknown> };
}

/**
 * A refusal or failure as an MCP tool error (`isError: true`) carrying the REST error envelope, so a
 * host sees the same `code`, `retry`, `docs_url`, `upgrade_url` and `retry_after` as a REST caller.
 */
export function toolError(err: ApiError, baseUrl: string): CallToolResult {
  const envelope = errorEnvelope(err.code, err.message, { baseUrl }, err.retryAfter, err.details);
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
