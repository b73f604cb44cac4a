// `npm start`: install what is missing, then bring up PostgreSQL, Temporal, the worker and the API.
import { ensureDependencies, runTypeScript } from './bootstrap.mjs';

ensureDependencies();
await runTypeScript('scripts/launch.ts');
