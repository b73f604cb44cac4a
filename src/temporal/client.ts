import { Client, Connection } from '@temporalio/client';
import type { Tracing } from '../observability/tracing.js';
import { clientInterceptors } from './interceptors.js';

/**
 * A Temporal client whose connection is made lazily: the API starts (and reports Temporal as down
 * in /health) even when the server is not up yet, and reconnects when it comes back.
 */
export function createTemporalClient(address: string, namespace: string, tracing?: Tracing): Client {
  return clientOn(Connection.lazy({ address }), namespace, tracing);
}

/** A client on `connection` with Pith's interceptors (request id header; tracing when on). */
export function clientOn(connection: Connection, namespace: string, tracing?: Tracing): Client {
  return new Client({ connection, namespace, interceptors: { workflow: clientInterceptors(tracing) } });
}

/** True when the Temporal frontend answers a health check within `timeoutMs`. */
export async function temporalHealthy(client: Client, timeoutMs = 1500): Promise<boolean> {
  try {
    await client.withDeadline(new Date(Date.now() + timeoutMs), () => client.workflowService.getSystemInfo({}));
    return true;
  } catch {
    return false;
  }
}
