import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Real PostgreSQL and a real Temporal server for the whole run (test/support/global-setup.ts).
    globalSetup: ['test/support/global-setup.ts'],
    // Files share those servers and 2 cores: one file at a time keeps timings honest and logs readable.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: ['default'],
  },
});
