import { createHash } from 'node:crypto';
import { Decimal } from '@facturo/cfdi/money';

/**
 * One movement as read from a statement, before it is stored. `importe` is signed decimal text (a deposit is
 * positive, a withdrawal negative), two decimals; `fecha` is the booking day (YYYY-MM-DD).
 */
export interface ParsedMovement {
  fecha: string;
  importe: string;
  descripcion: string;
  referencia: string | null;
  saldo: string | null;
  /** The bank's own id of the movement (OFX FITID, CAMT AcctSvcrRef/NtryRef), when it gives one. */
  bankId: string | null;
  /** The counterparty's name, when the format carries it (CAMT RltdPties, OFX NAME). */
  contraparte: string | null;
}

export interface ParsedStatement {
  /** The statement's own account identifier (IBAN, OFX ACCTID, …): each movement keeps it. */
  cuenta: string | null;
  moneda: string | null;
  apertura: string | null;
  cierre: string | null;
  movimientos: ParsedMovement[];
}

export interface StatementRejection {
  /** Where it was: "línea 12", "movimiento 3 del estado 1234Test/1". */
  linea: string;
  /** Why, in Spanish. */
  motivo: string;
}

export type StatementFormat = 'CAMT.053' | 'OFX' | 'CSV' | 'XLSX';

export interface ParsedFile {
  formato: StatementFormat;
  statements: ParsedStatement[];
  rechazados: StatementRejection[];
}

/** A statement that cannot be read at all (not the format it claims, no movements section): refused whole. */
export class StatementFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatementFormatError';
  }
}

/** Decimal text → two-decimal text, or null when it is not a number ("1.234,50" and "1,234.50" both read). */
export function normalizeAmount(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  let s = raw.replace(/[\s$€]|MXN|USD|EUR/gi, '');
  if (!s) return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) { negative = true; s = s.slice(1, -1); }
  if (s.endsWith('-')) { negative = true; s = s.slice(0, -1); }
  // The last separator followed by 1-2 digits is the decimal point; the others group thousands.
  const m = /^([+-]?)([\d.,]*?)(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m || !/\d/.test(m[2]! + (m[3] ?? ''))) return null;
  const intPart = m[2]!.replace(/[.,]/g, '');
  if (!/^\d*$/.test(intPart)) return null;
  const value = new Decimal(`${intPart || '0'}.${m[3] ?? '0'}`);
  return (negative !== (m[1] === '-') ? value.negated() : value).toFixed(2);
}

/**
 * The movement's fingerprint: the same movement read again (an overlapping statement, another format of the
 * same period) gives the same one, so re-importing adds only new movements. The bank's own id is used when it
 * has one; otherwise date, amount, description and reference. `ordinal` tells apart identical movements of one
 * day (two equal transfers): the n-th occurrence within its statement keeps its n.
 */
export function fingerprint(cuentaId: number, m: ParsedMovement, ordinal: number): string {
  const desc = m.descripcion.toUpperCase().replace(/\s+/g, ' ').trim();
  const key = m.bankId
    ? `id|${m.bankId}|${m.fecha}|${m.importe}`
    : `m|${m.fecha}|${m.importe}|${desc}|${(m.referencia ?? '').trim().toUpperCase()}|${ordinal}`;
  return createHash('sha256').update(`${cuentaId}|${key}`).digest('hex').slice(0, 40);
}

/** Numbers each movement among the identical ones before it (same date, amount, description, reference). */
export function ordinals(movements: ParsedMovement[]): number[] {
  const seen = new Map<string, number>();
  return movements.map((m) => {
    const k = `${m.fecha}|${m.importe}|${m.descripcion.trim().toUpperCase()}|${m.referencia ?? ''}`;
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    return n;
  });
}

/**
 * Opening + movements = closing? A statement that does not add up is still imported (the bank's file is
 * what it is), with a warning in Spanish naming the difference. Null when it adds up or a balance is missing.
 */
export function balanceWarning(s: ParsedStatement): string | null {
  if (s.apertura == null || s.cierre == null) return null;
  const sum = s.movimientos.reduce((acc, m) => acc.plus(m.importe), new Decimal(0));
  const expected = new Decimal(s.apertura).plus(sum);
  if (expected.eq(s.cierre)) return null;
  const name = s.cuenta ? ` de la cuenta ${s.cuenta}` : '';
  return `El estado${name} no cuadra: saldo inicial ${s.apertura} + movimientos ${sum.toFixed(2)} = ${expected.toFixed(2)}, pero el saldo final es ${s.cierre} (diferencia ${expected.minus(s.cierre).toFixed(2)})`;
}

/** "2026-03-05" from a Date's parts, validating the day exists. */
export function isoDay(y: number, m: number, d: number): string | null {
  if (!(y >= 1900 && y <= 2100 && m >= 1 && m <= 12 && d >= 1 && d <= 31)) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
