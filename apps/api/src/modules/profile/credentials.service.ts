import { and, desc, eq, lt } from 'drizzle-orm';
import { CredentialError } from '@facturo/cfdi/credentials';
import type { CiecStatus, CredentialInfo, CredentialKind, CredentialStatus } from '@facturo/contract';
import type { JobContext } from '../../jobs/context';
import type { Account } from '../../http/context';
import type { Db } from '../../db/client';
import { fiscalCredentials } from '../../db/schema';
import { badRequest, fieldError } from '../../http/errors';
import { QUEUES } from '../../jobs/queue';
import { createProcess } from '../background/background.repository';
import { checkCredential, encodeFiles, expiryWarning, issuerPolicy, KIND_LABEL, secretPurpose, type CredentialFiles } from './credential-check';
import type { MultipartForm } from './multipart';

/** What the credential-validate job is sent (credential-validate.job.ts runs it). */
export interface CredentialJobData {
  processId: string;
  credentialId: number;
  userId: number;
  rfc: string;
  kind: CredentialKind;
  title: string;
}

type Row = typeof fiscalCredentials.$inferSelect;
const PROCESS_TYPE = { csd: 'CSD', efirma: 'EFIRMA' } as const;

/** The three form fields, each missing one named (422) before anything is parsed. */
function filesOf(form: MultipartForm): CredentialFiles {
  const errors: Record<string, string[]> = {};
  if (!form.files.cer) errors.cer = ['Adjunta el certificado (.cer)'];
  if (!form.files.key) errors.key = ['Adjunta la llave privada (.key)'];
  if (!form.fields.password) errors.password = ['La contraseña de la llave privada es obligatoria'];
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);
  return { cer: form.files.cer!.data, key: form.files.key!.data, password: form.fields.password! };
}

/**
 * Uploads a CSD or e.firma. Everything that can be checked at once is checked here (422 naming
 * cer/key/password, nothing stored); then the files and password are sealed (AES-256-GCM) in a
 * 'pending' row and the live validation job is enqueued. Returns the job id for the progress bar.
 */
export async function startCredentialUpload(ctx: JobContext, account: Account, kind: CredentialKind, form: MultipartForm) {
  const files = filesOf(form);
  let cert;
  try {
    cert = checkCredential(files, kind, account.rfc, new Date(), issuerPolicy(ctx.config)).certificate;
  } catch (err) {
    if (err instanceof CredentialError) throw fieldError(err.field, err.message);
    throw err;
  }
  const title = `Validación de ${KIND_LABEL[kind]}`;
  const { processId, credentialId } = await ctx.db.transaction(async (tx) => {
    const process = await createProcess(tx, { userId: account.id, rfc: account.rfc, type: PROCESS_TYPE[kind], title, message: 'En espera' });
    const [row] = await tx.insert(fiscalCredentials).values({
      userId: account.id, kind, status: 'pending', secret: ctx.secrets.seal(encodeFiles(files), secretPurpose(kind)),
      certificateNumber: cert.noCertificado, certificateRfc: cert.rfc, validFrom: cert.validFrom, validTo: cert.validTo, jobId: process.id,
    }).returning({ id: fiscalCredentials.id });
    return { processId: process.id, credentialId: row!.id };
  });
  // Enqueued after the commit: the worker may read the row from another connection.
  const data: CredentialJobData = { processId, credentialId, userId: account.id, rfc: account.rfc, kind, title };
  // Expiry and retries are the queue's policy (jobs/queue.ts QUEUE_POLICIES).
  await ctx.boss.send(QUEUES.credentialValidate, data);
  return { id: processId, message: `Validando tu ${KIND_LABEL[kind]}; verás el avance en tiempo real` };
}

function toInfo(row: Row, now = new Date()): CredentialInfo {
  const kind = row.kind as CredentialKind;
  return {
    id: row.id, kind, status: row.status as CredentialInfo['status'], statusMessage: row.statusMessage,
    noCertificado: row.certificateNumber, rfc: row.certificateRfc,
    validFrom: row.validFrom?.toISOString() ?? null, validTo: row.validTo?.toISOString() ?? null,
    daysToExpiry: row.validTo ? Math.floor((row.validTo.getTime() - now.getTime()) / 86_400_000) : null,
    warning: row.validTo && row.status !== 'invalid' ? expiryWarning(kind, row.validTo, now) : null,
    jobId: row.jobId, updated_at: row.updatedAt.toISOString(),
  };
}

/** What is on file: the valid credential in use and, when newer, the last attempt (pending or refused). */
export async function credentialStatus(db: Db, userId: number, kind: CredentialKind): Promise<CredentialStatus> {
  const rows = await db.select().from(fiscalCredentials)
    .where(and(eq(fiscalCredentials.userId, userId), eq(fiscalCredentials.kind, kind)))
    .orderBy(desc(fiscalCredentials.id)).limit(10);
  const valid = rows.find((r) => r.status === 'valid');
  const newest = rows[0];
  return {
    credential: valid ? toInfo(valid) : null,
    lastAttempt: newest && newest !== valid && (!valid || newest.id > valid.id) ? toInfo(newest) : null,
  };
}

/** The newest CIEC record (status only; the CIEC itself is never returned). */
export async function ciecStatus(db: Db, userId: number): Promise<CiecStatus> {
  const [row] = await db.select().from(fiscalCredentials)
    .where(and(eq(fiscalCredentials.userId, userId), eq(fiscalCredentials.kind, 'ciec')))
    .orderBy(desc(fiscalCredentials.id)).limit(1);
  return {
    ciec: row ? { status: row.status as 'pending' | 'valid' | 'invalid', statusMessage: row.statusMessage, jobId: row.jobId, updated_at: row.updatedAt.toISOString() } : null,
  };
}

/** Once a credential is confirmed, the older ones of its kind (and their secrets) are deleted; newer uploads still in flight are kept. */
export async function retireOlderCredentials(db: Db, userId: number, kind: CredentialKind, keepId: number): Promise<void> {
  await db.delete(fiscalCredentials)
    .where(and(eq(fiscalCredentials.userId, userId), eq(fiscalCredentials.kind, kind), lt(fiscalCredentials.id, keepId)));
}
