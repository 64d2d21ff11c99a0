import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ConstanciaProposal } from '@facturo/contract';
import { personaFromRfc } from '@facturo/contract';
import type { Db } from '../../db/client';
import { fiscalCredentials, users } from '../../db/schema';
import type { Account } from '../../http/context';
import { AppError, fieldError, notFound } from '../../http/errors';
import type { JobContext } from '../../jobs/context';
import { ProgressReporter } from '../../jobs/progress';
import { QUEUES, workOneAtATime } from '../../jobs/queue';
import { ConstanciaUnavailableError, constanciaFromEnv, type ConstanciaPort, type ConstanciaTipo } from '../../providers/sat/constancia';
import { createProcess } from '../background/background.repository';
import { uploadCsf } from '../profile/csf.service';
import { UserFiles } from '../profile/file-store';
import { profileDetails, taxStatusCertificates } from '../profile/profile.schema';
import type PgBoss from 'pg-boss';

export interface ConstanciaJobData {
  processId: string;
  userId: number;
  rfc: string;
  tipo: ConstanciaTipo;
  title: string;
}

const TITLES: Record<ConstanciaTipo, string> = { CSF: 'Constancia de situación fiscal', CIF: 'Cédula de identificación fiscal' };

/** The CIEC or e.firma on file that SAT accepted (e.firma first: it is what SAT's portal prefers). */
async function usableCredential(db: Db, userId: number): Promise<'ciec' | 'efirma' | null> {
  const rows = await db.select({ kind: fiscalCredentials.kind }).from(fiscalCredentials)
    .where(and(eq(fiscalCredentials.userId, userId), inArray(fiscalCredentials.kind, ['ciec', 'efirma']), eq(fiscalCredentials.status, 'valid')))
    .orderBy(desc(fiscalCredentials.id));
  if (rows.some((r) => r.kind === 'efirma')) return 'efirma';
  return rows.some((r) => r.kind === 'ciec') ? 'ciec' : null;
}

/** `POST /api/sat/constancia`: opens the CSF / CIF process and enqueues it; 422 without a valid CIEC or e.firma. */
export async function startConstancia(ctx: JobContext, account: Account, tipo: ConstanciaTipo): Promise<{ id: string; message: string }> {
  if (!(await usableCredential(ctx.db, account.id))) {
    throw fieldError('tipo', 'Registra y valida tu CIEC o tu e.firma para obtener la constancia desde el SAT');
  }
  const title = TITLES[tipo];
  const process = await createProcess(ctx.db, { userId: account.id, rfc: account.rfc, type: tipo, title, message: 'En espera' });
  const data: ConstanciaJobData = { processId: process.id, userId: account.id, rfc: account.rfc, tipo, title };
  await ctx.boss.send(QUEUES.satConstancia, data);
  return { id: process.id, message: `Solicitando tu ${title.toLowerCase()} al SAT; verás el avance en tiempo real` };
}

const reporter = (ctx: JobContext, d: ConstanciaJobData, attempt = 1) =>
  new ProgressReporter(ctx.db, ctx.publisher, { id: d.processId, rfc: d.rfc, type: d.tipo, title: d.title }, attempt);

/**
 * The job: logs in with the credential on file through the SAT port, reads the constancia it returns with the
 * same reader as an upload (history, obligations, activities), and leaves in the process's data what it says
 * next to the profile so the user can take it (spec §4: success at finished, failure at code 500).
 */
export async function runConstancia(ctx: JobContext, d: ConstanciaJobData, attempt = 1, port: ConstanciaPort = constanciaFromEnv()): Promise<void> {
  const progress = reporter(ctx, d, attempt);
  if (attempt > 1) await progress.retrying();
  await progress.step(10, 'Verificando tus credenciales del SAT');
  const auth = await usableCredential(ctx.db, d.userId);
  if (!auth) return progress.fail('Registra y valida tu CIEC o tu e.firma para obtener la constancia desde el SAT');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, d.userId)).limit(1);
  if (!user) return progress.fail('La cuenta ya no existe');
  const [details] = await ctx.db.select().from(profileDetails).where(eq(profileDetails.userId, d.userId)).limit(1);
  await progress.step(35, auth === 'efirma' ? 'Entrando al SAT con tu e.firma' : 'Entrando al SAT con tu CIEC');
  let pdf: Buffer;
  try {
    pdf = await port.obtain({
      rfc: d.rfc, tipo: d.tipo, auth,
      profile: {
        nombre: user.fullName ?? d.rfc, persona: personaFromRfc(d.rfc), regimen: user.regimen, cp: user.cp,
        calle: details?.calle ?? null, numExterior: details?.numExterior ?? null, colonia: details?.colonia ?? null, alta: user.createdAt,
      },
    });
  } catch (err) {
    if (err instanceof ConstanciaUnavailableError) return progress.fail(err.message);
    throw err;
  }
  await progress.step(70, 'Leyendo la constancia');
  const files = new UserFiles(ctx.config.dataDir);
  let result;
  try {
    result = await uploadCsf(ctx.db, files, d.userId, d.rfc, pdf);
  } catch (err) {
    if (err instanceof AppError) return progress.fail(`El SAT entregó un documento que no se pudo leer: ${err.message}`);
    throw err;
  }
  const proposal = proposalOf(result.certificate.id, { regimen: user.regimen, cp: user.cp }, { regimen: result.certificate.regimenes[0] ?? null, cp: result.certificate.cp }, result.obligations.length, result.activities.length);
  await progress.succeed(
    proposal.cambios ? `${result.message}. La constancia difiere de tu perfil: revisa y aplica los cambios` : `${result.message}. Tu perfil coincide con la constancia`,
    { certificateId: result.certificate.id, proposal },
  );
}

export function proposalOf(
  certificateId: number, actual: { regimen: string | null; cp: string | null }, constancia: { regimen: string | null; cp: string | null }, obligaciones: number, actividades: number,
): ConstanciaProposal {
  const cambios = (constancia.regimen !== null && constancia.regimen !== actual.regimen) || (constancia.cp !== null && constancia.cp !== actual.cp);
  return { certificateId, regimen: { actual: actual.regimen, constancia: constancia.regimen }, cp: { actual: actual.cp, constancia: constancia.cp }, obligaciones, actividades, cambios };
}

/** `POST /api/sat/constancia/:id/aplicar`: the profile takes the régimen and CP the constancia says. */
export async function applyConstancia(db: Db, userId: number, id: number): Promise<{ message: string; regimen: string | null; cp: string | null }> {
  const [cert] = await db.select().from(taxStatusCertificates).where(and(eq(taxStatusCertificates.userId, userId), eq(taxStatusCertificates.id, id))).limit(1);
  if (!cert) throw notFound('La constancia no existe');
  const regimen = cert.regimenes[0] ?? null;
  const values: { regimen?: string; cp?: string; updatedAt: Date } = { updatedAt: new Date() };
  if (regimen) values.regimen = regimen;
  if (cert.cp) values.cp = cert.cp;
  await db.update(users).set(values).where(eq(users.id, userId));
  return { message: 'Tu perfil se actualizó con los datos de la constancia', regimen, cp: cert.cp };
}

export async function registerConstanciaWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await workOneAtATime<ConstanciaJobData>(boss, QUEUES.satConstancia, (data, attempt) => runConstancia(ctx, data, attempt),
    (data, attempt) => reporter(ctx, data, attempt).fail('Ocurrió un error al obtener la constancia; inténtalo de nuevo'));
}
