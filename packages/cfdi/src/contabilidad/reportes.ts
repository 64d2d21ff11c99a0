import { Decimal, toDecimal } from '../money/decimal';
import type { Cuenta } from './types';

/**
 * Estado de resultados and balance general from the direct postings, each account classed by the first
 * digit of its código agrupador (Anexo 24: 1 activo, 2 pasivo, 3 capital, 4 ingresos, 5 costos, 6 gastos,
 * 7 resultado integral de financiamiento; 8 cuentas de orden are left out).
 */
export interface MovimientoReporte {
  numero: string;
  /** Sums of the month. */
  debe: string;
  haber: string;
  /** Sums from January to the month (same year). */
  debeAcumulado: string;
  haberAcumulado: string;
  /** Sums of every entry up to the end of the month (balances). */
  debeTotal: string;
  haberTotal: string;
}

export interface RenglonReporte { numero: string; descripcion: string; mes: string; acumulado: string }
export interface SeccionResultados { clave: 'ingresos' | 'costos' | 'gastos' | 'financieros'; renglones: RenglonReporte[]; mes: string; acumulado: string }
export interface EstadosFinancieros {
  resultados: { secciones: SeccionResultados[]; utilidadMes: string; utilidadAcumulada: string };
  balance: {
    activo: { renglones: { numero: string; descripcion: string; saldo: string }[]; total: string };
    pasivo: { renglones: { numero: string; descripcion: string; saldo: string }[]; total: string };
    capital: { renglones: { numero: string; descripcion: string; saldo: string }[]; total: string };
    /** Result not yet closed into capital (all income and expense accounts to date). */
    resultadoEjercicio: string;
    /** activo − (pasivo + capital + resultado): 0 when every póliza balances. */
    diferencia: string;
  };
}

const SECCION: Record<string, SeccionResultados['clave']> = { '4': 'ingresos', '5': 'costos', '6': 'gastos', '7': 'financieros' };

export function estadosFinancieros(cuentas: Cuenta[], movs: MovimientoReporte[]): EstadosFinancieros {
  const byNumero = new Map(cuentas.map((c) => [c.numero, c]));
  const top = (numero: string): Cuenta | undefined => {
    let c = byNumero.get(numero);
    while (c?.padre && byNumero.has(c.padre)) c = byNumero.get(c.padre);
    return c;
  };
  const zero = () => new Decimal(0);
  const secciones = new Map<SeccionResultados['clave'], Map<string, { d: Cuenta; mes: Decimal; acum: Decimal }>>();
  const balance = { '1': new Map<string, { d: Cuenta; saldo: Decimal }>(), '2': new Map<string, { d: Cuenta; saldo: Decimal }>(), '3': new Map<string, { d: Cuenta; saldo: Decimal }>() };
  let resultadoTotal = zero();
  for (const m of movs) {
    const cuenta = byNumero.get(m.numero);
    const raiz = top(m.numero);
    if (!cuenta || !raiz) continue;
    const clase = cuenta.codigoAgrupador.charAt(0);
    const d = (a: string, b: string) => toDecimal(a).minus(toDecimal(b));
    if (SECCION[clase]) {
      // Income shows as haber − debe, the rest as debe − haber: every section reads as a positive figure.
      const sign = clase === '4' ? -1 : 1;
      const sec = secciones.get(SECCION[clase]) ?? new Map();
      const r = sec.get(raiz.numero) ?? { d: raiz, mes: zero(), acum: zero() };
      r.mes = r.mes.plus(d(m.debe, m.haber).times(sign));
      r.acum = r.acum.plus(d(m.debeAcumulado, m.haberAcumulado).times(sign));
      sec.set(raiz.numero, r);
      secciones.set(SECCION[clase], sec);
      resultadoTotal = resultadoTotal.plus(d(m.haberTotal, m.debeTotal));
    } else if (clase === '1' || clase === '2' || clase === '3') {
      const sign = clase === '1' ? 1 : -1;
      const r = balance[clase].get(raiz.numero) ?? { d: raiz, saldo: zero() };
      r.saldo = r.saldo.plus(d(m.debeTotal, m.haberTotal).times(sign));
      balance[clase].set(raiz.numero, r);
    }
  }
  const orden: SeccionResultados['clave'][] = ['ingresos', 'costos', 'gastos', 'financieros'];
  const seccionesOut = orden.map((clave) => {
    const rows = [...(secciones.get(clave)?.values() ?? [])].sort((x, y) => x.d.numero.localeCompare(y.d.numero));
    return {
      clave, renglones: rows.map((r) => ({ numero: r.d.numero, descripcion: r.d.descripcion, mes: r.mes.toFixed(2), acumulado: r.acum.toFixed(2) })),
      mes: rows.reduce((s, r) => s.plus(r.mes), zero()).toFixed(2), acumulado: rows.reduce((s, r) => s.plus(r.acum), zero()).toFixed(2),
    };
  });
  const net = (k: 'mes' | 'acumulado') => seccionesOut.reduce((s, x) => (x.clave === 'ingresos' ? s.plus(x[k]) : s.minus(x[k])), zero()).toFixed(2);
  const grupo = (clase: '1' | '2' | '3') => {
    const rows = [...balance[clase].values()].sort((x, y) => x.d.numero.localeCompare(y.d.numero));
    return { renglones: rows.map((r) => ({ numero: r.d.numero, descripcion: r.d.descripcion, saldo: r.saldo.toFixed(2) })), total: rows.reduce((s, r) => s.plus(r.saldo), zero()).toFixed(2) };
  };
  const activo = grupo('1');
  const pasivo = grupo('2');
  const capital = grupo('3');
  return {
    resultados: { secciones: seccionesOut, utilidadMes: net('mes'), utilidadAcumulada: net('acumulado') },
    balance: {
      activo, pasivo, capital, resultadoEjercicio: resultadoTotal.toFixed(2),
      diferencia: toDecimal(activo.total).minus(toDecimal(pasivo.total)).minus(toDecimal(capital.total)).minus(resultadoTotal).toFixed(2),
    },
  };
}
