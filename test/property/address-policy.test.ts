import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { ipLiteral, isPublicAddress } from '../../src/net/address-policy.js';
import { assertFetchableUrl } from '../../src/net/fetchable-url.js';

/**
 * Property tests for the SSRF address classification (src/net/address-policy.ts) and the literal
 * checks of `assertFetchableUrl` (src/net/fetchable-url.ts). The ranges below are written out from the
 * IANA special-purpose registries (RFC 6890 and successors), independently of ipaddr.js, which the code uses.
 */

type Cidr4 = readonly [number, number, number, number, number];
/** IPv4 that is not globally reachable unicast: every one must be refused. */
const NON_PUBLIC_V4: readonly Cidr4[] = [
  [0, 0, 0, 0, 8], // "this network"
  [10, 0, 0, 0, 8], // private
  [100, 64, 0, 0, 10], // CGNAT
  [127, 0, 0, 0, 8], // loopback
  [169, 254, 0, 0, 16], // link-local (cloud metadata)
  [172, 16, 0, 0, 12], // private
  [192, 0, 0, 0, 24], // IETF protocol assignments
  [192, 0, 2, 0, 24], // TEST-NET-1
  [192, 88, 99, 0, 24], // 6to4 relay anycast (deprecated)
  [192, 168, 0, 0, 16], // private
  [198, 18, 0, 0, 15], // benchmarking
  [198, 51, 100, 0, 24], // TEST-NET-2
  [203, 0, 113, 0, 24], // TEST-NET-3
  [224, 0, 0, 0, 4], // multicast
  [240, 0, 0, 0, 4], // reserved, including 255.255.255.255
];
/** Globally reachable anycast that the code refuses too (harmless: nothing a page lives on). Neither side is asserted. */
const EITHER_V4: readonly Cidr4[] = [
  [192, 31, 196, 0, 24], // AS112
  [192, 175, 48, 0, 24], // AS112
  [192, 52, 193, 0, 24], // AMT
];

const toInt = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
const inCidr4 = (n: number, [a, b, c, d, bits]: Cidr4) => (bits === 0 ? true : n >>> (32 - bits) === toInt(a, b, c, d) >>> (32 - bits));
const octets = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255] as const;
const dotted = (n: number) => octets(n).join('.');

const inRange4 = (cidr: Cidr4) => {
  const [a, b, c, d, bits] = cidr;
  const size = 2 ** (32 - bits);
  return fc.integer({ min: 0, max: size - 1 }).map((offset) => (toInt(a, b, c, d) + offset) >>> 0);
};
/** Non-public IPv4, biased to range edges (first and last addresses) as well as the inside. */
const nonPublicV4 = fc.constantFrom(...NON_PUBLIC_V4).chain((cidr) => {
  const base = toInt(cidr[0], cidr[1], cidr[2], cidr[3]);
  const last = (base + 2 ** (32 - cidr[4]) - 1) >>> 0;
  return fc.oneof(fc.constant(base), fc.constant(last), inRange4(cidr));
});
const uint32 = fc.integer({ min: 0, max: 0xffffffff });
const publicV4 = uint32.filter((n) => !NON_PUBLIC_V4.some((c) => inCidr4(n, c)) && !EITHER_V4.some((c) => inCidr4(n, c)));

const hex = (n: number) => n.toString(16);
const hextets32 = (n: number) => `${hex(n >>> 16)}:${hex(n & 0xffff)}`;
const fullWidth = (s: string) => s.replace(/[0-9]/g, (digit) => String.fromCharCode(0xff10 + Number(digit)));
const percentEncoded = (s: string) => [...s].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join('');

/** Host spellings the WHATWG URL parser reads as IPv4 address n (all of them reach n when connected to). */
const V4_HOST_SPELLINGS: Record<string, (n: number) => string> = {
  dotted,
  'dotted with trailing dot': (n) => `${dotted(n)}.`,
  'decimal integer': (n) => String(n),
  'hex integer': (n) => `0x${hex(n)}`,
  'upper-case hex integer': (n) => `0X${hex(n).toUpperCase()}`,
  'octal integer': (n) => `0${n.toString(8)}`,
  'hex octets': (n) => octets(n).map((o) => `0x${hex(o)}`).join('.'),
  'octal octets': (n) => octets(n).map((o) => `0${o.toString(8)}`).join('.'),
  'mixed-radix octets': (n) => octets(n).map((o, i) => [`0x${hex(o)}`, `0${o.toString(8)}`, String(o)][i % 3]).join('.'),
  'three parts (a.b.cd)': (n) => `${n >>> 24}.${(n >>> 16) & 255}.${n & 0xffff}`,
  'two parts (a.bcd)': (n) => `${n >>> 24}.${n & 0xffffff}`,
  'full-width digits': (n) => fullWidth(dotted(n)),
  'percent-encoded': (n) => percentEncoded(dotted(n)),
  'IPv4-mapped IPv6, dotted': (n) => `[::ffff:${dotted(n)}]`,
  'IPv4-mapped IPv6, hex': (n) => `[::ffff:${hextets32(n)}]`,
  'IPv4-mapped IPv6, expanded upper-case': (n) => `[0:0:0:0:0:FFFF:${hextets32(n).toUpperCase()}]`,
};
/** Forms that embed an IPv4 address in IPv6 and are refused outright, whatever the IPv4 address. */
const V6_EMBEDDINGS: Record<string, (n: number) => string> = {
  'IPv4-translated ::ffff:0:a.b.c.d': (n) => `::ffff:0:${dotted(n)}`,
  'NAT64 64:ff9b::a.b.c.d': (n) => `64:ff9b::${hextets32(n)}`,
  'local NAT64 64:ff9b:1::': (n) => `64:ff9b:1::${hextets32(n)}`,
  '6to4 2002:wwxx:yyzz::': (n) => `2002:${hextets32(n)}::1`,
  'Teredo 2001:0::': (n) => `2001:0:${hextets32(n)}::${hex(~n & 0xffff)}`,
  // Found by this test and fixed: `::a.b.c.d`, which the URL parser serialises as `[::7f00:1]`, was public
  // unicast to ipaddr.js (isPublicAddress('::7f00:1') === true).
  'IPv4-compatible ::a.b.c.d': (n) => `::${hextets32(n)}`,
};

