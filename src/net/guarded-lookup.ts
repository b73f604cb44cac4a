import type { LookupAddress } from 'node:dns';
import type { AddressPolicy } from './address-policy.js';
import { resolveAndCheck, type HostRefusal } from './resolve-and-check.js';

/** `code` of the lookup error a refused address fails the connection with. */
export const ADDRESS_REFUSED = 'EPITHUNSAFE';

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function lookupError(hostname: string, refusal: HostRefusal): NodeJS.ErrnoException {
  switch (refusal.kind) {
    case 'dns_failed':
      return refusal.error;
    case 'no_address':
      return Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
    case 'refused':
      return Object.assign(new Error(`${hostname} resolves to a non-public address (${refusal.address})`), { code: ADDRESS_REFUSED });
  }
}

/**
 * DNS resolution for undici's outgoing connections: every address a name resolves to must pass the
 * policy, and the connection is made to the address checked here (no second lookup an attacker could rebind).
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    void resolveAndCheck(hostname, policy).then((checked) => {
      if (!checked.allowed) return callback(lookupError(hostname, checked.refusal), []);
      const first = checked.addresses[0] as LookupAddress;
      if (options.all) return callback(null, [first]);
      return callback(null, first.address, first.family);
    });
  };
}
