import { ApiError } from '../contract/errors.js';

/**
 * A key's fetch policy (decisions "Policies"): allowed domains (exact host or `*.example.com`; empty =
 * all), denied URL globs (`*` wildcard on the full URL), and robots.txt handling. A request may tighten
 * it — intersect allowed domains, add denials, ask for stricter robots handling — never loosen it.
 */

import type { RobotsMode } from '../contract/vocabulary.js';


export interface Policy {
  /** null: every domain; []: none. */
  allowDomains: string[] | null;
  denyPatterns: string[];
  respectRobots: RobotsMode;
}

export interface PolicyRequest {
  allow_domains?: string[] | undefined;
  deny_patterns?: string[] | undefined;
  respect_robots?: RobotsMode | undefined;
}

export function policyOfKey(key: { allowDomains: string[]; denyPatterns: string[]; respectRobots: RobotsMode }): Policy {
  return { allowDomains: key.allowDomains.length > 0 ? key.allowDomains : null, denyPatterns: key.denyPatterns, respectRobots: key.respectRobots };
}

const normaliseDomain = (d: string) => d.trim().toLowerCase().replace(/\.+$/, '');

/** Does domain pattern `outer` admit every host `inner` admits? */
function covers(outer: string, inner: string): boolean {
  if (outer === inner) return true;
  if (!outer.startsWith('*.')) return false;
  const suffix = outer.slice(2);
  const innerBase = inner.startsWith('*.') ? inner.slice(2) : inner;
  return innerBase === suffix || innerBase.endsWith(`.${suffix}`);
}

/**
 * The hosts both lists admit, as patterns. Both sides are compared in the normalised form the check uses
 * (`policyViolation`): a key's `*.Example.com.` and a request's `example.com` have `example.com` in common.
 */
export function intersectDomains(a: string[] | null, b: string[] | null): string[] | null {
  if (a === null && b === null) return null;
  const left = a === null ? null : [...new Set(a.map(normaliseDomain))];
  const right = b === null ? null : [...new Set(b.map(normaliseDomain))];
  if (left === null) return right;
  if (right === null) return left;
  const kept = new Set<string>();
  for (const q of right) if (left.some((p) => covers(p, q))) kept.add(q);
  for (const p of left) if (right.some((q) => covers(q, p))) kept.add(p);
  return [...kept];
}

const STRICTNESS: Record<RobotsMode, number> = { off: 0, advisory: 1, strict: 2 };

/** The stricter of two robots modes. */
export function stricterRobots(a: RobotsMode, b: RobotsMode | undefined): RobotsMode {
  return b !== undefined && STRICTNESS[b] > STRICTNESS[a] ? b : a;
}

/** Applies what a request asks on top of a key's policy; anything looser is ignored, never applied. */
export function tighten(base: Policy, request: PolicyRequest): Policy {
  const requested = request.allow_domains?.length ? request.allow_domains.map(normaliseDomain) : null;
  return {
    allowDomains: intersectDomains(base.allowDomains, requested),
    // A set: tightening twice with the same request adds nothing the second time.
    denyPatterns: [...new Set([...base.denyPatterns, ...(request.deny_patterns ?? [])])],
    respectRobots: stricterRobots(base.respectRobots, request.respect_robots),
  };
}

function hostAllowed(pattern: string, host: string): boolean {
  if (!pattern.startsWith('*.')) return host === pattern;
  const suffix = pattern.slice(2);
  // `*.example.com` admits the apex too: a site's own pages are rarely what a key means to exclude.
  return host === suffix || host.endsWith(`.${suffix}`);
}

const globCache = new Map<string, RegExp>();

export function globMatches(pattern: string, url: string): boolean {
  let regex = globCache.get(pattern);
  if (!regex) {
    regex = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i');
    if (globCache.size > 10_000) globCache.clear();
    globCache.set(pattern, regex);
  }
  return regex.test(url);
}

/** The first policy violation of a URL, or null. */
export function policyViolation(policy: Policy, rawUrl: string): 'domain_denied' | 'domain_not_allowed' | null {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null; // validation reports malformed URLs
  }
  const host = normaliseDomain(url.hostname);
  // `evil.com.` is `evil.com` to DNS: deny globs also see the URL with its host's trailing dots removed.
  let canonical = url.href;
  if (host !== url.hostname) {
    const withoutDots = new URL(url.href);
    withoutDots.hostname = host;
    canonical = withoutDots.href;
  }
  const denied = (pattern: string) => globMatches(pattern, url.href) || globMatches(pattern, rawUrl) || globMatches(pattern, canonical);
  if (policy.denyPatterns.some(denied)) return 'domain_denied';
  if (policy.allowDomains !== null && !policy.allowDomains.some((pattern) => hostAllowed(normaliseDomain(pattern), host))) return 'domain_not_allowed';
  return null;
}

/** 403 naming the first URL the policy refuses (checked for every URL before anything is queued). */
export function assertUrlsAllowed(policy: Policy, urls: readonly string[], field = 'url'): void {
  urls.forEach((url, index) => {
    const violation = policyViolation(policy, url);
    if (!violation) return;
    const where = urls.length > 1 || field !== 'url' ? `${field}.${index}` : field;
    const reason = violation === 'domain_denied' ? 'matches a deny_patterns rule of this key' : "is outside this key's allow_domains";
    throw new ApiError(violation, `${where}: ${url} ${reason}`);
  });
}
