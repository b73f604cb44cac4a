import type { Metrics } from '../types.js';

/** The result's `metrics`: sizes of the output against the input it was extracted from. */
export function metricsFor(markdown: string, inputTokens: number, outputTokens: number): Metrics {
  const saved = Math.max(0, inputTokens - outputTokens);
  return {
    content_bytes: Buffer.byteLength(markdown, 'utf8'),
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    tokens_saved: saved,
    reduction_pct: inputTokens > 0 ? Math.round((1000 * saved) / inputTokens) / 10 : 0,
  };
}
