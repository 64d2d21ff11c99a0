import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { ActivityAction, ActivityRow } from '@facturo/contract';
import type { Db } from '../../db/client';
import { activityLog } from '../../db/schema';
import { personOfRequest } from './persons.repository';

/**
 * Issue 26 §6: which route-table entries leave a line in the account's activity log when they succeed. Kept
 * here, by entry name, so the modules that serve them stay untouched; member changes are written by the
 * workspace service itself.
 */
export const ACTIVITY_BY_ROUTE: Readonly<Record<string, ActivityAction>> = {
  'invoicing.stamp40': 'timbro', 'invoicing.stamp33': 'timbro', 'retentions.issue': 'timbro', 'payroll.release': 'timbro',
  'invoicing.cancel': 'cancelo', 'outcomes.cancel': 'cancelo', 'retentions.cancel': 'cancelo', 'payroll.cancelReceipt': 'cancelo',
  'sat.answerCancellation': 'cancelo',
  'statements.filed': 'presento_declaracion', 'diot.submit': 'presento_declaracion', 'diot.uploadAcuse': 'presento_declaracion',
  'profile.uploadCsd': 'subio_credencial', 'profile.uploadEfirma': 'subio_credencial', 'ciec.validate': 'subio_credencial',
  'invoicing.buyStamps': 'compro_timbres',
};

export interface ActivityEntry {
  accountId: number;
  personId: number | null;
  quien: string;
  accion: ActivityAction;
  ip: string | null;
  detalle: string | null;
}

export async function logActivity(db: Db, e: ActivityEntry): Promise<void> {
  await db.insert(activityLog).values({
    userId: e.accountId, personId: e.personId, quien: e.quien, accion: e.accion, ip: e.ip, detalle: e.detalle?.slice(0, 2000) ?? null,
  });
}

/** The ids a request names (path, query, body): what the log line says it acted on. Never secrets. */
function detailOf(req: FastifyRequest): string {
  const parts: string[] = [`${req.method} ${req.routeOptions.url}`];
  for (const source of [req.params, req.body]) {
    if (!source || typeof source !== 'object') continue;
    for (const key of ['uuid', 'id', 'folio', 'cantidad', 'motivo', 'serie']) {
      const v = (source as Record<string, unknown>)[key];
      if (typeof v === 'string' || typeof v === 'number') parts.push(`${key}=${String(v).slice(0, 80)}`);
    }
  }
  return parts.join(' ');
}

/** Writes the log line of a logged entry after it succeeded (2xx). A failure to log is reported, never thrown at the user. */
export function registerActivityHook(app: FastifyInstance, db: Db): void {
  app.addHook('onResponse', async (req, reply) => {
    const name = req.routeOptions.config?.routeName;
    const accion = name ? ACTIVITY_BY_ROUTE[name] : undefined;
    if (!accion || !req.account || reply.statusCode >= 300) return;
    try {
      const person = await personOfRequest(db, req.account);
      await logActivity(db, { accountId: req.account.id, personId: person.id, quien: person.email, accion, ip: req.ip, detalle: detailOf(req) });
    } catch (err) {
      req.log.error({ err, route: name }, 'no se pudo escribir la bitácora de actividad');
    }
  });
}

const dayStart = (day: string) => new Date(`${day}T00:00:00-06:00`);

export async function listActivity(
  db: Db, accountId: number, q: { desde?: string; hasta?: string; accion?: ActivityAction; quien?: string },
): Promise<ActivityRow[]> {
  const conds = [eq(activityLog.userId, accountId)];
  if (q.desde) conds.push(gte(activityLog.createdAt, dayStart(q.desde)));
  if (q.hasta) conds.push(lt(activityLog.createdAt, new Date(dayStart(q.hasta).getTime() + 86_400_000)));
  if (q.accion) conds.push(eq(activityLog.accion, q.accion));
  if (q.quien) conds.push(eq(activityLog.quien, q.quien.trim().toLowerCase()));
  const rows = await db.select().from(activityLog).where(and(...conds)).orderBy(desc(activityLog.createdAt), desc(activityLog.id)).limit(5000);
  return rows.map((r) => ({ id: Number(r.id), quien: r.quien, accion: r.accion, cuando: r.createdAt.toISOString(), ip: r.ip, detalle: r.detalle }));
}
