import { Decimal, toDecimal } from '../money/decimal';
import type { Cuenta } from './types';

/** The sums of one account's entries: before the period and within it. Decimal strings. */
export interface MovimientosCuenta {
  numero: string;
  debeAnterior: string;
  haberAnterior: string;
  debe: string;
  haber: string;
}

export interface FilaBalanza {
  numero: string;
  descripcion: string;
  naturaleza: 'D' | 'A';
  nivel: number;
  saldoInicial: string;
  debe: string;
  haber: string;
  saldoFinal: string;
}

interface Acc { debeAnt: Decimal; haberAnt: Decimal; debe: Decimal; haber: Decimal }

/**
 * The balanza de comprobación: each account's movements plus its descendants' (a parent row is the sum
 * of its children), the saldo signed by the account's nature (deudora: debe − haber; acreedora: haber − debe).
 * Accounts with no balance and no movement are left out, as SAT's Balanza lists only accounts in use.
 */
export function balanza(cuentas: Cuenta[], movimientos: MovimientosCuenta[]): FilaBalanza[] {
  const zero = new Decimal(0);
  const byNumero = new Map(cuentas.map((c) => [c.numero, c]));
  const acc = new Map<string, Acc>();
  for (const m of movimientos) {
    // Walk up the parents: each ancestor accumulates the leaf's movements once.
    let numero: string | null = m.numero;
    const seen = new Set<string>();
    while (numero && !seen.has(numero)) {
      seen.add(numero);
      const a = acc.get(numero) ?? { debeAnt: zero, haberAnt: zero, debe: zero, haber: zero };
      acc.set(numero, {
        debeAnt: a.debeAnt.plus(toDecimal(m.debeAnterior)), haberAnt: a.haberAnt.plus(toDecimal(m.haberAnterior)),
        debe: a.debe.plus(toDecimal(m.debe)), haber: a.haber.plus(toDecimal(m.haber)),
      });
      numero = byNumero.get(numero)?.padre ?? null;
    }
  }
  const rows: FilaBalanza[] = [];
  for (const c of cuentas) {
    const a = acc.get(c.numero);
    if (!a) continue;
    const sign = c.naturaleza === 'D' ? 1 : -1;
    const ini = a.debeAnt.minus(a.haberAnt).times(sign);
    const fin = ini.plus(a.debe.minus(a.haber).times(sign));
    if (ini.isZero() && fin.isZero() && a.debe.isZero() && a.haber.isZero()) continue;
    rows.push({
      numero: c.numero, descripcion: c.descripcion, naturaleza: c.naturaleza, nivel: c.nivel,
      saldoInicial: ini.toFixed(2), debe: a.debe.toFixed(2), haber: a.haber.toFixed(2), saldoFinal: fin.toFixed(2),
    });
  }
  return rows;
}

/**
 * Totals of the period's debe and haber over the accounts that receive entries (the direct postings, so
 * a parent's row, which already sums its children, is never counted twice). Equal when every póliza balances.
 */
export function totalesBalanza(movimientos: MovimientosCuenta[]): { debe: string; haber: string } {
  let debe = new Decimal(0);
  let haber = new Decimal(0);
  for (const m of movimientos) {
    debe = debe.plus(toDecimal(m.debe));
    haber = haber.plus(toDecimal(m.haber));
  }
  return { debe: debe.toFixed(2), haber: haber.toFixed(2) };
}
