// `npm run start:cluster`: install what is missing, then the production topology (scripts/launch-cluster.ts).
import { ensureDependencies, runTypeScript } from './bootstrap.mjs';

ensureDependencies();
await runTypeScript('scripts/launch-cluster.ts');
