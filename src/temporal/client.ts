import { Client, Connection } from '@temporalio/client';

/**
 * A Temporal client whose connection is made lazily: the API starts (and reports Temporal as down
 * in /health) even when the server is not up yet, and reconnects when it comes back.
 */
export function createTemporalClient(address: string, namespace: string): Client {
  const connection = Connection.lazy({ address });
  return new Client({ connection, namespace });
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
