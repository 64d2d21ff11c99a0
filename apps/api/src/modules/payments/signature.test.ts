import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { SignatureError, signPayload, verifySignature, verifyStripeSignature } from './signature';

const secret = 'whsec_test_secret';
const payload = '{"id":"evt_1","object":"event"}';

// The same vectors for both checks: the local provider's own and Stripe's library (stripe.webhooks.constructEvent).
describe.each([
  { name: 'local provider', verify: verifySignature },
  { name: 'Stripe provider (stripe.webhooks.constructEvent)', verify: verifyStripeSignature },
])('Stripe-Signature (Stripe documented scheme): $name', ({ verify: verifySignature }) => {
  it('signs t=<ts>,v1=HMAC-SHA256(secret, "<ts>.<payload>") in hex', () => {
    const header = signPayload(payload, secret, 1700000000);
    const expected = createHmac('sha256', secret).update(`1700000000.${payload}`).digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected}`);
    expect(() => verifySignature(payload, header, secret, { now: 1700000010 })).not.toThrow();
  });

  it('accepts any matching v1 among several (secret rotation)', () => {
    const good = signPayload(payload, secret, 1700000000).split(',')[1];
    expect(() => verifySignature(payload, `t=1700000000,v1=${'0'.repeat(64)},${good}`, secret, { now: 1700000000 })).not.toThrow();
  });

  it('refuses a changed body, another secret, a missing or malformed header', () => {
    const header = signPayload(payload, secret, 1700000000);
    expect(() => verifySignature(payload.replace('evt_1', 'evt_2'), header, secret, { now: 1700000000 })).toThrow(/no coincide/);
    expect(() => verifySignature(payload, header, 'whsec_other', { now: 1700000000 })).toThrow(SignatureError);
    expect(() => verifySignature(payload, undefined, secret)).toThrow(/Falta/);
    expect(() => verifySignature(payload, 'v1=abc', secret)).toThrow(/no es válido/);
    expect(() => verifySignature(payload, 't=abc,v1=abc', secret)).toThrow(/no es válido/);
  });

  it('refuses a stale timestamp beyond the 300 s tolerance', () => {
    const header = signPayload(payload, secret, 1700000000);
    expect(() => verifySignature(payload, header, secret, { now: 1700000301 })).toThrow(/tolerancia/);
    expect(() => verifySignature(payload, header, secret, { now: 1700000300 })).not.toThrow();
  });

  it("accepts the header Stripe's own test signer makes", () => {
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: 1700000000 });
    expect(header).toBe(signPayload(payload, secret, 1700000000));
    expect(() => verifySignature(payload, header, secret, { now: 1700000100 })).not.toThrow();
  });
});

describe('a timestamp from the future', () => {
  it('the local provider refuses it beyond the tolerance; Stripe accepts it, as its library does', () => {
    const header = signPayload(payload, secret, 1700000000);
    expect(() => verifySignature(payload, header, secret, { now: 1699999699 })).toThrow(/tolerancia/);
    expect(() => verifyStripeSignature(payload, header, secret, { now: 1699999699 })).not.toThrow();
  });
});
