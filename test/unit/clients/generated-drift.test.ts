import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedPythonModels, generatedTypeScriptTypes, PYTHON_MODELS_FILE, TYPESCRIPT_TYPES_FILE } from '../../../scripts/lib/client-types.js';
import { projectRoot, toolsDir } from '../../../scripts/lib/paths.js';

const committed = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');
const STALE = 'is stale: run `npm run clients:generate` and commit the result';

describe('client types generated from /openapi.json', () => {
  it('TypeScript: current with the OpenAPI document', async () => {
    expect(committed(TYPESCRIPT_TYPES_FILE) === (await generatedTypeScriptTypes()), `${TYPESCRIPT_TYPES_FILE} ${STALE}`).toBe(true);
  });

  it('Python: current with the OpenAPI document', async () => {
    const codegen = path.join(toolsDir, 'venv', 'bin', 'datamodel-codegen');
    if (!existsSync(codegen)) throw new Error('datamodel-codegen is not installed in .tools/venv: run `npm test`, which installs it');
    expect(committed(PYTHON_MODELS_FILE) === (await generatedPythonModels(codegen)), `${PYTHON_MODELS_FILE} ${STALE}`).toBe(true);
  }, 60_000);
});
