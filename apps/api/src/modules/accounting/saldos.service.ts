import { sql } from 'drizzle-orm';
import { leerArchivoContable, validateContabilidadXsd } from '@facturo/cfdi/contabilidad';
import { Decimal } from '@facturo/cfdi/money';
import type { Cuenta, ImportarSaldosResponse } from '@facturo/contract';
import type { Db } from '../../db/client';
import { badRequest, fieldError } from '../../http/errors';
import { listCuentas } from './chart.service';
import { assertOpen } from './periods.service';

type Runner = Pick<Db, 'execute'>;

/**
 * Opening balances from an existing BalanzaComprobacion 1.3 (issue 28 §4, decision 319): its saldos finales open
 * the next month. Each NumCta of the file maps to the chart by the same número (the old catálogo imported first),
 * else by the código agrupador the old catálogo gives it (to the chart's account numbered with that code), else by
 * an explicit `mapeo`. A parent row whose subaccounts are also in the file is left out (its saldo is theirs).
 */
export async function importarSaldos(
  db: Db, userId: number, body: { xml: string; catalogoXml?: string; mapeo?: Record<string, string>; confirmar?: boolean },
): Promise<ImportarSaldosResponse> {
  const problems = validateContabilidadXsd(body.xml);
  if (problems.length) throw badRequest('El XML no es una balanza de comprobación 1.3 válida', { xml: problems.slice(0, 5) });
  const archivo = leerArchivoContable(body.xml);
  if (archivo.tipo !== 'balanza') throw fieldError('xml', 'El XML no es una balanza de comprobación (BalanzaComprobacion 1.3)');
  if (archivo.encabezado.mes === 13) throw fieldError('xml', 'La balanza del mes 13 no sirve de saldos iniciales: importa la de diciembre ya con el cierre');
  const codigos = new Map<string, string>();
  const padresCatalogo = new Set<string>();
  if (body.catalogoXml) {
    const cp = validateContabilidadXsd(body.catalogoXml);
    const cat = cp.length ? null : leerArchivoContable(body.catalogoXml);
    if (!cat || cat.tipo !== 'catalogo') throw fieldError('catalogoXml', 'El XML del catálogo no es un catálogo de cuentas 1.3 válido');
    for (const c of cat.cuentas) {
      codigos.set(c.numero, c.codigoAgrupador);
      if (c.padre) padresCatalogo.add(c.padre);
    }
  }
  const { anio: oa, mes: om } = archivo.encabezado;
  const anio = om === 12 ? oa + 1 : oa;
  const mes = om === 12 ? 1 : om + 1;

  const cuentas = await listCuentas(db, userId);
  const byNumero = new Map(cuentas.map((c) => [c.numero, c]));
  const mapear = (numCta: string): { cuenta: Cuenta; por: 'numero' | 'codigoAgrupador' | 'mapeo' } | null => {
    const dado = body.mapeo?.[numCta];
    if (dado) return byNumero.has(dado) ? { cuenta: byNumero.get(dado)!, por: 'mapeo' } : null;
    if (byNumero.has(numCta)) return { cuenta: byNumero.get(numCta)!, por: 'numero' };
    const codigo = codigos.get(numCta);
    if (codigo && byNumero.has(codigo)) return { cuenta: byNumero.get(codigo)!, por: 'codigoAgrupador' };
    return null;
  };
  const mapped = archivo.filas.map((f) => ({ f, m: mapear(f.numero) }));
  // A row whose mapped account is an ancestor of another row's mapped account, or a parent in the old catálogo: a sum.
  const ancestros = new Set<string>();
  for (const { m } of mapped) {
    let p = m ? byNumero.get(m.cuenta.numero)?.padre ?? null : null;
    while (p && !ancestros.has(p)) { ancestros.add(p); p = byNumero.get(p)?.padre ?? null; }
  }
  const numerosArchivo = archivo.filas.map((f) => f.numero);
  // Parents by the old catálogo's SubCtaDe, or by the dotted número ('2151.1' under '2151'): two rows of one branch
  // may map to the same account by código agrupador, and only the leaf counts.
  const esPadreEnArchivo = (n: string) => padresCatalogo.has(n) || numerosArchivo.some((o) => o !== n && o.startsWith(`${n}.`));

  const errors: Record<string, string[]> = {};
  const totales = new Map<string, { debe: Decimal; haber: Decimal; origen: string[] }>();
  let debe = new Decimal(0);
  let haber = new Decimal(0);
  const filas = mapped.map(({ f, m }, i) => {
    const omitida = esPadreEnArchivo(f.numero) || (m ? ancestros.has(m.cuenta.numero) : false);
    if (!m && !omitida) errors[`filas.${i}.numCta`] = [`La cuenta ${f.numero} de la balanza no está en tu catálogo: impórtalo o indica a cuál corresponde`];
    if (m && !omitida) {
      // SaldoFin is signed by the account's nature: a negative saldo sits on the other side.
      const saldo = new Decimal(f.saldoFinal);
      const deudor = (m.cuenta.naturaleza === 'D') === saldo.greaterThanOrEqualTo(0);
      const t = totales.get(m.cuenta.numero) ?? { debe: new Decimal(0), haber: new Decimal(0), origen: [] };
      if (deudor) { t.debe = t.debe.plus(saldo.abs()); debe = debe.plus(saldo.abs()); } else { t.haber = t.haber.plus(saldo.abs()); haber = haber.plus(saldo.abs()); }
      t.origen.push(f.numero);
      totales.set(m.cuenta.numero, t);
    }
    return {
      numCtaOrigen: f.numero, numero: m?.cuenta.numero ?? null, descripcion: m?.cuenta.descripcion ?? null, por: m?.por ?? null,
      saldo: new Decimal(f.saldoFinal).toFixed(2), omitida,
    };
  });
  const out: ImportarSaldosResponse = {
    anio, mes, origen: archivo.encabezado, filas, totales: { debe: debe.toFixed(2), haber: haber.toFixed(2) }, guardado: false,
  };
  if (!body.confirmar) return out;
  if (Object.keys(errors).length) throw badRequest('Hay cuentas de la balanza sin cuenta en tu catálogo', errors);
  if (!debe.equals(haber)) throw fieldError('xml', `Los saldos no cuadran: deudores ${debe.toFixed(2)}, acreedores ${haber.toFixed(2)}`);
  await db.transaction(async (tx) => {
    await assertOpen(tx, userId, anio, mes, 'xml');
    // Importing the same month again replaces its balances.
    await tx.execute(sql`DELETE FROM accounting_opening_balances WHERE user_id = ${userId} AND anio = ${anio} AND mes = ${mes}`);
    const values = [...totales].map(([n, t]) => sql`(${userId}, ${anio}, ${mes}, ${n}, ${t.debe.toFixed(2)}, ${t.haber.toFixed(2)}, ${t.origen.join(', ')})`);
    for (let i = 0; i < values.length; i += 500) {
      await tx.execute(sql`INSERT INTO accounting_opening_balances (user_id, anio, mes, num_cta, debe, haber, origen) VALUES ${sql.join(values.slice(i, i + 500), sql`, `)}`);
    }
  });
  return { ...out, guardado: true };
}

