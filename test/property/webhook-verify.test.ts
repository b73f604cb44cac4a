import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/webhooks/signature.js';
import { PithWebhookVerificationError, verifyPithWebhook } from '../../src/webhooks/verify.js';

/** Property tests for webhook signing (src/webhooks/signature.ts) and receiver-side verification (src/webhooks/verify.ts). */

const secret = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => `whsec_${Buffer.from(bytes).toString('hex')}`);
const twoSecrets = fc.tuple(secret, secret).filter(([a, b]) => a !== b);
const deliveryId = fc.oneof(fc.uuid(), fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }));
const timestamp = fc.integer({ min: 1_000_000_000, max: 4_000_000_000 });
const body = fc.oneof(fc.json({ maxDepth: 3 }), fc.string({ unit: 'binary', maxLength: 200 }));
const withinTolerance = fc.tuple(fc.integer({ min: -300, max: 300 }), fc.integer({ min: 0, max: 999 }));
/** The receiver's framework may spell header names in any case. */
const nameCase = fc.constantFrom((s: string) => s, (s: string) => s.toLowerCase(), (s: string) => s.toUpperCase());

interface Delivery {
  id: string;
  ts: number;
  body: string;
  secret: string;
}
const headersOf = (d: Delivery, spell: (s: string) => string = (s) => s, overrides: { id?: string; ts?: string; signature?: string } = {}) => ({
  [spell('X-Pith-Delivery-Id')]: overrides.id ?? d.id,
  [spell('X-Pith-Timestamp')]: overrides.ts ?? String(d.ts),
  [spell('X-Pith-Signature')]: overrides.signature ?? signWebhook({ deliveryId: d.id, timestamp: d.ts, body: d.body, secret: d.secret }),
});
const nowFor = (ts: number, [drift, ms]: [number, number]) => new Date((ts + drift) * 1000 + ms);

/** The reason verification failed, or 'ok' / 'bad_body' … ; anything but a PithWebhookVerificationError is rethrown. */
function outcome(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (err) {
    if (err instanceof PithWebhookVerificationError) return err.reason;
    throw err;
  }
}
const isJson = (s: string) => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};
/** Verified: either the payload came back, or only the JSON parse failed (the signature itself matched). */
const verified = (reason: string, text: string) => expect(reason).toBe(isJson(text) ? 'ok' : 'bad_body');

const numRuns = 300;

