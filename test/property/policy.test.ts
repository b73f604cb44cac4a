import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intersectDomains, policyViolation, stricterRobots, tighten, type Policy, type PolicyRequest } from '../../src/accounts/key-policy.js';
import { ROBOTS_MODES, type RobotsMode } from '../../src/contract/vocabulary.js';

/** Property tests for the tighten-only policy merge (src/accounts/key-policy.ts). */

// A tiny alphabet of labels so that generated patterns, hosts and URLs collide often.
const label = fc.constantFrom('a', 'b', 'ab', 'www', 'x-y');
const host = fc.tuple(fc.array(label, { minLength: 0, maxLength: 2 }), fc.constantFrom('com', 'org', 'a')).map(([labels, tld]) => [...labels, tld].join('.'));
/** How a person types a domain into a key or a request: any case, maybe a trailing dot or stray spaces. */
const sloppy = (arbitrary: fc.Arbitrary<string>) =>
  fc
    .tuple(arbitrary, fc.boolean(), fc.boolean(), fc.boolean())
    .map(([d, upper, dot, spaces]) => `${spaces ? ' ' : ''}${upper ? d.toUpperCase() : d}${dot ? '.' : ''}${spaces ? ' ' : ''}`);
const domainPattern = sloppy(fc.oneof(host, host.map((h) => `*.${h}`)));
const denyPattern = fc.oneof(
  fc.constantFrom('*/admin*', '*?secret=*', 'https://*', 'http://a.com/*', '*.org/*', '*://b.*', '*private*', '*'),
  fc.tuple(host, fc.constantFrom('/*', '/x*', '*')).map(([h, tail]) => `*${h}${tail}`),
);
const robots = fc.constantFrom(...ROBOTS_MODES);

const policy: fc.Arbitrary<Policy> = fc.record({
  allowDomains: fc.option(fc.array(domainPattern, { maxLength: 3 }), { nil: null }),
  denyPatterns: fc.array(denyPattern, { maxLength: 2 }),
  respectRobots: robots,
});
const request: fc.Arbitrary<PolicyRequest> = fc.record(
  {
    allow_domains: fc.array(domainPattern, { maxLength: 3 }),
    deny_patterns: fc.array(denyPattern, { maxLength: 2 }),
    respect_robots: robots,
  },
  { requiredKeys: [] },
);
const url = fc
  .tuple(fc.constantFrom('http', 'https', 'HTTPS'), sloppy(host).map((h) => h.trim()), fc.constantFrom('', ':8443'), fc.constantFrom('/', '/admin/x', '/x?secret=1', '/private', '/a.com/'))
  .map(([scheme, h, port, path]) => `${scheme}://${h}${port}${path}`);
const urls = fc.array(url, { minLength: 1, maxLength: 8 });

/** What a request alone would refuse, read as a policy of its own. */
const requestAsPolicy = (r: PolicyRequest): Policy => ({
  allowDomains: r.allow_domains?.length ? r.allow_domains : null,
  denyPatterns: r.deny_patterns ?? [],
  respectRobots: r.respect_robots ?? 'off',
});
const refuses = (p: Policy, u: string) => policyViolation(p, u) !== null;
const STRICTNESS: Record<RobotsMode, number> = { off: 0, advisory: 1, strict: 2 };

const numRuns = 500;

