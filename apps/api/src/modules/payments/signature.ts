import { createHmac, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';

/** Stripe's default tolerance between the signed timestamp and now. */
export const SIGNATURE_TOLERANCE_S = 300;

export class SignatureError extends Error {}

/** A webhook signature check: throws SignatureError with a Spanish reason. */
export type SignatureVerifier = (payload: string, header: string | undefined, secret: string, opts?: { toleranceS?: number; now?: number }) => void;

/** `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>` — Stripe's documented scheme. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * The local provider's check of a Stripe-Signature header over the raw body: any v1 signature may match (secret
 * rotation), and the timestamp must be within the tolerance. Throws SignatureError with a Spanish reason.
 */
export const verifySignature: SignatureVerifier = (payload, header, secret, opts = {}) => {
  if (!header) throw new SignatureError('Falta el encabezado Stripe-Signature');
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!t || !/^\d+$/.test(t) || signatures.length === 0) throw new SignatureError('El encabezado Stripe-Signature no es válido');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${payload}`, 'utf8').digest('hex'), 'utf8');
  const ok = signatures.some((s) => {
    const got = Buffer.from(s, 'utf8');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
  if (!ok) throw new SignatureError('La firma del evento no coincide');
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(t)) > (opts.toleranceS ?? SIGNATURE_TOLERANCE_S)) throw new SignatureError('La firma del evento está fuera de la tolerancia de tiempo');
};

/** Stripe's reasons (StripeSignatureVerificationError messages) said in Spanish, as the local check says them. */
function stripeReason(message: string): string {
  if (/tolerance/i.test(message)) return 'La firma del evento está fuera de la tolerancia de tiempo';
  if (/unable to extract|expected scheme/i.test(message)) return 'El encabezado Stripe-Signature no es válido';
  return 'La firma del evento no coincide';
}

/**
 * The Stripe provider's check: Stripe's own `stripe.webhooks.constructEvent` (the same scheme and tolerance; a
 * timestamp from the future is Stripe's to judge, and it accepts it), its errors turned into SignatureError.
 */
export const verifyStripeSignature: SignatureVerifier = (payload, header, secret, opts = {}) => {
  if (!header) throw new SignatureError('Falta el encabezado Stripe-Signature');
  // Stripe reads `t=abc` as a timestamp that merely fails to match; it is a malformed header, as the local check says.
  if (!header.split(',').some((p) => /^t=\d+$/.test(p.trim()))) throw new SignatureError('El encabezado Stripe-Signature no es válido');
  try {
    Stripe.webhooks.constructEvent(payload, header, secret, opts.toleranceS ?? SIGNATURE_TOLERANCE_S, undefined, opts.now === undefined ? undefined : opts.now * 1000);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw new SignatureError(stripeReason(err.message));
    throw err;
  }
};