describe('webhook signature verification: properties', () => {
  it('verifies what was signed, for any payload, delivery id and timestamp within 300 s, as a string or as bytes', () => {
    fc.assert(
      fc.property(deliveryId, timestamp, body, secret, withinTolerance, nameCase, (id, ts, text, key, drift, spell) => {
        const d = { id, ts, body: text, secret: key };
        const now = nowFor(ts, drift);
        verified(outcome(() => verifyPithWebhook({ rawBody: text, headers: headersOf(d, spell), secrets: [key], now })), text);
        verified(outcome(() => verifyPithWebhook({ rawBody: new TextEncoder().encode(text), headers: headersOf(d, spell), secrets: [key], now })), text);
        if (isJson(text)) expect(verifyPithWebhook({ rawBody: text, headers: headersOf(d), secrets: [key], now })).toEqual(JSON.parse(text));
      }),
      { numRuns },
    );
  });

  it('verifies through a fetch Headers object too', () => {
    fc.assert(
      fc.property(fc.uuid(), timestamp, fc.json({ maxDepth: 2 }), secret, withinTolerance, (id, ts, text, key, drift) => {
        const headers = new Headers(headersOf({ id, ts, body: text, secret: key }));
        expect(verifyPithWebhook({ rawBody: text, headers, secrets: [key], now: nowFor(ts, drift) })).toEqual(JSON.parse(text));
      }),
      { numRuns: 100 },
    );
  });

  it('refuses the delivery when any single byte of the body changes', () => {
    fc.assert(
      fc.property(deliveryId, timestamp, body, secret, fc.nat(), fc.integer({ min: 1, max: 255 }), (id, ts, text, key, at, xor) => {
        const bytes = new TextEncoder().encode(text);
        fc.pre(bytes.length > 0);
        const tampered = bytes.slice();
        tampered[at % bytes.length]! ^= xor;
        const reason = outcome(() => verifyPithWebhook({ rawBody: tampered, headers: headersOf({ id, ts, body: text, secret: key }), secrets: [key], now: nowFor(ts, [0, 0]) }));
        expect(reason).toBe('bad_signature');
      }),
      { numRuns },
    );
  });

  /** `s` with the character at `at` replaced by a different one. */
  const changeOne = (s: string, at: number, replacement: string) => {
    const i = at % s.length;
    return s.slice(0, i) + replacement + s.slice(i + 1);
  };
  const printable = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFxyzXYZ+/=-_,. v'.split('')), minLength: 1, maxLength: 1 });

  it('refuses the delivery when any single character of the delivery id changes', () => {
    fc.assert(
      fc.property(deliveryId, timestamp, fc.json({ maxDepth: 1 }), secret, fc.nat(), fc.oneof(printable, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), (id, ts, text, key, at, ch) => {
        const changed = changeOne(id, at, ch);
        fc.pre(changed !== id);
        const d = { id, ts, body: text, secret: key };
        expect(outcome(() => verifyPithWebhook({ rawBody: text, headers: headersOf(d, undefined, { id: changed }), secrets: [key], now: nowFor(ts, [0, 0]) }))).toBe('bad_signature');
      }),
      { numRuns },
    );
  });

  it('refuses the delivery when any single character of the timestamp changes', () => {
    fc.assert(
      fc.property(deliveryId, timestamp, fc.json({ maxDepth: 1 }), secret, fc.nat(), printable, withinTolerance, (id, ts, text, key, at, ch, drift) => {
        const changed = changeOne(String(ts), at, ch);
        fc.pre(changed !== String(ts));
        const d = { id, ts, body: text, secret: key };
        // Even a change that stays within the tolerance (last digit) must not verify: the timestamp is signed.
        const reason = outcome(() => verifyPithWebhook({ rawBody: text, headers: headersOf(d, undefined, { ts: changed }), secrets: [key], now: nowFor(ts, drift) }));
        expect(['bad_signature', 'bad_timestamp', 'timestamp_out_of_tolerance']).toContain(reason);
      }),
      { numRuns },
    );
  });

  it('refuses the delivery when any single character of the signature changes', () => {
    fc.assert(
      fc.property(deliveryId, timestamp, fc.json({ maxDepth: 1 }), secret, fc.nat(), printable, (id, ts, text, key, at, ch) => {
        const d = { id, ts, body: text, secret: key };
        const signature = headersOf(d)['X-Pith-Signature']!;
        const changed = changeOne(signature, at, ch);
        fc.pre(changed !== signature);
        expect(outcome(() => verifyPithWebhook({ rawBody: text, headers: headersOf(d, undefined, { signature: changed }), secrets: [key], now: nowFor(ts, [0, 0]) })), changed).toBe('bad_signature');
      }),
      { numRuns },
    );
  });

  it('refuses timestamps more than 300 s away from now, in either direction, even when correctly signed', () => {
    fc.assert(
      fc.property(deliveryId, timestamp, fc.json({ maxDepth: 1 }), secret, fc.integer({ min: 301, max: 10_000_000 }), fc.boolean(), fc.integer({ min: 0, max: 999 }), (id, ts, text, key, away, future, ms) => {
        const d = { id, ts, body: text, secret: key };
        const now = nowFor(ts, [future ? -away : away, ms]);
        expect(outcome(() => verifyPithWebhook({ rawBody: text, headers: headersOf(d), secrets: [key], now }))).toBe('timestamp_out_of_tolerance');
      }),
      { numRuns },
    );
  });

  it('accepts a delivery signed with either secret during a rotation, and refuses one signed with neither', () => {
    fc.assert(
      fc.property(deliveryId, timestamp, fc.json({ maxDepth: 1 }), twoSecrets, secret, fc.boolean(), withinTolerance, (id, ts, text, [current, previous], stranger, signedWithCurrent, drift) => {
        fc.pre(stranger !== current && stranger !== previous);
        const d = { id, ts, body: text, secret: signedWithCurrent ? current : previous };
        const now = nowFor(ts, drift);
        for (const secrets of [[current, previous], [previous, current]]) expect(outcome(() => verifyPithWebhook({ rawBody: text, headers: headersOf(d), secrets, now }))).toBe('ok');
        expect(outcome(() => verifyPithWebhook({ rawBody: text, headers: headersOf(d), secrets: [stranger], now }))).toBe('bad_signature');
        expect(outcome(() => verifyPithWebhook({ rawBody: text, headers: headersOf(d), secrets: [stranger, signedWithCurrent ? previous : current], now }))).toBe('bad_signature');
      }),
      { numRuns },
    );
  });

  it('never throws anything but a verification error on garbage headers, bodies and secrets, and never accepts them', () => {
    const headerName = fc.oneof(fc.constantFrom('X-Pith-Delivery-Id', 'x-pith-timestamp', 'X-PITH-SIGNATURE', 'content-type'), fc.string({ maxLength: 20 }));
    const headerValue = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.stringMatching(/^\d{0,14}$/),
      fc.string({ unit: fc.constantFrom(...'v1,AQZz+/=- '.split('')), maxLength: 60 }),
      fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }),
      fc.constant(undefined),
    );
    const secrets = fc.array(fc.oneof(secret, fc.string({ maxLength: 80 }), secret.map((s) => ` ${s.toUpperCase().replace('WHSEC_', 'whsec_')} `)), { maxLength: 3 });
    fc.assert(
      fc.property(
        fc.dictionary(headerName, headerValue, { maxKeys: 6 }),
        fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.uint8Array({ maxLength: 80 })),
        secrets,
        fc.option(fc.integer({ min: 0, max: 2 ** 40 }), { nil: undefined }),
        (headers, rawBody, keys, nowSeconds) => {
          const now = nowSeconds === undefined ? undefined : new Date(nowSeconds * 1000);
          expect(outcome(() => verifyPithWebhook({ rawBody, headers, secrets: keys, now }))).not.toBe('ok');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('regression: other spellings of the same MAC are refused (padding dropped, URL-safe alphabet, unused low bits)', () => {
    const d = { id: '00000000-0000-1000-8000-000000000000', ts: 1_000_000_000, body: 'false', secret: `whsec_${'0'.repeat(64)}` };
    const signature = headersOf(d)['X-Pith-Signature']!; // v1,PnsJ0nuZPSrgsV6y/3yROzxzM9Dmi8rzIOev595PvHE=
    const now = nowFor(d.ts, [0, 0]);
    const check = (s: string) => outcome(() => verifyPithWebhook({ rawBody: d.body, headers: headersOf(d, undefined, { signature: s }), secrets: [d.secret], now }));
    expect(check(signature)).toBe('ok');
    expect(check(`v0,garbage ${signature}`)).toBe('ok');
    expect(check(signature.replace(/=$/, ' '))).toBe('bad_signature'); // found by the property above: `=` → space
    expect(check(signature.replace(/=$/, ''))).toBe('bad_signature');
    expect(check(signature.replace('/', '_'))).toBe('bad_signature');
    expect(check(signature.replace(/E=$/, 'F='))).toBe('bad_signature'); // E and F differ only in bits the 32-byte MAC does not use
  });
});