type Cidr6 = readonly [string, number];
/** IPv6 that must be refused (RFC 6890 / IANA special-purpose registry, plus site-local and IPv4-embedding prefixes). */
const NON_PUBLIC_V6: readonly Cidr6[] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated): embeds an IPv4 address
  ['::ffff:0:0', 96], // IPv4-mapped, judged by the IPv4 address (here arbitrary, so see the dedicated property)
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID, AMT …)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation (RFC 9637)
  ['5f00::', 16], // segment routing SIDs
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const words = (address: string) => (ipaddr.IPv6.parse(address) as ipaddr.IPv6).parts;
const inCidr6 = (parts: readonly number[], [prefix, bits]: Cidr6) => {
  const base = words(prefix);
  for (let i = 0; i < 8; i++) {
    const take = Math.max(0, Math.min(16, bits - i * 16));
    if (take === 0) return true;
    const mask = (0xffff << (16 - take)) & 0xffff;
    if ((parts[i]! & mask) !== (base[i]! & mask)) return false;
  }
  return true;
};
/** Eight 16-bit words, biased to 0 and 0xffff so that structured addresses (::x, ::ffff:x) show up. */
const word = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(0, 0xffff) }, { weight: 3, arbitrary: fc.integer({ min: 0, max: 0xffff }) });
const inRange6 = ([prefix, bits]: Cidr6) =>
  fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }).chain((random) =>
    fc.array(word, { minLength: 8, maxLength: 8 }).map((biased) => {
      const base = words(prefix);
      return base.map((b, i) => {
        const take = Math.max(0, Math.min(16, bits - i * 16));
        const mask = (0xffff << (16 - take)) & 0xffff;
        const filler = i % 2 === 0 ? random[i]! : biased[i]!;
        return (b & mask) | (filler & ~mask & 0xffff);
      });
    }),
  );
/** Textual forms of one IPv6 address: compressed, fully expanded, upper-case, zero-padded. */
const V6_SPELLINGS: Record<string, (parts: number[]) => string> = {
  compressed: (parts) => new ipaddr.IPv6(parts).toString(),
  expanded: (parts) => parts.map(hex).join(':'),
  'zero-padded upper-case': (parts) => parts.map((p) => hex(p).padStart(4, '0').toUpperCase()).join(':'),
};

/** Global unicast 2000::/3 without the special-purpose blocks inside it (and AS112v6, which the code also refuses). */
const publicV6 = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 })
  .map((parts) => [0x2000 | (parts[0]! & 0x1fff), ...parts.slice(1)])
  .filter((parts) => !NON_PUBLIC_V6.some((cidr) => inCidr6(parts, cidr)) && !inCidr6(parts, ['2620:4f:8000::', 48]));

const refusedAsUnsafe = (url: string) => {
  try {
    assertFetchableUrl(url, false);
    return false;
  } catch (err) {
    expect((err as { code?: string }).code, url).toBe('unsafe_url');
    return true;
  }
};

const numRuns = 300;

