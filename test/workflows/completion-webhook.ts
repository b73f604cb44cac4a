// A stand-in for the end of a job workflow: it calls the helper the bulk and crawl workflows call.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- test workflows may run Pith's own workflow code
import { startCompletionWebhook, webhookDeliveryWorkflow } from '../../workflows/webhook-delivery.js';

export { webhookDeliveryWorkflow };

export async function finishJobWithWebhook(jobId: string): Promise<void> {
  await startCompletionWebhook(jobId);
}
