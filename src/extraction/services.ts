import { userAgent, type Config } from '../config/config.js';
import { BrowserPool } from './render/index.js';
import { inlineExtractor, threadExtractor, type HtmlExtractor } from './threads/thread-pool.js';

/** The extraction machinery one process owns: a Chromium pool for render_js and worker threads. */
export interface ExtractionServices {
  renderer: BrowserPool;
  extractor: HtmlExtractor;
  close(): Promise<void>;
}

export function createExtractionServices(cfg: Config): ExtractionServices {
  const renderer = new BrowserPool({
    executablePath: cfg.RENDER_CHROMIUM_PATH,
    maxConcurrentPages: cfg.RENDER_MAX_PAGES,
    pagesPerBrowser: cfg.RENDER_PAGES_PER_BROWSER,
    timeoutMs: cfg.RENDER_TIMEOUT_MS,
    settleMs: cfg.RENDER_SETTLE_MS,
    userAgent: userAgent(cfg),
  });
  const threadData = cfg.MEMORY_REPORT_DIR ? { memoryReportMs: cfg.MEMORY_REPORT_MS } : {};
  const extractor = cfg.EXTRACTION_THREADS > 0 ? threadExtractor(cfg.EXTRACTION_THREADS, threadData) : inlineExtractor;
  return {
    renderer,
    extractor,
    close: async () => {
      await Promise.allSettled([renderer.close(), extractor.close()]);
    },
  };
}
