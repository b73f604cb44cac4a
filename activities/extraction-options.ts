import { Context } from '@temporalio/activity';
import type { Config } from '../src/config/config.js';
import { userAgent } from '../src/config/config.js';
import type { ExtractUrlOptions } from '../src/extraction/index.js';
import type { HtmlExtractor } from '../src/extraction/threads/thread-pool.js';
import type { BrowserPool } from '../src/extraction/render/index.js';
import type { RobotsMode } from '../src/contract/vocabulary.js';
import { heartbeatAtMostEverySecond } from './heartbeats.js';

export interface ExtractionDeps {
  cfg: Config;
  extractor?: HtmlExtractor | undefined;
  renderer?: BrowserPool | undefined;
}

/** How job activities fetch: the server's limits and SSRF rule, the job's robots mode. */
export function jobExtractionOptions({ cfg, extractor, renderer }: ExtractionDeps, robots: RobotsMode): ExtractUrlOptions {
  return {
    allowPrivate: cfg.ALLOW_PRIVATE_TARGETS,
    timeoutMs: cfg.FETCH_TIMEOUT_MS,
    maxBytes: cfg.FETCH_MAX_BYTES,
    userAgent: userAgent(cfg),
    robots,
    ...(extractor ? { extractor } : {}),
    ...(renderer ? { renderer } : {}),
  };
}

/**
 * Heartbeats while `work` runs: when the worker dies, Temporal notices within the heartbeat timeout and
 * hands the URL to another worker instead of waiting out the start-to-close timeout. `details`: what each
 * heartbeat carries (a heartbeat replaces the details of the one before).
 */
export async function withHeartbeat<T>(work: () => Promise<T>, everyMs = 5000, details?: () => unknown): Promise<T> {
  const context = Context.current();
  const beat = () => heartbeatAtMostEverySecond(context, details?.());
  beat();
  const timer = setInterval(beat, everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
