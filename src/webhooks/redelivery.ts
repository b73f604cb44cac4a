import type { Client } from '@temporalio/client';
import type { WebhookDelivery } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import type { Config } from '../config/config.js';
import { ApiError } from '../contract/errors.js';
import { webhookDeliveryWorkflow, webhookWorkflowIdFor } from '../../workflows/webhook-delivery.js';
import { createRedelivery } from './deliveries.js';
import { deliveryView, type WebhookDeliveryView } from './delivery-view.js';

export interface RedeliveryDeps {
  db: Db;
  temporal: Client;
  cfg: Config;
}

/**
 * POST /webhooks/deliveries/{id}/redeliver (after the route found `original` on the caller's account): a new delivery (new id, so receivers that deduplicate still
 * process it) of the same body to the same URL, on a fresh schedule of seven attempts signed with the
 * current secret. The original delivery and its history are left as they are.
 */
export async function redeliver(deps: RedeliveryDeps, original: WebhookDelivery): Promise<WebhookDeliveryView> {
  const copy = await createRedelivery(deps.db, original);
  try {
    await deps.temporal.workflow.start(webhookDeliveryWorkflow, {
      workflowId: webhookWorkflowIdFor(copy.id),
      taskQueue: deps.cfg.TEMPORAL_TASK_QUEUE,
      args: [{ deliveryId: copy.id }],
    });
  } catch {
    await deps.db.webhookDelivery.delete({ where: { id: copy.id } });
    throw new ApiError('service_unavailable', 'The job queue is unavailable; nothing was redelivered. Retry shortly.');
  }
  return deliveryView({ ...copy, attempts: [] });
}