/** The latest opening at or before (anio, mes): the balances of that month and later start from it. */
export async function aperturaVigente(db: Runner, userId: number, anio: number, mes: number): Promise<{ anio: number; mes: number } | null> {
  const res = await db.execute(sql`SELECT anio, mes FROM accounting_opening_balances
    WHERE user_id = ${userId} AND (anio, mes) <= (${anio}, ${Math.min(mes, 12)}) ORDER BY anio DESC, mes DESC LIMIT 1`);
  const r = res.rows[0] as { anio: number; mes: number } | undefined;
  return r ? { anio: Number(r.anio), mes: Number(r.mes) } : null;
}

/**
 * The lines a balance sums, as a subquery `(num_cta, anio, mes, debe, haber)`: the pólizas from the opening on, and
 * the opening balances as one row per account dated (año, 0) — before any month, and inside the year to date only
 * when the opening falls within that year (a balanza of March carries January–March's results; December's does not).
 */
export function lineasDesdeApertura(userId: number, hasta: { anio: number; mes: number }, apertura: { anio: number; mes: number } | null) {
  const desde = apertura ?? { anio: 0, mes: 0 };
  return sql`(SELECT num_cta, anio, mes, debe, haber FROM accounting_poliza_lines
      WHERE user_id = ${userId} AND (anio, mes) <= (${hasta.anio}, ${hasta.mes}) AND (anio, mes) >= (${desde.anio}, ${desde.mes})
    UNION ALL
    SELECT num_cta, CASE WHEN mes > 1 THEN anio ELSE 0 END, 0, debe, haber FROM accounting_opening_balances
      WHERE user_id = ${userId} AND anio = ${desde.anio} AND mes = ${desde.mes}) AS lineas`;
}
