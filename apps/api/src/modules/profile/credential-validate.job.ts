import { and, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { CredentialError } from '@facturo/cfdi/credentials';
import { fiscalCredentials } from '../../db/schema';
import { checkCredential, dayMx, decodeFiles, expiryWarning, issuerPolicy, KIND_GRAMMAR, KIND_LABEL, secretPurpose } from './credential-check';
import { retireOlderCredentials, type CredentialJobData } from './credentials.service';
import { ProgressReporter } from '../../jobs/progress';
import { QUEUES, workOneAtATime } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';

const reporter = (ctx: JobContext, data: CredentialJobData, attempt = 1) =>
  new ProgressReporter(ctx.db, ctx.publisher, { id: data.processId, rfc: data.rfc, type: data.kind === 'csd' ? 'CSD' : 'EFIRMA', title: data.title }, attempt);

/**
 * Confirms a stored CSD / e.firma and reports each step live (spec §4 flow: code 200 + finished on
 * success, 500 on failure): the sealed files are opened, certificate, key, password, pair, validity,
 * kind and RFC checked again at run time, a signature made and verified with the pair, and SAT's status
 * of the certificate asked through the SAT port (the local adapter says when it could not). On success
 * the credential becomes the one in use and older ones are deleted; on failure the secret is wiped.
 */
export async function runCredentialValidation(ctx: JobContext, data: CredentialJobData, attempt = 1): Promise<void> {
  const progress = reporter(ctx, data, attempt);
  if (attempt > 1) await progress.retrying();
  const label = KIND_LABEL[data.kind];
  const g = KIND_GRAMMAR[data.kind];
  await progress.step(10, `Preparando la validación de tu ${label}`);
  const where = and(eq(fiscalCredentials.id, data.credentialId), eq(fiscalCredentials.userId, data.userId));
  const [row] = await ctx.db.select().from(fiscalCredentials).where(where).limit(1);
  if (!row) return progress.fail(`No se encontró ${g.article} ${label} a validar; súbel${g.o} de nuevo`);

  const refuse = async (message: string, field: string) => {
    await ctx.db.update(fiscalCredentials).set({ status: 'invalid', statusMessage: message, secret: '', updatedAt: new Date() }).where(where);
    await progress.fail(message, { field });
  };

  await progress.step(30, 'Leyendo el certificado (.cer) y la llave privada (.key)');
  const files = decodeFiles(ctx.secrets.open(row.secret, secretPurpose(data.kind)));
  await progress.step(55, 'Verificando la contraseña, que la llave corresponda al certificado y su vigencia');
  let credential;
  try {
    credential = checkCredential(files, data.kind, data.rfc, new Date(), issuerPolicy(ctx.config));
  } catch (err) {
    if (err instanceof CredentialError) return refuse(err.message, err.field);
    throw err;
  }
  await progress.step(75, 'Firmando y verificando una prueba con el par de archivos');
  const probe = `facturo:${data.processId}`;
  if (!credential.verify(probe, credential.sign(probe))) return refuse('La llave privada no produce firmas válidas para este certificado', 'key');

  const cert = credential.certificate;
  await progress.step(82, 'Consultando en el SAT el estado del certificado');
  const sat = await ctx.sat.certificateStatus(cert.rfc, cert.noCertificado);
  if (!sat.active) return refuse(`El SAT reporta el certificado ${cert.noCertificado} como no activo: ${sat.message}`, 'cer');

  await progress.step(92, 'Guardando el resultado');
  const message = `${label} ${cert.noCertificado} de ${cert.rfc} válid${g.o} hasta el ${dayMx(cert.validTo)}`;
  await ctx.db.update(fiscalCredentials).set({ status: 'valid', statusMessage: message, updatedAt: new Date() }).where(where);
  await retireOlderCredentials(ctx.db, data.userId, data.kind, data.credentialId);
  const facts = {
    noCertificado: cert.noCertificado, rfc: cert.rfc, validFrom: cert.validFrom.toISOString(), validTo: cert.validTo.toISOString(),
    daysToExpiry: cert.daysToExpiry(), satStatus: sat.message, handledBy: `${ctx.role}:${process.pid}`,
  };
  // SAT's registry not reachable is a warning, not a refusal: every local check passed.
  const warnings = [expiryWarning(data.kind, cert.validTo), sat.confirmed ? null : sat.message].filter(Boolean);
  await progress.succeed(message, facts, warnings.length ? warnings.join('. ') : null);
}

export async function registerCredentialWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await workOneAtATime<CredentialJobData>(boss, QUEUES.credentialValidate, (data, attempt) => runCredentialValidation(ctx, data, attempt),
    (data, attempt) => reporter(ctx, data, attempt).fail(`Ocurrió un error al validar tu ${KIND_LABEL[data.kind]}; inténtalo de nuevo`));
}
