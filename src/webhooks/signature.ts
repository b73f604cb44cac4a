import { createHmac } from 'node:crypto';

/** Delivery headers (decisions: the contract's `X-Service-*` names with Pith's own name). */
export const DELIVERY_ID_HEADER = 'X-Pith-Delivery-Id';
export const TIMESTAMP_HEADER = 'X-Pith-Timestamp';
export const SIGNATURE_HEADER = 'X-Pith-Signature';

const SECRET_PATTERN = /^whsec_([0-9a-f]{64})$/;

/** The HMAC key: the 32 bytes decoded from the hex body of `whsec_<64 hex>`. */
export function signingKeyOf(secret: string): Buffer {
  const hex = SECRET_PATTERN.exec(secret)?.[1];
  if (!hex) throw new Error('A webhook signing secret is `whsec_` followed by 64 lowercase hex characters');
  return Buffer.from(hex, 'hex');
}

export interface SignatureInput {
  deliveryId: string;
  /** Unix seconds when this attempt is signed. */
  timestamp: number;
  body: string;
  secret: string;
}

/** `v1,<base64 HMAC-SHA256 of "<delivery_id>.<timestamp>.<raw body>">` (the Standard Webhooks form). */
export function signWebhook({ deliveryId, timestamp, body, secret }: SignatureInput): string {
  const mac = createHmac('sha256', signingKeyOf(secret)).update(`${deliveryId}.${timestamp}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}
