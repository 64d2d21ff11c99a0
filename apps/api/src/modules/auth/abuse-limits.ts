import { messages } from '@facturo/contract';
import type { AttemptCounter } from '../../http/attempts';
import { AppError } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../security/passwords';

/**
 * Limits on the public auth endpoints that no change of client address escapes (issue 17 §2, §3).
 * Counters live in the shared attempt counter (Redis when configured, with a memory fallback).
 */

export const ACCOUNT_LOCK_WINDOW_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export interface AbuseLimits {
  attempts: AttemptCounter;
  loginAccountMaxFailures: number;
  codesPerDayPerEmail: number;
  codesPerDayPerIp: number;
}

/** One key per account whatever it is called by (RFC or e-mail); unknown names count under their own text. */
const accountKey = (accountId: number | undefined, username: string) =>
  `login-account:${accountId ?? `name:${username.trim().toLowerCase()}`}`;

/** 429 with the §8 message once the account has had too many failed logins this hour, from any address. */
export async function assertAccountNotLocked(limits: AbuseLimits, accountId: number | undefined, username: string): Promise<void> {
  if ((await limits.attempts.count(accountKey(accountId, username))) >= limits.loginAccountMaxFailures) {
    throw new AppError(429, messages.tooManyRequests);
  }
}

/** Counts a failed login against the account; true exactly when this failure reaches the cap (warn the owner once). */
export async function recordAccountFailure(limits: AbuseLimits, accountId: number | undefined, username: string): Promise<boolean> {
  const n = await limits.attempts.hit(accountKey(accountId, username), ACCOUNT_LOCK_WINDOW_MS);
  return n === limits.loginAccountMaxFailures;
}

export const CODES_DAILY_LIMIT_MESSAGE = 'Alcanzaste el límite de códigos por hoy. Inténtalo de nuevo mañana.';

/**
 * A daily cap on verification and reset codes per e-mail and per client address, counted before the
 * account is looked up (so it says nothing about whether the e-mail is registered). With 5 tries per
 * code it bounds the guesses per account to 5 × codesPerDayPerEmail a day.
 */
export async function takeDailyCode(limits: AbuseLimits, email: string, ip: string): Promise<void> {
  const byEmail = await limits.attempts.hit(`codes-day:email:${email.toLowerCase()}`, DAY_MS);
  const byIp = await limits.attempts.hit(`codes-day:ip:${ip}`, DAY_MS);
  if (byEmail > limits.codesPerDayPerEmail || byIp > limits.codesPerDayPerIp) throw new AppError(429, CODES_DAILY_LIMIT_MESSAGE);
}

// A real argon2id hash of a random password, made once: verifying an unknown user's password against
// it costs the same as a wrong password for a real user, so timing does not reveal who is registered.
let dummyHash: Promise<string> | undefined;
export async function spendDummyVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  await verifyPassword(await dummyHash, password);
}
