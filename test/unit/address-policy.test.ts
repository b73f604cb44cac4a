import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/extraction/address-policy.js';
import { assertFetchableUrl } from '../../src/extraction/safe-fetch.js';

describe('SSRF address policy', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1',
    '255.255.255.255', '::1', '::', 'fc00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '2002:7f00:1::', '64:ff9b::7f00:1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:93.184.216.34'])('allows public %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each(['http://2130706433/', 'http://0x7f000001/', 'http://0177.0.0.1/', 'http://127.1/', 'http://[::1]/', 'http://localhost/', 'http://api.localhost/'])(
    'refuses the odd encoding %s before connecting',
    (url) => {
      expect(() => assertFetchableUrl(url, false)).toThrowError(expect.objectContaining({ code: 'unsafe_url' }));
    },
  );

  it('lets everything through only when private targets are allowed', () => {
    expect(assertFetchableUrl('http://127.0.0.1:8080/x', true).href).toBe('http://127.0.0.1:8080/x');
  });

  it('refuses schemes other than http(s) and URLs with credentials', () => {
    expect(() => assertFetchableUrl('file:///etc/passwd', true)).toThrowError(expect.objectContaining({ code: 'invalid_request' }));
    expect(() => assertFetchableUrl('https://user:pw@example.com/', false)).toThrowError(expect.objectContaining({ code: 'invalid_request' }));
  });
});
