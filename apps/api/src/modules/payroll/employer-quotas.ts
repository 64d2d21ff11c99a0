import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { computeDetail, periodOf, type EmployerQuotas } from './payroll-lines';
import { prenominaDetalles, prenominas } from './payroll.schema';

// Apart from payroll.service so the accounting generation (and its bench) fills the quotas without importing the
// stamping and invoicing services.

/**
 * The employer's quotas of receipts written before migration 0895 (decision 323), computed once with the same
 * inputs their worker quota used: the detail's own employee snapshot (SDI, salario diario, riesgo, contract) and
 * its prenómina's date, days and zone, which editing a detail never changes. Not today's employee data: the
 * figures are the period's. A row the engine cannot compute stays NULL (the póliza then books no employer lines
 * for it) instead of a made-up 0. Runs when the prenómina is opened and before a month's pólizas are generated.
 */
export async function fillEmployerQuotas(db: Db, userId: number, prenominaId?: number): Promise<number> {
  const rows = await db.select({ d: prenominaDetalles, p: prenominas }).from(prenominaDetalles)
    .innerJoin(prenominas, and(eq(prenominas.userId, prenominaDetalles.userId), eq(prenominas.id, prenominaDetalles.prenominaId)))
    .where(and(eq(prenominaDetalles.userId, userId), isNull(prenominaDetalles.imssPatronal),
      prenominaId === undefined ? undefined : eq(prenominaDetalles.prenominaId, prenominaId)));
  const computed: { id: number; q: EmployerQuotas }[] = [];
  for (const { d, p } of rows) {
    try {
      const a = computeDetail(d.empleado, { percepciones: d.percepciones, deducciones: d.deducciones, otrosPagos: d.otrosPagos }, periodOf(p));
      computed.push({ id: d.id, q: a });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  for (let i = 0; i < computed.length; i += 500) {
    const values = sql.join(computed.slice(i, i + 500).map(({ id, q }) => sql`(${id}::int, ${q.imssPatronal}::numeric, ${q.rcvPatronal}::numeric, ${q.infonavitPatronal}::numeric)`), sql`, `);
    // Only rows still NULL: a concurrent fill (another request) writes the same figures, never twice.
    await db.execute(sql`UPDATE prenomina_detalles d SET imss_patronal = v.imss, rcv_patronal = v.rcv, infonavit_patronal = v.infonavit
      FROM (VALUES ${values}) AS v(id, imss, rcv, infonavit) WHERE d.user_id = ${userId} AND d.id = v.id AND d.imss_patronal IS NULL`);
  }
  return computed.length;
}
