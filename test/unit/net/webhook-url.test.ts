import { describe, expect, it } from 'vitest';
import { assertWebhookUrl } from '../../../src/net/webhook-url.js';
import { ApiError } from '../../../src/contract/errors.js';

async function codeOf(url: string, allowPrivate = false): Promise<string> {
  try {
    await assertWebhookUrl(url, allowPrivate);
    return 'ok';
  } catch (err) {
    return err instanceof ApiError ? err.code : String(err);
  }
}

describe('webhook_url validation (contract: https, not a private host → 422 webhook_url_invalid)', () => {
  it.each([
    'http://93.184.216.34/hook', // not https
    'https://127.0.0.1/hook',
    'https://10.0.0.8/hook',
    'https://[::1]/hook',
    'https://169.254.169.254/latest',
    'https://localhost/hook', // resolves to loopback
    'https://user:pw@93.184.216.34/hook',
    'not a url',
    'ftp://93.184.216.34/',
  ])('refuses %s', async (url) => {
    expect(await codeOf(url)).toBe('webhook_url_invalid');
  });

  it('accepts an https URL on a public address', async () => {
    expect(await codeOf('https://93.184.216.34/hook')).toBe('ok');
  });

  it('lets local development use plain http on loopback only when private targets are allowed', async () => {
    expect(await codeOf('http://127.0.0.1:8080/hook', true)).toBe('ok');
  });
});
