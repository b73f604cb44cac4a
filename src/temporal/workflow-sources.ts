import { fileURLToPath } from 'node:url';

/** The job workflows' entry module: what Temporal's bundler starts from (workflow-bundle.ts, tests). */
export const workflowsPath = fileURLToPath(new URL('../../workflows/index.ts', import.meta.url));
