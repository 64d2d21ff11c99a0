import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new signing secret, shown once: `whsec_` + 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The `Facturo-Signature` header (issue 29 §5): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the
 * endpoint's secret. The receiver recomputes it over the raw body and refuses an old `t` (replays).
 */
export function signWebhook(secret: string, body: string, t: number = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** What a receiver does (documented in decision 308; used by the tests as the receiver). */
export function verifyWebhook(secret: string, body: string, header: string, toleranceSeconds = 300, now = Math.floor(Date.now() / 1000)): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(now - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Backoff after the n-th failed attempt (1-based): 30 s, 1 min, 2 min … capped at 2 h; deliveries stop after 24 h. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600_000;
export const backoffMs = (attempt: number): number => Math.min(30_000 * 2 ** (attempt - 1), 2 * 3600_000);
