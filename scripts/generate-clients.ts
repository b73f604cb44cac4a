/**
 * npm run clients:generate — the clients' types from the OpenAPI document the API serves
 * (src/edge/openapi), by openapi-typescript. `test/unit/clients/generated-drift.test.ts` fails when the
 * document changed and this was not run.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './lib/paths.js';
import { generatedTypeScriptTypes, TYPESCRIPT_TYPES_FILE } from './lib/client-types.js';

const file = path.join(projectRoot, TYPESCRIPT_TYPES_FILE);
writeFileSync(file, await generatedTypeScriptTypes());
console.log(`Wrote ${path.relative(projectRoot, file)}`);
