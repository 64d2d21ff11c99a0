import { sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import {
  assertBalanced, auxiliarCuentasXml, estadosFinancieros, auxiliarFoliosXml, balanza, balanzaXml, catalogoXml, erroresSolicitud, nombreArchivo, polizaXml, polizasEnvoltura,
  PolizaDescuadradaError, totalesBalanza, type Cuenta as EngineCuenta, type CuentaAuxiliar, type MovimientosCuenta, type Poliza as EnginePoliza, type Solicitud,
} from '@facturo/cfdi/contabilidad';
import { Decimal } from '@facturo/cfdi/money';
import type { Balanza, EstadosFinancieros, Poliza, PolizaInput } from '@facturo/contract';
import { polizaInputSchema } from '@facturo/contract';
import type { Db } from '../../db/client';
import { badRequest, fieldError, notFound } from '../../http/errors';
import { listCuentas } from './chart.service';
import { assertOpen, isClosed } from './periods.service';
import { getPoliza, insertPolizas, polizasPage } from './polizas.repository';
import { aperturaVigente, lineasDesdeApertura } from './saldos.service';

type Runner = Pick<Db, 'execute'>;

/** A manual póliza: accounts must exist, be active and receive entries (no subaccounts); it must balance. */
export async function createManualPoliza(db: Db, userId: number, raw: PolizaInput): Promise<Poliza> {
  const input = polizaInputSchema.parse(raw);
  const [y, m, d] = input.fecha.split('-').map(Number) as [number, number, number];
  if (input.mes13 && !(m === 12 && d === 31)) throw fieldError('fecha', 'Las pólizas del mes 13 (cierre del ejercicio) van fechadas el 31 de diciembre');
  const mes = input.mes13 ? 13 : m;
  const cuentas = await listCuentas(db, userId);
  const byNumero = new Map(cuentas.map((c) => [c.numero, c]));
  const parents = new Set(cuentas.map((c) => c.padre).filter(Boolean));
  const errors: Record<string, string[]> = {};
  input.lineas.forEach((l, i) => {
    const c = byNumero.get(l.numCta);
    if (!c) errors[`lineas.${i}.numCta`] = [`La cuenta ${l.numCta} no existe en el catálogo`];
    else if (!c.activa) errors[`lineas.${i}.numCta`] = [`La cuenta ${l.numCta} está desactivada`];
    else if (parents.has(c.numero)) errors[`lineas.${i}.numCta`] = [`La cuenta ${l.numCta} tiene subcuentas: registra el movimiento en una de ellas`];
    if (l.uuid && (!l.rfc || !l.montoTotal)) errors[`lineas.${i}.uuid`] = ['Con el UUID del CFDI indica también su RFC y su monto total'];
  });
  if (Object.keys(errors).length) throw badRequest('Revisa los movimientos de la póliza', errors);
  const poliza: EnginePoliza = {
    tipo: input.tipo, fecha: input.fecha, concepto: input.concepto,
    lineas: input.lineas.map((l) => ({
      numCta: l.numCta, concepto: l.concepto || input.concepto.slice(0, 200),
      debe: toCents(l.debe), haber: toCents(l.haber),
      comprobantes: l.uuid ? [{ uuid: l.uuid.toUpperCase(), rfc: l.rfc!.toUpperCase(), montoTotal: toCents(l.montoTotal!) }] : [],
    })),
  };
  try {
    assertBalanced(poliza);
  } catch (err) {
    if (err instanceof PolizaDescuadradaError) throw fieldError('lineas', err.message);
    throw err;
  }
  const id = await db.transaction(async (tx) => {
    await assertOpen(tx, userId, y, mes);
    const next = await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('accounting_polizas', 'id'))::int AS id`);
    const n = Number((next.rows[0] as { id: number }).id);
    const numero = `M${y}${String(mes).padStart(2, '0')}-${n}`;
    const ids = await insertPolizas(tx, userId, [{ ...poliza, numero, anio: y, mes, origen: 'manual', sourceKey: null }]);
    return ids.get(numero)!;
  });
  return (await getPoliza(db, userId, id))!;
}

/** "12.5" → "12.50" (decimal, never a float); the schema already allows at most 2 decimals. */
const toCents = (v: string): string => new Decimal(v).toFixed(2);

/** Deletes a manual póliza of an open month (automatic ones are rewritten by generating the month again). */
export async function deletePoliza(db: Db, userId: number, id: number): Promise<{ message: string }> {
  const p = await getPoliza(db, userId, id);
  if (!p) throw notFound('Póliza no encontrada');
  if (p.origen !== 'manual') throw fieldError('id', 'Las pólizas automáticas no se borran: cambia el documento o las reglas y genera el mes de nuevo');
  await db.transaction(async (tx) => {
    await assertOpen(tx, userId, p.anio, p.mes);
    await tx.execute(sql`DELETE FROM accounting_polizas WHERE user_id = ${userId} AND id = ${id}`);
  });
  return { message: 'Póliza eliminada' };
}

/** The balanza of a month (13: the closing entries, with December's final balances as its opening). */
export async function getBalanza(db: Runner, userId: number, anio: number, mes: number): Promise<Balanza> {
  const cuentas = await listCuentas(db, userId);
  const apertura = await aperturaVigente(db, userId, anio, mes);
  const res = await db.execute(sql`SELECT num_cta,
      coalesce(sum(debe) FILTER (WHERE (anio, mes) < (${anio}, ${mes})), 0)::text AS debe_ant,
      coalesce(sum(haber) FILTER (WHERE (anio, mes) < (${anio}, ${mes})), 0)::text AS haber_ant,
      coalesce(sum(debe) FILTER (WHERE anio = ${anio} AND mes = ${mes}), 0)::text AS debe,
      coalesce(sum(haber) FILTER (WHERE anio = ${anio} AND mes = ${mes}), 0)::text AS haber
    FROM ${lineasDesdeApertura(userId, { anio, mes }, apertura)} GROUP BY num_cta`);
  const movs: MovimientosCuenta[] = (res.rows as { num_cta: string; debe_ant: string; haber_ant: string; debe: string; haber: string }[])
    .map((r) => ({ numero: r.num_cta, debeAnterior: r.debe_ant, haberAnterior: r.haber_ant, debe: r.debe, haber: r.haber }));
  const chart = cuentas as EngineCuenta[];
  const rows = balanza(chart, movs);
  return { anio, mes, cerrado: await isClosed(db, userId, anio, mes), rows, totales: totalesBalanza(movs), saldosIniciales: apertura };
}

export interface XmlFile { name: string; body: Readable }

/** Anexo 24's files; pólizas and folios need the solicitud (422 without), a complementary balanza its FechaModBal. */
export async function xmlFile(
  db: Db, account: { id: number; rfc: string }, tipo: 'catalogo' | 'balanza' | 'polizas' | 'folios' | 'auxiliar', anio: number, mes: number,
  q: { tipoSolicitud?: string; numOrden?: string; numTramite?: string; tipoEnvio?: 'N' | 'C'; fechaModBal?: string },
): Promise<XmlFile> {
  const h = { rfc: account.rfc, anio, mes };
  if (tipo === 'catalogo') {
    if (mes > 12) throw fieldError('mes', 'El catálogo de cuentas se envía por mes del 1 al 12');
    const cuentas = (await listCuentas(db, account.id)).filter((c) => c.activa);
    return { name: nombreArchivo(account.rfc, anio, mes, 'CT'), body: Readable.from(catalogoXml(h, cuentas as EngineCuenta[])) };
  }
  if (tipo === 'balanza') {
    const tipoEnvio = q.tipoEnvio ?? 'N';
    if (tipoEnvio === 'C' && !q.fechaModBal) throw fieldError('fechaModBal', 'La balanza complementaria lleva la fecha de la última modificación contable');
    const b = await getBalanza(db, account.id, anio, mes);
    return {
      name: nombreArchivo(account.rfc, anio, mes, tipoEnvio === 'C' ? 'BC' : 'BN'),
      body: Readable.from(balanzaXml({ ...h, tipoEnvio, fechaModBal: q.fechaModBal }, b.rows)),
    };
  }
  const errors = erroresSolicitud(q as Partial<Solicitud>);
  if (Object.keys(errors).length) throw badRequest('Indica el tipo de solicitud y su número de orden o de trámite', errors);
  const solicitud = q as Solicitud;
  if (tipo === 'auxiliar') {
    return { name: nombreArchivo(account.rfc, anio, mes, 'XC'), body: Readable.from(auxiliarCuentasXml(h, solicitud, await auxiliarCuentas(db, account.id, anio, mes))) };
  }
  if (tipo === 'folios') {
    return { name: nombreArchivo(account.rfc, anio, mes, 'XF'), body: Readable.from(streamFolios(db, account.id, h, solicitud)) };
  }
  const descripciones = new Map((await listCuentas(db, account.id)).map((c) => [c.numero, c.descripcion]));
  return { name: nombreArchivo(account.rfc, anio, mes, 'PL'), body: Readable.from(streamPolizas(db, account.id, h, solicitud, descripciones)) };
}

/** Pages of 500 pólizas, each written as it arrives: the month is never held in memory as one string. */
async function* pages(db: Db, userId: number, anio: number, mes: number): AsyncGenerator<Poliza[]> {
  let after: { fecha: string; id: number } | null = null;
  for (;;) {
    const page = await polizasPage(db, userId, anio, mes, after, 500);
    if (!page.length) return;
    yield page;
    const last = page[page.length - 1]!;
    after = { fecha: last.fecha, id: last.id };
  }
}

async function* streamPolizas(db: Db, userId: number, h: { rfc: string; anio: number; mes: number }, s: Solicitud, desc: Map<string, string>): AsyncGenerator<string> {
  const { inicio, fin } = polizasEnvoltura(h, s);
  yield inicio;
  for await (const page of pages(db, userId, h.anio, h.mes)) {
    let chunk = '';
    for (const p of page) {
      for (const part of polizaXml({ numUnIdenPol: p.numero, fecha: p.fecha, concepto: p.concepto, lineas: p.lineas.map((l) => ({ ...l, desCta: desc.get(l.numCta) ?? l.numCta })) })) chunk += part;
    }
    yield chunk;
  }
  yield fin;
}

async function* streamFolios(db: Db, userId: number, h: { rfc: string; anio: number; mes: number }, s: Solicitud): AsyncGenerator<string> {
  // The auxiliar de folios lists every póliza with its CFDIs; small enough per page to build with the writer.
  const all: { numUnIdenPol: string; fecha: string; comprobantes: Poliza['lineas'][number]['comprobantes'] }[] = [];
  for await (const page of pages(db, userId, h.anio, h.mes)) {
    for (const p of page) {
      const seen = new Map<string, Poliza['lineas'][number]['comprobantes'][number]>();
      for (const l of p.lineas) for (const c of l.comprobantes) seen.set(c.uuid.toUpperCase(), c);
      if (seen.size) all.push({ numUnIdenPol: p.numero, fecha: p.fecha, comprobantes: [...seen.values()] });
    }
  }
  yield* auxiliarFoliosXml(h, s, all);
}

/**
 * The auxiliar de cuentas: every account with direct postings in the month, its balances (from the
 * balanza) and its lines in date order. Built in memory: one line per movement of the month.
 */
export async function auxiliarCuentas(db: Db, userId: number, anio: number, mes: number, desde = mes): Promise<CuentaAuxiliar[]> {
  // From `desde` to `mes` of the same year (the mayor's year to date): saldo inicial of the first month, final of the last.
  const b = await getBalanza(db, userId, anio, mes);
  const inicio = desde === mes ? b : await getBalanza(db, userId, anio, desde);
  const filas = new Map(b.rows.map((r) => [r.numero, r]));
  const iniciales = new Map(inicio.rows.map((r) => [r.numero, r.saldoInicial]));
  const res = await db.execute(sql`SELECT l.num_cta, to_char(p.fecha, 'YYYY-MM-DD') AS fecha, p.numero, l.concepto, l.debe::text AS debe, l.haber::text AS haber
    FROM accounting_poliza_lines l JOIN accounting_polizas p ON p.user_id = l.user_id AND p.id = l.poliza_id
    WHERE l.user_id = ${userId} AND l.anio = ${anio} AND l.mes BETWEEN ${desde} AND ${mes} ORDER BY l.num_cta, l.mes, p.fecha, p.numero, l.orden`);
  const out = new Map<string, CuentaAuxiliar>();
  for (const r of res.rows as { num_cta: string; fecha: string; numero: string; concepto: string; debe: string; haber: string }[]) {
    let c = out.get(r.num_cta);
    if (!c) {
      const f = filas.get(r.num_cta);
      c = { numCta: r.num_cta, desCta: f?.descripcion ?? r.num_cta, saldoIni: iniciales.get(r.num_cta) ?? '0.00', saldoFin: f?.saldoFinal ?? '0.00', detalles: [] };
      out.set(r.num_cta, c);
    }
    c.detalles.push({ fecha: r.fecha, numUnIdenPol: r.numero, concepto: r.concepto, debe: r.debe, haber: r.haber });
  }
  return [...out.values()];
}

/** Estado de resultados and balance general of a month (accumulated from January of its year). */
export async function getEstados(db: Runner, userId: number, anio: number, mes: number): Promise<EstadosFinancieros> {
  const cuentas = await listCuentas(db, userId);
  const res = await db.execute(sql`SELECT num_cta,
      coalesce(sum(debe) FILTER (WHERE anio = ${anio} AND mes = ${mes}), 0)::text AS debe,
      coalesce(sum(haber) FILTER (WHERE anio = ${anio} AND mes = ${mes}), 0)::text AS haber,
      coalesce(sum(debe) FILTER (WHERE anio = ${anio}), 0)::text AS debe_acum,
      coalesce(sum(haber) FILTER (WHERE anio = ${anio}), 0)::text AS haber_acum,
      coalesce(sum(debe), 0)::text AS debe_total, coalesce(sum(haber), 0)::text AS haber_total
    FROM ${lineasDesdeApertura(userId, { anio, mes }, await aperturaVigente(db, userId, anio, mes))} GROUP BY num_cta`);
  const movs = (res.rows as Record<string, string>[]).map((r) => ({
    numero: r.num_cta!, debe: r.debe!, haber: r.haber!, debeAcumulado: r.debe_acum!, haberAcumulado: r.haber_acum!, debeTotal: r.debe_total!, haberTotal: r.haber_total!,
  }));
  return { anio, mes, ...estadosFinancieros(cuentas as EngineCuenta[], movs) };
}
