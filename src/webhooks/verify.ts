/**
 * Webhook verification for receivers lives in the TypeScript client (`pith-client`), the one
 * implementation of the contract's rules; the server's tests verify real deliveries with it.
 */
export { PithWebhookVerificationError, verifyPithWebhook, type PithJobCompletedEvent, type VerifyPithWebhookInput } from '../../clients/typescript/src/webhooks.js';
