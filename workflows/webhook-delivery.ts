import { ActivityFailure, ParentClosePolicy, WorkflowIdReusePolicy, proxyActivities, sleep, startChild } from '@temporalio/workflow';
import type { WebhookActivities } from './activities.js';

/**
 * Waits between attempts (contract: 30 s, 5 min, 30 min, 2 h, 12 h, 24 h): seven attempts over about
 * 38 hours, then the delivery is dead-lettered. Durable timers, so a restart loses nothing.
 */
export const WEBHOOK_RETRY_DELAYS = ['30 seconds', '5 minutes', '30 minutes', '2 hours', '12 hours', '24 hours'] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS.length + 1;

export interface WebhookDeliveryInput {
  deliveryId: string;
}

export interface WebhookDeliveryOutcome {
  status: 'delivered' | 'dead_lettered' | 'gone';
  attempts: number;
}

// One attempt is one activity run: no activity retries, the schedule above is the retry. The heartbeat
// timeout notices a dead worker within seconds; the start-to-close limit covers the 10 s receiver deadline
// (WEBHOOK_TIMEOUT_MS, at most 30 s) plus DNS, TLS and two small writes.
const { attemptWebhookDelivery } = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '10 seconds',
  retry: { maximumAttempts: 1 },
});

// Bookkeeping in the database retries until it succeeds: a delivery is never left half-recorded.
const { prepareJobWebhook, closeInterruptedWebhookAttempt, deadLetterWebhookDelivery } = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

function reasonOf(err: unknown): string {
  if (err instanceof ActivityFailure) return err.cause?.message ?? err.message;
  return err instanceof Error ? err.message : String(err);
}

/** Attempt `attempt`; an attempt that did not report back (worker lost, timed out) counts as failed unless it recorded a success. */
async function attemptOnce(deliveryId: string, attempt: number): Promise<{ succeeded: boolean; gone?: true }> {
  try {
    return await attemptWebhookDelivery({ deliveryId, attempt });
  } catch (err) {
    return closeInterruptedWebhookAttempt({ deliveryId, attempt, reason: reasonOf(err) });
  }
}

/** `webhook-<delivery_id>`: attempt 1 at once, then one attempt after each delay; dead-lettered after the seventh failure. */
export async function webhookDeliveryWorkflow({ deliveryId }: WebhookDeliveryInput): Promise<WebhookDeliveryOutcome> {
  for (let attempt = 1; ; attempt++) {
    const result = await attemptOnce(deliveryId, attempt);
    if (result.gone) return { status: 'gone', attempts: attempt };
    if (result.succeeded) return { status: 'delivered', attempts: attempt };
    const delay = WEBHOOK_RETRY_DELAYS[attempt - 1];
    if (delay === undefined) break;
    await sleep(delay);
  }
  await deadLetterWebhookDelivery({ deliveryId });
  return { status: 'dead_lettered', attempts: WEBHOOK_MAX_ATTEMPTS };
}

export const webhookWorkflowIdFor = (deliveryId: string) => `webhook-${deliveryId}`;

/**
 * For the end of a job workflow: creates the job's delivery (once; nothing when the job has no webhook_url)
 * and starts its delivery workflow, outliving the job workflow.
 */
export async function startCompletionWebhook(jobId: string): Promise<void> {
  const prepared = await prepareJobWebhook({ jobId });
  if (prepared) await startWebhookDelivery(prepared.deliveryId);
}

/**
 * Starts `webhook-<delivery_id>` as an abandoned child, so it outlives its parent. Safe to run again on a
 * retried or replayed parent: an already started (or finished) delivery workflow is success.
 */
export async function startWebhookDelivery(deliveryId: string): Promise<void> {
  try {
    await startChild(webhookDeliveryWorkflow, {
      workflowId: webhookWorkflowIdFor(deliveryId),
      args: [{ deliveryId }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      // A delivery workflow that already ran (even to the end) is never run a second time for the same id.
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
    });
  } catch (err) {
    // @temporalio/common's WorkflowExecutionAlreadyStartedError, recognised by name (workflows/ imports only @temporalio/workflow).
    if ((err as Error | undefined)?.name === 'WorkflowExecutionAlreadyStartedError') return;
    throw err;
  }
}