describe('policy merge (tighten-only): properties', () => {
  it('never lets a request admit a URL the key refuses', () => {
    fc.assert(
      fc.property(policy, request, urls, (key, req, us) => {
        const tightened = tighten(key, req);
        for (const u of us) if (refuses(key, u)) expect(refuses(tightened, u), u).toBe(true);
      }),
      { numRuns },
    );
  });

  it('refuses exactly what the key or the request refuses (no more, no less)', () => {
    fc.assert(
      fc.property(policy, request, urls, (key, req, us) => {
        const tightened = tighten(key, req);
        for (const u of us) expect(refuses(tightened, u), u).toBe(refuses(key, u) || refuses(requestAsPolicy(req), u));
      }),
      { numRuns },
    );
  });

  it('never weakens robots handling, and takes the stricter of key and request', () => {
    fc.assert(
      fc.property(policy, request, (key, req) => {
        const mode = tighten(key, req).respectRobots;
        expect(STRICTNESS[mode]).toBeGreaterThanOrEqual(STRICTNESS[key.respectRobots]);
        expect(STRICTNESS[mode]).toBe(Math.max(STRICTNESS[key.respectRobots], STRICTNESS[req.respect_robots ?? 'off']));
      }),
      { numRuns },
    );
  });

  it('stricterRobots is the maximum: commutative, idempotent, and one of its arguments', () => {
    fc.assert(
      fc.property(robots, robots, (a, b) => {
        expect(stricterRobots(a, b)).toBe(stricterRobots(b, a));
        expect(stricterRobots(a, a)).toBe(a);
        expect([a, b]).toContain(stricterRobots(a, b));
        expect(stricterRobots(a, undefined)).toBe(a);
        expect(stricterRobots(stricterRobots(a, b), b)).toBe(stricterRobots(a, b));
      }),
    );
  });

  it('is idempotent: tightening twice with the same request changes nothing', () => {
    fc.assert(
      fc.property(policy, request, urls, (key, req, us) => {
        const once = tighten(key, req);
        const twice = tighten(once, req);
        expect(twice.respectRobots).toBe(once.respectRobots);
        expect(twice.denyPatterns).toEqual(once.denyPatterns);
        expect(twice.allowDomains === null ? null : [...twice.allowDomains].sort()).toEqual(once.allowDomains === null ? null : [...once.allowDomains].sort());
        for (const u of us) expect(policyViolation(twice, u), u).toBe(policyViolation(once, u));
      }),
      { numRuns },
    );
  });

  it('leaves the key policy as it is when the request asks for nothing', () => {
    fc.assert(
      fc.property(policy, urls, (key, us) => {
        const same = tighten(key, {});
        expect(same.respectRobots).toBe(key.respectRobots);
        for (const u of us) expect(policyViolation(same, u), u).toBe(policyViolation(key, u));
      }),
      { numRuns },
    );
  });

  it('intersectDomains admits a host exactly when both lists admit it, in either order', () => {
    const admits = (domains: string[] | null, h: string) => !refuses({ allowDomains: domains, denyPatterns: [], respectRobots: 'off' }, `https://${h}/`);
    fc.assert(
      fc.property(fc.option(fc.array(domainPattern, { maxLength: 3 }), { nil: null }), fc.option(fc.array(domainPattern, { maxLength: 3 }), { nil: null }), fc.array(host, { minLength: 1, maxLength: 6 }), (a, b, hosts) => {
        for (const h of hosts) {
          const both = admits(a, h) && admits(b, h);
          expect(admits(intersectDomains(a, b), h), h).toBe(both);
          expect(admits(intersectDomains(b, a), h), h).toBe(both);
        }
      }),
      { numRuns },
    );
  });

  it("judges a URL the same however its host is spelled (case, trailing dots, explicit default port)", () => {
    fc.assert(
      fc.property(policy, host, fc.constantFrom('/', '/admin/x', '/x?secret=1', '/private'), fc.constantFrom('.', '..'), fc.boolean(), (p, h, path, dots, shout) => {
        const plain = `https://${h}${path}`;
        const respelled = `https://${shout ? h.toUpperCase() : h}${dots}:443${path}`;
        expect(policyViolation(p, respelled), respelled).toBe(policyViolation(p, plain));
      }),
      { numRuns },
    );
  });

  it('regressions found by these properties', () => {
    // A key's `*.com.` admits `com` at check time, but the merge compared the raw spelling: everything was refused.
    expect(tighten({ allowDomains: ['*.com.'], denyPatterns: [], respectRobots: 'off' }, { allow_domains: ['com'] }).allowDomains).toEqual(['com']);
    expect(intersectDomains(['*.com'], [' *.COM. '])).toEqual(['*.com']);
    expect(intersectDomains(['*.Example.com'], ['shop.example.com'])).toEqual(['shop.example.com']);
    // A trailing dot on the host slipped past deny globs (and `a.com..` was outside an allow list of `a.com`).
    expect(policyViolation({ allowDomains: null, denyPatterns: ['*://evil.com/*'], respectRobots: 'off' }, 'http://evil.com./x')).toBe('domain_denied');
    expect(policyViolation({ allowDomains: null, denyPatterns: ['*://evil.com/*'], respectRobots: 'off' }, 'http://EVIL.com..:80/x')).toBe('domain_denied');
    expect(policyViolation({ allowDomains: ['b.ab.a'], denyPatterns: [], respectRobots: 'off' }, 'https://b.ab.a..:443/')).toBeNull();
    // Tightening twice with the same request used to repeat its deny patterns (and duplicate requested domains).
    expect(tighten(tighten({ allowDomains: null, denyPatterns: [], respectRobots: 'off' }, { allow_domains: ['*.a.org', '*.A.org'] }), { allow_domains: ['*.a.org'] }).allowDomains).toEqual(['*.a.org']);
    const key: Policy = { allowDomains: null, denyPatterns: ['*/admin*'], respectRobots: 'off' };
    expect(tighten(tighten(key, { deny_patterns: ['*/admin*', '*x*'] }), { deny_patterns: ['*x*'] }).denyPatterns).toEqual(['*/admin*', '*x*']);
  });
});
