import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedTypeScriptTypes, TYPESCRIPT_TYPES_FILE } from '../../../scripts/lib/client-types.js';
import { projectRoot } from '../../../scripts/lib/paths.js';

describe('client types generated from /openapi.json', () => {
  it('are current: the OpenAPI document has not changed since `npm run clients:generate`', async () => {
    const committed = readFileSync(path.join(projectRoot, TYPESCRIPT_TYPES_FILE), 'utf8');
    const fresh = await generatedTypeScriptTypes();
    // On failure: run `npm run clients:generate` and commit the result.
    expect(committed === fresh, 'clients/typescript/src/generated/openapi.ts is stale: run `npm run clients:generate`').toBe(true);
  });
});
