import ipaddr from 'ipaddr.js';

/**
 * Whether an outgoing connection may go to `address`: the one SSRF rule that page fetches, robots.txt,
 * the browser's guard and webhooks all apply. Injectable so tests can allow one loopback address.
 */
export type AddressPolicy = (address: string) => boolean;

const anyAddress: AddressPolicy = () => true;

/** Public addresses only, unless private targets are allowed (local development and tests only). */
export function addressPolicyFor(allowPrivate: boolean): AddressPolicy {
  return allowPrivate ? anyAddress : isPublicAddress;
}

/**
 * Which IP addresses a fetch may connect to. Only globally routable unicast is public; everything
 * else (loopback, private, link-local, CGNAT, ULA, multicast, reserved, unspecified, documentation,
 * and IPv4 hidden inside IPv6 forms) is refused unless private targets are explicitly allowed.
 */
const PUBLIC_RANGES = new Set(['unicast']);

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // ::ffff:a.b.c.d and friends: judge the embedded IPv4 address.
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else {
      const range = v6.range();
      // 6to4, Teredo, NAT64 and IPv4-compatible forms can smuggle any IPv4 address; refuse them outright.
      if (range !== 'unicast') return false;
      // ipaddr.js calls the deprecated IPv4-compatible block ::/96 (`::127.0.0.1` = `::7f00:1`) unicast:
      // no public host lives there, and it embeds an IPv4 address (found by the SSRF property test).
      if (v6.parts.slice(0, 6).every((part) => part === 0)) return false;
    }
  }
  return PUBLIC_RANGES.has(parsed.range());
}

/** A hostname that is an IP literal (after WHATWG URL parsing, which normalises decimal/hex/octal IPv4). */
export function ipLiteral(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : undefined;
}
