import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { fiscalCredentials, notifications } from '../../db/schema';
import type { Db } from '../../db/client';
import { CERT_EXPIRY_WARNING_DAYS, type CredentialKind } from '@facturo/contract';
import { expiryWarning } from './credential-check';
import { QUEUES } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';

/**
 * Urgent notifications for CSD / e.firma that expire within 30 days (or already expired): one per
 * certificate and state, so the daily run never repeats itself. The text is the profile's own warning.
 */
export async function notifyExpiringCredentials(db: Db, now = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + CERT_EXPIRY_WARNING_DAYS * 86_400_000);
  const rows = await db.select().from(fiscalCredentials).where(and(
    inArray(fiscalCredentials.kind, ['csd', 'efirma']),
    eq(fiscalCredentials.status, 'valid'),
    isNotNull(fiscalCredentials.validTo),
    lte(fiscalCredentials.validTo, horizon),
  ));
  let created = 0;
  for (const row of rows) {
    const kind = row.kind as CredentialKind;
    const message = expiryWarning(kind, row.validTo!, now);
    if (!message) continue;
    const expired = row.validTo! < now;
    const title = `${expired ? 'Venció' : 'Por vencer'}: ${kind === 'csd' ? 'CSD' : 'e.firma'} ${row.certificateNumber ?? ''}`.trim();
    const [existing] = await db.select({ id: notifications.id }).from(notifications)
      .where(and(eq(notifications.userId, row.userId), eq(notifications.title, title))).limit(1);
    if (existing) continue;
    await db.insert(notifications).values({ userId: row.userId, title, message, link: '/profile/3' /* tax info tab: CSD and e.firma panels */, urgent: true });
    created++;
  }
  return created;
}

export async function registerCredentialExpiryWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await boss.work(QUEUES.credentialExpiry, async () => {
    await notifyExpiringCredentials(ctx.db);
  });
  // Every day at 07:00 Mexico City; schedule() is an upsert, safe from every process.
  await boss.schedule(QUEUES.credentialExpiry, '0 7 * * *', {}, { tz: 'America/Mexico_City' });
}
