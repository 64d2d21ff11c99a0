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

/**
 * Inserts pólizas and their lines inside the caller's transaction, 2,000 pólizas per statement. Each chunk
 * travels as one JSON parameter expanded by jsonb_to_recordset: tens of thousands of bind parameters cost
 * more to build and send than the rows themselves.
 */
export async function insertPolizas(db: Runner, userId: number, polizas: PolizaNueva[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < polizas.length; i += 2000) {
    const chunk = polizas.slice(i, i + 2000);
    const heads = chunk.map((p) => ({
      anio: p.anio, mes: p.mes, tipo: p.tipo, numero: p.numero, fecha: p.fecha, concepto: p.concepto, origen: p.origen, source_key: p.sourceKey, total: total(p),
    }));
    const res = await db.execute(sql`INSERT INTO accounting_polizas (user_id, anio, mes, tipo, numero, fecha, concepto, origen, source_key, total)
      SELECT ${userId}, x.anio, x.mes, x.tipo, x.numero, x.fecha, x.concepto, x.origen, x.source_key, x.total
      FROM jsonb_to_recordset(${JSON.stringify(heads)}::jsonb)
        AS x(anio int, mes int, tipo text, numero text, fecha date, concepto text, origen text, source_key text, total numeric)
      RETURNING id::int AS id, numero`);
    for (const r of res.rows as { id: number; numero: string }[]) ids.set(r.numero, Number(r.id));
    const lines = chunk.flatMap((p) => p.lineas.map((l, orden) => ({
      poliza_id: ids.get(p.numero)!, orden, anio: p.anio, mes: p.mes, num_cta: l.numCta, concepto: l.concepto.slice(0, 200), debe: l.debe, haber: l.haber,
      comprobantes: l.comprobantes,
    })));
    await db.execute(sql`INSERT INTO accounting_poliza_lines (user_id, poliza_id, orden, anio, mes, num_cta, concepto, debe, haber, comprobantes)
      SELECT ${userId}, x.poliza_id, x.orden, x.anio, x.mes, x.num_cta, x.concepto, x.debe, x.haber, x.comprobantes
      FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
        AS x(poliza_id bigint, orden int, anio int, mes int, num_cta text, concepto text, debe numeric, haber numeric, comprobantes jsonb)`);
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