describe('SSRF address classification: properties', () => {
  it('refuses every non-public IPv4 address, as a bare address', () => {
    fc.assert(
      fc.property(nonPublicV4, (n) => {
        expect(isPublicAddress(dotted(n)), dotted(n)).toBe(false);
      }),
      { numRuns },
    );
  });

  it('refuses every non-public IPv4 address in every host spelling the URL parser accepts', () => {
    fc.assert(
      fc.property(nonPublicV4, fc.constantFrom(...Object.keys(V4_HOST_SPELLINGS)), fc.integer({ min: 1, max: 65535 }), (n, spelling, port) => {
        const url = `http://${V4_HOST_SPELLINGS[spelling]!(n)}:${port}/x`;
        expect(refusedAsUnsafe(url), `${spelling}: ${url}`).toBe(true);
      }),
      { numRuns },
    );
  });

  it('accepts every public IPv4 address, in every host spelling that reaches it', () => {
    fc.assert(
      fc.property(publicV4, fc.constantFrom(...Object.keys(V4_HOST_SPELLINGS)), (n, spelling) => {
        const url = `https://${V4_HOST_SPELLINGS[spelling]!(n)}/`;
        expect(isPublicAddress(dotted(n)), dotted(n)).toBe(true);
        expect(refusedAsUnsafe(url), `${spelling}: ${url}`).toBe(false);
      }),
      { numRuns },
    );
  });

  it('judges an IPv4-mapped IPv6 address exactly as the IPv4 address inside it', () => {
    fc.assert(
      fc.property(fc.oneof(nonPublicV4, publicV4), (n) => {
        const verdict = isPublicAddress(dotted(n));
        for (const form of [`::ffff:${dotted(n)}`, `::ffff:${hextets32(n)}`, `0:0:0:0:0:ffff:${hextets32(n)}`, `::FFFF:${hextets32(n).toUpperCase()}`]) {
          expect(isPublicAddress(form), form).toBe(verdict);
        }
      }),
      { numRuns },
    );
  });

  it('refuses IPv6 forms that can carry an IPv4 address (NAT64, 6to4, Teredo, translated), whatever the IPv4 address', () => {
    fc.assert(
      fc.property(fc.oneof(nonPublicV4, publicV4), fc.constantFrom(...Object.keys(V6_EMBEDDINGS)), (n, embedding) => {
        const address = V6_EMBEDDINGS[embedding]!(n);
        expect(isPublicAddress(address), `${embedding}: ${address}`).toBe(false);
        expect(refusedAsUnsafe(`http://[${address}]/`), `${embedding}: ${address}`).toBe(true);
      }),
      { numRuns },
    );
  });

  it('refuses every address in the non-public IPv6 ranges (::, ::1, fc00::/7, fe80::/10, ff00::/8, documentation …), in every spelling', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NON_PUBLIC_V6.filter(([prefix]) => prefix !== '::ffff:0:0')).chain((cidr) => inRange6(cidr).map((parts) => [cidr, parts] as const)),
        fc.constantFrom(...Object.keys(V6_SPELLINGS)),
        ([cidr, parts], spelling) => {
          const address = V6_SPELLINGS[spelling]!(parts);
          expect(isPublicAddress(address), `${address} in ${cidr.join('/')}`).toBe(false);
          expect(refusedAsUnsafe(`http://[${address}]:8080/`), `${address} in ${cidr.join('/')}`).toBe(true);
        },
      ),
      { numRuns },
    );
  });

  it('accepts random global unicast IPv6 addresses, in every spelling', () => {
    fc.assert(
      fc.property(publicV6, fc.constantFrom(...Object.keys(V6_SPELLINGS)), (parts, spelling) => {
        const address = V6_SPELLINGS[spelling]!(parts);
        expect(isPublicAddress(address), address).toBe(true);
        expect(refusedAsUnsafe(`https://[${address}]/`), address).toBe(false);
      }),
      { numRuns },
    );
  });

  it('never calls an IPv6 address public when it lies in a refused range (biased towards ::x and ::ffff:x shapes)', () => {
    // An IPv4-mapped address (::ffff:0:0/96) is judged as the IPv4 address inside it (the test above): public
    // only when that is. Every other refused range admits no public address.
    const mapped: Cidr6 = ['::ffff:0:0', 96];
    fc.assert(
      fc.property(fc.array(word, { minLength: 8, maxLength: 8 }), (parts) => {
        const address = new ipaddr.IPv6(parts).toString();
        if (!isPublicAddress(address)) return;
        if (inCidr6(parts, mapped)) expect(isPublicAddress(dotted(((parts[6]! << 16) | parts[7]!) >>> 0)), address).toBe(true);
        expect(NON_PUBLIC_V6.filter((cidr) => cidr[0] !== mapped[0] && inCidr6(parts, cidr)), address).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('agrees with ipaddr.js range() on IPv4: public exactly when the range is unicast', () => {
    fc.assert(
      fc.property(fc.oneof(uint32, nonPublicV4), (n) => {
        const isUnicast = ipaddr.IPv4.parse(dotted(n)).range() === 'unicast';
        expect(isPublicAddress(dotted(n)), dotted(n)).toBe(isUnicast);
        // …and the independent table agrees with ipaddr.js wherever the table has an opinion.
        if (NON_PUBLIC_V4.some((c) => inCidr4(n, c))) expect(isUnicast, dotted(n)).toBe(false);
        else if (!EITHER_V4.some((c) => inCidr4(n, c))) expect(isUnicast, dotted(n)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on arbitrary strings, and calls nothing public that is not an IP address', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: fc.constantFrom(...'0123456789abcdefx.:[]%'.split('')), maxLength: 40 })),
        (s) => {
          const verdict = isPublicAddress(s);
          if (verdict) expect(ipaddr.isValid(s), s).toBe(true);
          const literal = ipLiteral(s);
          if (literal !== undefined) expect(ipaddr.isValid(literal), s).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
