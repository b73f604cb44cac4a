// `npm test`: install what is missing, then lint, typecheck and the vitest suite on real servers.
import { ensureDependencies, runTypeScript } from './bootstrap.mjs';

ensureDependencies();
await runTypeScript('scripts/run-tests.ts');
