import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Links to a file that work without a key until the file expires: `?expires=<unix seconds>&signature=<hex>`,
 * an HMAC-SHA256 of the id and the expiry. Its key is derived (HKDF) from the server's sealing key, so there
 * is one secret to keep and a leaked link opens one file until its end of life, nothing else.
 */
export class FileLinkSigner {
  private readonly key: Buffer;

  constructor(
    masterKeyHex: string,
    private readonly baseUrl: string,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', Buffer.from(masterKeyHex, 'hex'), Buffer.alloc(0), 'pith signed file links v1', 32));
  }

  link(id: string, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    return `${this.baseUrl}/files/${id}?expires=${expires}&signature=${this.signature(id, expires)}`;
  }

  /** Whether `signature` is this server's for `id` until `expires`, and that time has not come. Constant time. */
  verify(id: string, expires: string, signature: string, now = Date.now()): boolean {
    if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
    const expected = Buffer.from(this.signature(id, Number(expires)), 'hex');
    const valid = timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    return valid && Number(expires) * 1000 > now;
  }

  private signature(id: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${id}\n${expires}`).digest('hex');
  }
}
