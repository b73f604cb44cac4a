import { readFileSync } from 'node:fs';
import { Context } from '@temporalio/activity';
import type { Db } from '../src/db/prisma.js';
import type { Config } from '../src/config/config.js';
import { userAgent } from '../src/config/config.js';
import { requireWebhookEncryptionKey } from '../src/config/runtime-env.js';
import { FileLinkSigner } from '../src/files/signed-links.js';
import { SecretBox, currentWebhookSecret } from '../src/accounts/webhook-secret.js';
import { beginAttempt, closeInterruptedAttempt, createCompletionDelivery, deadLetterDelivery, finishAttempt } from '../src/webhooks/deliveries.js';
import { sendWebhookAttempt, type AttemptOutcome } from '../src/webhooks/send-attempt.js';
import { webhookAttempts, webhookDeadLettered } from '../src/observability/metrics.js';
import { log } from '../src/observability/logger.js';
import type { WebhookActivities, WebhookAttemptInput } from '../workflows/activities.js';

export interface WebhookActivityDeps {
  db: Db;
  cfg: Config;
}

/** Heartbeats while `work` runs, so a worker that dies mid-attempt is noticed in seconds (heartbeat timeout), not at the activity's time limit. */
async function withHeartbeats<T>(work: () => Promise<T>): Promise<T> {
  const context = Context.current();
  const timer = setInterval(() => context.heartbeat(), 1000);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

export function createWebhookActivities({ db, cfg }: WebhookActivityDeps): WebhookActivities {
  // Built on first use: a worker without WEBHOOK_ENCRYPTION_KEY still runs jobs, and its attempts fail visibly.
  let box: SecretBox | undefined;
  const secretBox = () => (box ??= new SecretBox(requireWebhookEncryptionKey(cfg)));
  let extraCa: string | undefined;
  const trustedExtraCa = () => (cfg.WEBHOOK_CA_FILE ? (extraCa ??= readFileSync(cfg.WEBHOOK_CA_FILE, 'utf8')) : undefined);

  return {
    /** Creates the job's `job.completed` delivery once (null: the job has no webhook_url). */
    async prepareJobWebhook({ jobId }: { jobId: string }): Promise<{ deliveryId: string } | null> {
      // Screenshot links in the results are signed with the same key; without it the results carry file ids only.
      const fileLinks = cfg.WEBHOOK_ENCRYPTION_KEY ? new FileLinkSigner(cfg.WEBHOOK_ENCRYPTION_KEY, cfg.BASE_URL) : undefined;
      return createCompletionDelivery(db, jobId, cfg.BASE_URL, fileLinks);
    },

    /**
     * One attempt, run exactly once by its workflow (no activity retries: the schedule is the retry).
     * Signs with the account's current secret, records the attempt before and after sending.
     */
    attemptWebhookDelivery({ deliveryId, attempt }: WebhookAttemptInput): Promise<{ succeeded: boolean; gone?: true }> {
      return withHeartbeats(async () => {
        const delivery = await beginAttempt(db, deliveryId, attempt);
        if (!delivery) {
          webhookAttempts.inc({ outcome: 'gone' });
          return { succeeded: false, gone: true };
        }
        const secret = await currentWebhookSecret(db, secretBox(), delivery.accountId);
        const extra = trustedExtraCa();
        const outcome: AttemptOutcome = secret
          ? await sendWebhookAttempt({
              url: delivery.url,
              deliveryId,
              body: delivery.body,
              secret,
              timeoutMs: cfg.WEBHOOK_TIMEOUT_MS,
              allowPrivate: cfg.ALLOW_PRIVATE_TARGETS,
              userAgent: userAgent(cfg),
              ...(extra ? { extraCa: extra } : {}),
            })
          : { succeeded: false, statusCode: null, error: 'not sent: the account has no webhook signing secret', durationMs: 0 };
        await finishAttempt(db, deliveryId, attempt, outcome);
        webhookAttempts.inc({ outcome: outcome.succeeded ? 'delivered' : secret ? 'failed' : 'not_sent' });
        // The receiver's URL is the account's own; only the outcome is logged, never the signed body.
        log()[outcome.succeeded ? 'info' : 'warn']({ deliveryId, attempt, statusCode: outcome.statusCode, error: outcome.error, ms: outcome.durationMs }, 'webhook attempt');
        return { succeeded: outcome.succeeded };
      });
    },

    /** Records an attempt that never reported back; returns its outcome if it had in fact recorded one. */
    async closeInterruptedWebhookAttempt({ deliveryId, attempt, reason }: WebhookAttemptInput & { reason: string }): Promise<{ succeeded: boolean }> {
      return closeInterruptedAttempt(db, deliveryId, attempt, reason);
    },

    async deadLetterWebhookDelivery({ deliveryId }: { deliveryId: string }): Promise<void> {
      await deadLetterDelivery(db, deliveryId);
      webhookDeadLettered.inc();
      log().warn({ deliveryId }, 'webhook delivery dead-lettered');
    },
  };
}
