import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { ipLiteral, type AddressPolicy } from './address-policy.js';

/** Every address a name resolves to, in the resolver's order. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export const resolveAll: ResolveAll = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Why a host may not be connected to; each caller words it for its own error. */
export type HostRefusal =
  | { kind: 'dns_failed'; error: NodeJS.ErrnoException }
  | { kind: 'no_address' }
  | { kind: 'refused'; address: string };

/** The addresses checked (connect to these and no others), or why the host is refused. */
export type HostCheck = { allowed: true; addresses: LookupAddress[] } | { allowed: false; refusal: HostRefusal };

const refuse = (refusal: HostRefusal): HostCheck => ({ allowed: false, refusal });

/**
 * The one SSRF check of a host: an IP literal is judged as it is, a name by every address DNS gives
 * for it (one refused address refuses the host, so a mixed answer cannot be raced).
 */
export async function resolveAndCheck(hostname: string, policy: AddressPolicy, resolve: ResolveAll = resolveAll): Promise<HostCheck> {
  const literal = ipLiteral(hostname);
  let addresses: LookupAddress[];
  try {
    addresses = literal ? [{ address: literal, family: ipaddr.parse(literal).kind() === 'ipv6' ? 6 : 4 }] : await resolve(hostname);
  } catch (err) {
    return refuse({ kind: 'dns_failed', error: err as NodeJS.ErrnoException });
  }
  const refused = addresses.find((a) => !policy(a.address));
  if (refused) return refuse({ kind: 'refused', address: refused.address });
  if (addresses.length === 0) return refuse({ kind: 'no_address' });
  return { allowed: true, addresses };
}
