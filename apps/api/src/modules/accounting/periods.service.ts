import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fieldError } from '../../http/errors';

type Runner = Pick<Db, 'execute'>;

/** Month bounds as local dates ('YYYY-MM-DD'); month 13 is the year-end closing (dated 31 de diciembre). */
export function monthRange(anio: number, mes: number): { start: string; end: string } {
  if (mes === 13) return { start: `${anio}-12-31`, end: `${anio + 1}-01-01` };
  const start = `${anio}-${String(mes).padStart(2, '0')}-01`;
  const end = mes === 12 ? `${anio + 1}-01-01` : `${anio}-${String(mes + 1).padStart(2, '0')}-01`;
  return { start, end };
}

export async function isClosed(db: Runner, userId: number, anio: number, mes: number): Promise<boolean> {
  const res = await db.execute(sql`SELECT cerrado FROM accounting_periods WHERE user_id = ${userId} AND anio = ${anio} AND mes = ${mes}`);
  return Boolean((res.rows[0] as { cerrado?: boolean } | undefined)?.cerrado);
}

/** Refuses a write dated in a closed month (422 naming the field). */
export async function assertOpen(db: Runner, userId: number, anio: number, mes: number, field = 'fecha'): Promise<void> {
  if (await isClosed(db, userId, anio, mes)) {
    throw fieldError(field, `El periodo ${String(mes).padStart(2, '0')}/${anio} está cerrado; reábrelo para registrar o cambiar pólizas`);
  }
}

export async function periodo(db: Runner, userId: number, anio: number, mes: number) {
  const log = await db.execute(sql`SELECT accion, motivo, created_at FROM accounting_period_log
    WHERE user_id = ${userId} AND anio = ${anio} AND mes = ${mes} ORDER BY id DESC LIMIT 50`);
  return {
    anio, mes, cerrado: await isClosed(db, userId, anio, mes),
    bitacora: (log.rows as { accion: 'cierre' | 'reapertura'; motivo: string | null; created_at: Date | string }[])
      .map((r) => ({ accion: r.accion, motivo: r.motivo, fecha: new Date(r.created_at).toISOString() })),
  };
}

/** Closes a month (no entries dated in it until reopened); both steps go to the period's log. */
export async function cerrar(db: Db, userId: number, anio: number, mes: number) {
  await db.transaction(async (tx) => {
    if (await isClosed(tx, userId, anio, mes)) throw fieldError('mes', 'El periodo ya está cerrado');
    await tx.execute(sql`INSERT INTO accounting_periods (user_id, anio, mes, cerrado) VALUES (${userId}, ${anio}, ${mes}, true)
      ON CONFLICT (user_id, anio, mes) DO UPDATE SET cerrado = true, updated_at = now()`);
    await tx.execute(sql`INSERT INTO accounting_period_log (user_id, anio, mes, accion) VALUES (${userId}, ${anio}, ${mes}, 'cierre')`);
  });
  return periodo(db, userId, anio, mes);
}

export async function reabrir(db: Db, userId: number, anio: number, mes: number, motivo: string) {
  await db.transaction(async (tx) => {
    if (!(await isClosed(tx, userId, anio, mes))) throw fieldError('mes', 'El periodo no está cerrado');
    await tx.execute(sql`UPDATE accounting_periods SET cerrado = false, updated_at = now() WHERE user_id = ${userId} AND anio = ${anio} AND mes = ${mes}`);
    await tx.execute(sql`INSERT INTO accounting_period_log (user_id, anio, mes, accion, motivo) VALUES (${userId}, ${anio}, ${mes}, 'reapertura', ${motivo})`);
  });
  return periodo(db, userId, anio, mes);
}
