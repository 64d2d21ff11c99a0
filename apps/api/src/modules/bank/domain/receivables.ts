import { Decimal } from '@facturo/cfdi/money';

/**
 * A customer's account statement and reminder rules (issue 27 §5): pure, no DB. The due date of an invoice is its
 * date plus the customer's credit term (CondicionesDePago is free text, so the term is a setting per customer).
 */
export interface OpenInvoice {
  uuid: string;
  serie: string | null;
  folio: string | null;
  fecha: string;
  metodoPago: string | null;
  moneda: string;
  total: string;
  saldo: string;
}

export interface StatementLine extends OpenInvoice {
  vence: string;
  diasVencido: number;
}

const DAY = 86_400_000;
const dayNumber = (d: string) => Math.floor(Date.parse(`${d.slice(0, 10)}T00:00:00Z`) / DAY);
export const addDays = (d: string, n: number) => new Date((dayNumber(d) + n) * DAY).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

export function statementLines(docs: OpenInvoice[], asOf: string, termDays: number) {
  const facturas: StatementLine[] = docs
    .map((d) => {
      const vence = addDays(d.fecha, termDays);
      return { ...d, fecha: d.fecha.slice(0, 10), vence, diasVencido: Math.max(0, daysBetween(vence, asOf)) };
    })
    // Oldest due date first: the order a customer pays in.
    .sort((a, b) => a.vence.localeCompare(b.vence) || a.uuid.localeCompare(b.uuid));
  const saldo = facturas.reduce((a, f) => a.plus(f.saldo), new Decimal(0));
  const vencido = facturas.filter((f) => f.diasVencido > 0).reduce((a, f) => a.plus(f.saldo), new Decimal(0));
  return { facturas, saldo: saldo.toFixed(2), vencido: vencido.toFixed(2) };
}

/**
 * Whether the daily job e-mails this customer today: reminders on, some invoice at least `diasDespues` days past
 * due, and no automatic reminder within the last `intervalo` days.
 */
export function reminderDue(
  lines: StatementLine[], today: string, s: { recordatorios: boolean; diasDespues: number; intervalo: number }, lastSent: string | null,
): boolean {
  if (!s.recordatorios) return false;
  if (!lines.some((l) => new Decimal(l.saldo).gt(0) && daysBetween(l.vence, today) >= Math.max(1, s.diasDespues))) return false;
  return lastSent === null || daysBetween(lastSent, today) >= s.intervalo;
}

const folioOf = (l: Pick<OpenInvoice, 'serie' | 'folio' | 'uuid'>) => (l.serie || l.folio ? `${l.serie ?? ''}${l.folio ?? ''}` : l.uuid.slice(0, 8).toUpperCase());

/** The Spanish reminder e-mail (subject and text): the overdue invoices, what is owed, and the statement attached. */
export function reminderText(emisor: { rfc: string; nombre: string | null }, cliente: { rfc: string; nombre: string | null }, lines: StatementLine[], saldo: string, vencido: string) {
  const overdue = lines.filter((l) => l.diasVencido > 0);
  const who = emisor.nombre ?? emisor.rfc;
  const subject = `Recordatorio de pago: saldo vencido de ${vencido} con ${who}`;
  const text = [
    `Estimado cliente ${cliente.nombre ?? cliente.rfc} (${cliente.rfc}):`,
    '',
    `Le recordamos que tiene ${overdue.length === 1 ? 'una factura vencida' : `${overdue.length} facturas vencidas`} con ${who} (RFC ${emisor.rfc}):`,
    ...overdue.map((l) => `  · Factura ${folioOf(l)} del ${l.fecha}, venció el ${l.vence} (${l.diasVencido} días): saldo ${l.saldo} ${l.moneda}`),
    '',
    `Saldo vencido: ${vencido}. Saldo total: ${saldo}.`,
    'Adjuntamos su estado de cuenta. Si ya realizó el pago, le agradeceremos enviarnos el comprobante para aplicarlo; en ese caso ignore este mensaje.',
    '',
    'Atentamente,',
    who,
  ].join('\n');
  return { subject, text };
}

export { folioOf };

/**
 * Before the due date (decision 317): the lines with saldo falling due within `diasAntes` days (not yet due), and
 * the window that names the latest of those due dates — a new e-mail only when a later due date enters the
 * horizon, however many times the daily job runs or skips a day. Null when nothing is coming due.
 */
export function upcoming<T extends { vence: string; saldo: string }>(lines: T[], today: string, diasAntes: number): { lines: T[]; ventana: string } | null {
  const soon = lines.filter((l) => new Decimal(l.saldo).gt(0) && daysBetween(today, l.vence) >= 0 && daysBetween(today, l.vence) <= diasAntes);
  if (!soon.length) return null;
  return { lines: soon, ventana: soon.reduce((max, l) => (l.vence > max ? l.vence : max), soon[0]!.vence) };
}

/** The Spanish notice to a customer before the due date (subject and text). */
export function preDueText(emisor: { rfc: string; nombre: string | null }, cliente: { rfc: string; nombre: string | null }, lines: StatementLine[]) {
  const who = emisor.nombre ?? emisor.rfc;
  const total = lines.reduce((a, l) => a.plus(l.saldo), new Decimal(0)).toFixed(2);
  const subject = `Aviso: ${lines.length === 1 ? 'una factura vence' : `${lines.length} facturas vencen`} pronto con ${who}`;
  const text = [
    `Estimado cliente ${cliente.nombre ?? cliente.rfc} (${cliente.rfc}):`,
    '',
    `Le recordamos que ${lines.length === 1 ? 'la siguiente factura vence' : 'las siguientes facturas vencen'} en los próximos días:`,
    ...lines.map((l) => `  · Factura ${folioOf(l)} del ${l.fecha}, vence el ${l.vence}: saldo ${l.saldo} ${l.moneda}`),
    '',
    `Total por vencer: ${total}.`,
    'Adjuntamos su estado de cuenta. Si ya realizó el pago, le agradeceremos enviarnos el comprobante; en ese caso ignore este mensaje.',
    '',
    'Atentamente,',
    who,
  ].join('\n');
  return { subject, text };
}

export interface PayableLine { uuid: string; serie: string | null; folio: string | null; fecha: string; rfc: string; nombre: string | null; moneda: string; saldo: string; vence: string }

/** The Spanish notice to the account itself of supplier CFDI coming due (subject and text). */
export function payablesText(cuenta: string, lines: PayableLine[]) {
  const total = lines.reduce((a, l) => a.plus(l.saldo), new Decimal(0)).toFixed(2);
  const subject = `Cuentas por pagar: ${lines.length === 1 ? '1 CFDI de proveedor vence' : `${lines.length} CFDI de proveedores vencen`} pronto`;
  const text = [
    `Hola, ${cuenta}:`,
    '',
    `${lines.length === 1 ? 'Este CFDI de proveedor vence' : 'Estos CFDI de proveedores vencen'} en los próximos días:`,
    ...lines.map((l) => `  · ${l.nombre ?? l.rfc} (${l.rfc}), CFDI ${folioOf(l)} del ${l.fecha}, vence el ${l.vence}: saldo ${l.saldo} ${l.moneda}`),
    '',
    `Total por pagar: ${total}.`,
    'Puedes cambiar o desactivar este aviso en Bancos › Antigüedad de saldos › Proveedores.',
  ].join('\n');
  return { subject, text };
}
