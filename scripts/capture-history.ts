/**
 * Captures a workflow's history from a Temporal server into test/replay/histories/, where `npm test`
 * replays it against the current workflow code (a non-deterministic change then fails CI).
 *   npm run history:capture -- <workflowId> [name]
 * Reads TEMPORAL_ADDRESS (default: the local dev server of `npm start`).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { parseConfig } from '../src/config/config.js';
import { requireTemporalAddress } from '../src/config/runtime-env.js';
import { projectRoot } from './lib/paths.js';

const [workflowId, name] = process.argv.slice(2);
if (!workflowId) {
  console.error('usage: npm run history:capture -- <workflowId> [name]');
  process.exit(2);
}
const cfg = parseConfig();
const connection = await Connection.connect({ address: requireTemporalAddress(cfg) });
try {
  const client = new Client({ connection, namespace: cfg.TEMPORAL_NAMESPACE });
  const handle = client.workflow.getHandle(workflowId);
  const description = await handle.describe();
  if (description.status.name === 'RUNNING') throw new Error(`${workflowId} is still running; capture a finished workflow`);
  const history = await handle.fetchHistory();
  const file = path.join(projectRoot, 'test', 'replay', 'histories', `${name ?? `${description.type}-${new Date().toISOString().slice(0, 10)}`}.json`);
  writeFileSync(file, historyToJSON(history));
  console.log(`Wrote ${history.events?.length ?? 0} events of ${workflowId} (${description.type}) to ${path.relative(projectRoot, file)}`);
} finally {
  await connection.close();
}
