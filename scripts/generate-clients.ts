/**
 * npm run clients:generate — the clients' types from the OpenAPI document the API serves
 * (src/edge/openapi): TypeScript by openapi-typescript, Python TypedDicts by datamodel-code-generator.
 * `test/unit/clients/generated-drift.test.ts` fails when the document changed and this was not run.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './lib/paths.js';
import { generatedPythonModels, generatedTypeScriptTypes, PYTHON_MODELS_FILE, TYPESCRIPT_TYPES_FILE } from './lib/client-types.js';
import { ensurePythonClient } from './lib/tools.js';

const python = await ensurePythonClient();
const outputs: [string, Promise<string>][] = [
  [TYPESCRIPT_TYPES_FILE, generatedTypeScriptTypes()],
  [PYTHON_MODELS_FILE, generatedPythonModels(path.join(path.dirname(python), 'datamodel-codegen'))],
];
for (const [relative, text] of outputs) {
  writeFileSync(path.join(projectRoot, relative), await text);
  console.log(`Wrote ${relative}`);
}
