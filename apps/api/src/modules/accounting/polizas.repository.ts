import { sql } from 'drizzle-orm';
import { Decimal } from '@facturo/cfdi/money';
import type { Poliza as EnginePoliza, CompNal } from '@facturo/cfdi/contabilidad';
import type { Poliza } from '@facturo/contract';
import type { Db } from '../../db/client';

type Runner = Pick<Db, 'execute'>;

export const TIPO_LETRA = { ingreso: 'I', egreso: 'E', diario: 'D' } as const;

/** A póliza ready to store: the engine's entry plus its number, period and origin. */
export interface PolizaNueva extends EnginePoliza {
  numero: string;
  anio: number;
  mes: number;
  origen: 'auto' | 'manual';
  sourceKey: string | null;
}

const total = (p: EnginePoliza): string => p.lineas.reduce((s, l) => s.plus(l.debe), new Decimal(0)).toFixed(2);

/** Inserts pólizas and their lines, 500 at a time (one statement each), inside the caller's transaction. */
export async function insertPolizas(db: Runner, userId: number, polizas: PolizaNueva[], onChunk?: (done: number) => Promise<void>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < polizas.length; i += 500) {
    const chunk = polizas.slice(i, i + 500);
    const res = await db.execute(sql`INSERT INTO accounting_polizas (user_id, anio, mes, tipo, numero, fecha, concepto, origen, source_key, total)
      VALUES ${sql.join(chunk.map((p) => sql`(${userId}, ${p.anio}, ${p.mes}, ${p.tipo}, ${p.numero}, ${p.fecha}, ${p.concepto}, ${p.origen}, ${p.sourceKey}, ${total(p)})`), sql`, `)}
      RETURNING id::int AS id, numero`);
    for (const r of res.rows as { id: number; numero: string }[]) ids.set(r.numero, Number(r.id));
    const lines = chunk.flatMap((p) => p.lineas.map((l, orden) => sql`(${userId}, ${ids.get(p.numero)!}, ${orden}, ${p.anio}, ${p.mes}, ${l.numCta}, ${l.concepto.slice(0, 200)}, ${l.debe}, ${l.haber}, ${JSON.stringify(l.comprobantes)}::jsonb)`));
    for (let j = 0; j < lines.length; j += 2000) {
      await db.execute(sql`INSERT INTO accounting_poliza_lines (user_id, poliza_id, orden, anio, mes, num_cta, concepto, debe, haber, comprobantes)
        VALUES ${sql.join(lines.slice(j, j + 2000), sql`, `)}`);
    }
    await onChunk?.(Math.min(i + 500, polizas.length));
  }
  return ids;
}

interface PolizaRow { id: number; numero: string; tipo: Poliza['tipo']; fecha: string; anio: number; mes: number; concepto: string; origen: 'auto' | 'manual'; total: string }
interface LineRow { poliza_id: number; num_cta: string; concepto: string; debe: string; haber: string; comprobantes: CompNal[] }

const POLIZA_COLS = sql`id::int AS id, numero, tipo, to_char(fecha, 'YYYY-MM-DD') AS fecha, anio, mes, concepto, origen, total::text AS total`;

async function withLines(db: Runner, userId: number, rows: PolizaRow[]): Promise<Poliza[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => Number(r.id));
  const res = await db.execute(sql`SELECT poliza_id::int AS poliza_id, num_cta, concepto, debe::text AS debe, haber::text AS haber, comprobantes
    FROM accounting_poliza_lines WHERE user_id = ${userId} AND poliza_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY poliza_id, orden`);
  const byPoliza = new Map<number, LineRow[]>();
  for (const l of res.rows as unknown as LineRow[]) {
    const list = byPoliza.get(Number(l.poliza_id)) ?? [];
    list.push(l);
    byPoliza.set(Number(l.poliza_id), list);
  }
  return rows.map((r) => {
    const lineas = (byPoliza.get(Number(r.id)) ?? []).map((l) => ({ numCta: l.num_cta, concepto: l.concepto, debe: l.debe, haber: l.haber, comprobantes: l.comprobantes }));
    const uuids = [...new Set(lineas.flatMap((l) => l.comprobantes.map((c) => c.uuid.toUpperCase())))];
    return { ...r, id: Number(r.id), anio: Number(r.anio), mes: Number(r.mes), lineas, uuids };
  });
}

/** The month's pólizas with their lines, by date and number. */
export async function listPolizas(db: Runner, userId: number, anio: number, mes: number): Promise<Poliza[]> {
  const res = await db.execute(sql`SELECT ${POLIZA_COLS} FROM accounting_polizas WHERE user_id = ${userId} AND anio = ${anio} AND mes = ${mes} ORDER BY fecha, numero`);
  return withLines(db, userId, res.rows as unknown as PolizaRow[]);
}

export async function getPoliza(db: Runner, userId: number, id: number): Promise<Poliza | undefined> {
  const res = await db.execute(sql`SELECT ${POLIZA_COLS} FROM accounting_polizas WHERE user_id = ${userId} AND id = ${id}`);
  return (await withLines(db, userId, res.rows as unknown as PolizaRow[]))[0];
}

/** A page of the month's pólizas after (fecha, id), for streaming the XML without holding the month in memory. */
export async function polizasPage(db: Runner, userId: number, anio: number, mes: number, after: { fecha: string; id: number } | null, limit: number): Promise<Poliza[]> {
  const cursor = after ? sql`AND (fecha, id) > (${after.fecha}::date, ${after.id})` : sql``;
  const res = await db.execute(sql`SELECT ${POLIZA_COLS} FROM accounting_polizas
    WHERE user_id = ${userId} AND anio = ${anio} AND mes = ${mes} ${cursor} ORDER BY fecha, id LIMIT ${limit}`);
  return withLines(db, userId, res.rows as unknown as PolizaRow[]);
}
