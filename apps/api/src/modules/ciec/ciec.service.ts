import type { JobContext } from '../../jobs/context';
import type { Account } from '../../http/context';
import { fiscalCredentials } from '../../db/schema';
import { CIEC_SECRET_PURPOSE, type CiecJobData } from './ciec-validate.job';
import { QUEUES } from '../../jobs/queue';
import { createProcess } from '../background/background.repository';

/**
 * Stores the CIEC encrypted, opens its background-process record and enqueues the validation.
 * The two rows commit together; the job is enqueued after the commit (pg-boss may use another
 * connection, and on PGlite a send inside the transaction would wait on the transaction itself).
 */
export async function startCiecValidation(ctx: JobContext, account: Account, ciec: string) {
  const title = 'Validación de CIEC';
  const { processId, credentialId } = await ctx.db.transaction(async (tx) => {
    const process = await createProcess(tx, { userId: account.id, rfc: account.rfc, type: 'CIEC', title, message: 'En espera' });
    const [credential] = await tx.insert(fiscalCredentials).values({
      userId: account.id, kind: 'ciec', status: 'pending', secret: ctx.secrets.seal(ciec, CIEC_SECRET_PURPOSE), jobId: process.id,
    }).returning({ id: fiscalCredentials.id });
    return { processId: process.id, credentialId: credential!.id };
  });
  const data: CiecJobData = { processId, credentialId, rfc: account.rfc, title };
  // Expiry and retries are the queue's policy (jobs/queue.ts QUEUE_POLICIES).
  await ctx.boss.send(QUEUES.ciecValidate, data);
  return { id: processId, message: 'Validando tu CIEC; verás el avance en tiempo real' };
}
