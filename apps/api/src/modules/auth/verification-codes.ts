import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verificationCodes } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';

export type CodePurpose = 'verify' | 'reset';
export const CODE_TTL_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = 5;

/** Codes are stored as an HMAC under the app secret, never in clear. */
export class VerificationCodes {
  constructor(private readonly db: Db, private readonly pepper: string) {}

  private digest(userId: number, code: string): string {
    return createHmac('sha256', this.pepper).update(`${userId}:${code}`).digest('hex');
  }

  /** Issues a fresh code, invalidating the earlier ones of the same purpose. */
  async issue(userId: number, purpose: CodePurpose, db: Db = this.db): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db.update(verificationCodes).set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)));
    await db.insert(verificationCodes).values({
      userId, purpose, codeHash: this.digest(userId, code), expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
    });
    return code;
  }

  /**
   * Checks a code: wrong or expired → the one 422 naming `code` (WRONG_CODE_MESSAGE: no count of tries left,
   * nothing an unknown e-mail could not get too); the fifth wrong try (and any try after) → 429, and the code
   * is burnt so a new one has to be requested. With no code pending, `onMissing` answers (the caller makes it
   * the same answer as an unknown e-mail's).
   */
  async consume(userId: number, purpose: CodePurpose, code: string, onMissing?: () => Promise<never>): Promise<void> {
    const [row] = await this.db.select().from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
      .orderBy(desc(verificationCodes.id)).limit(1);
    if (!row) {
      if (onMissing) return onMissing();
      throw wrongCode();
    }
    if (row.attempts >= MAX_CODE_ATTEMPTS) throw tooManyCodeAttempts();
    const expected = Buffer.from(row.codeHash, 'hex');
    const given = Buffer.from(this.digest(userId, code), 'hex');
    const expired = row.expiresAt.getTime() < Date.now();
    if (expired || !timingSafeEqual(expected, given)) {
      const attempts = row.attempts + 1;
      await this.db.update(verificationCodes).set({ attempts }).where(eq(verificationCodes.id, row.id));
      if (attempts >= MAX_CODE_ATTEMPTS) throw tooManyCodeAttempts();
      throw wrongCode();
    }
    await this.db.update(verificationCodes).set({ consumedAt: new Date() }).where(eq(verificationCodes.id, row.id));
  }
}

/**
 * The one answer to a code that does not open anything — wrong, expired, none pending, unknown e-mail — so the
 * answer never tells whether an e-mail is registered (issue 25 §12).
 */
export const WRONG_CODE_MESSAGE = 'El código no es correcto o ya no está vigente; revísalo o solicita uno nuevo';
export const wrongCode = () => fieldError('code', WRONG_CODE_MESSAGE);

export const tooManyCodeAttempts = () =>
  new AppError(429, 'Demasiados intentos con un código incorrecto. Solicita un código nuevo en un minuto.');
