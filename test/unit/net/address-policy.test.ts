import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../../src/net/address-policy.js';
import { assertFetchableUrl } from '../../../src/net/fetchable-url.js';

describe('SSRF address policy', () => {
  it.each([
    // IPv4: loopback, private, link-local (cloud metadata), CGNAT, unspecified, multicast, broadcast, reserved, test nets
    '127.0.0.1', '127.255.255.254', '10.1.2.3', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.1.1',
    '169.254.169.254', '169.254.0.1', '100.64.0.1', '100.127.255.255', '0.0.0.0', '0.1.2.3', '224.0.0.1', '239.255.255.250',
    '255.255.255.255', '240.0.0.1', '192.0.0.1', '192.0.2.1', '198.18.0.1', '198.51.100.7', '203.0.113.9',
    // IPv6: loopback, unspecified, ULA, link-local, multicast, documentation, and IPv4 smuggled in IPv6 forms
    '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '2001:db8::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:0001', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '2002:7f00:1::', '64:ff9b::7f00:1', '2001::1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:93.184.216.34'])('allows public %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    'http://2130706433/', 'http://0x7f000001/', 'http://0177.0.0.1/', 'http://127.1/', 'http://0x7f.0x0.0x0.0x1/',
    'http://017700000001/', 'http://127.000.000.001/', 'http://0/', 'http://１２７.0.0.1/', 'http://[::1]/', 'http://[::ffff:7f00:1]/',
    'http://[0:0:0:0:0:ffff:127.0.0.1]/', 'http://localhost/', 'http://LOCALHOST:8080/', 'http://api.localhost/', 'https://169.254.169.254/latest/meta-data/',
  ])(
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
