/** Launcher output: one line per step, on stderr so stdout stays free for data. */
const started = Date.now();

function stamp(): string {
  return `${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s`;
}

export function step(message: string): void {
  process.stderr.write(`[pith ${stamp()}] ${message}\n`);
}

export function warn(message: string): void {
  process.stderr.write(`[pith ${stamp()}] WARNING: ${message}\n`);
}

/** Prints a heartbeat every `everyMs` while `work` runs, so a multi-minute first-run build never looks hung. */
export async function withProgress<T>(label: string, work: Promise<T>, everyMs = 15_000): Promise<T> {
  const t0 = Date.now();
  const timer = setInterval(() => step(`${label} … still working (${Math.round((Date.now() - t0) / 1000)}s)`), everyMs);
  try {
    const result = await work;
    step(`${label} done in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
    return result;
  } finally {
    clearInterval(timer);
  }
}
