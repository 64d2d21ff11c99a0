/**
 * "Facturar este depósito" (issue 27 §4, decision 317): which customer a deposit comes from, read from its
 * description, reference and counterparty. Pure; the service hands it the account's customers (Clientes) and the
 * bank accounts (CLABE or account number) earlier deposits of each customer came from.
 *
 * Strongest first: an RFC of a customer written in the text; a CLABE / account number (10–18 digits) a deposit
 * already reconciled with that customer's invoices came from; the customer's name — every significant word of it
 * (accents, case and the company-type suffix ignored), at least two words, or one word of 5+ letters when the name
 * has only one. Two customers named alike → nobody (a wrong customer on an invoice is worse than none).
 */

export interface KnownCustomer { id: number; rfc: string; nombre: string }
export interface Recognised { customer: KnownCustomer; motivo: 'rfc' | 'cuenta' | 'nombre' }

/** Upper case, no accents (Ñ as N too: bank descriptions are plain ASCII), punctuation as spaces. */
export const normalise = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z0-9&]+/g, ' ').trim();

const RFC_RE = /(?<![A-Z0-9&])[A-Z&]{3,4}\d{6}[A-Z0-9]{3}(?![A-Z0-9])/g;
const ACCOUNT_RE = /(?<!\d)\d{10,18}(?!\d)/g;
const SUFFIX = new Set(['S', 'A', 'SA', 'DE', 'CV', 'C', 'V', 'RL', 'SC', 'SAPI', 'SAB', 'SAS', 'AC', 'DEL', 'LA', 'LOS', 'LAS', 'EL', 'Y', 'E', 'SOCIEDAD', 'ANONIMA', 'CAPITAL', 'VARIABLE', 'RESPONSABILIDAD', 'LIMITADA', 'CIVIL']);

/** The account numbers in a text (a CLABE, or a 10–11 digit account), spaces inside a CLABE ignored. */
export function accountNumbers(text: string): string[] {
  const compact = text.replace(/(\d)[ -](?=\d)/g, '$1');
  return [...new Set(compact.match(ACCOUNT_RE) ?? [])];
}

const significant = (nombre: string) => normalise(nombre).split(' ').filter((w) => w.length > 1 && !SUFFIX.has(w));

export function recogniseCustomer(text: string, customers: KnownCustomer[], knownAccounts: ReadonlyMap<string, string>): Recognised | null {
  const norm = normalise(text);
  const byRfc = new Map(customers.map((c) => [normalise(c.rfc), c]));
  for (const rfc of norm.match(RFC_RE) ?? []) {
    const c = byRfc.get(rfc);
    if (c) return { customer: c, motivo: 'rfc' };
  }
  for (const n of accountNumbers(text)) {
    const c = byRfc.get(normalise(knownAccounts.get(n) ?? ''));
    if (c) return { customer: c, motivo: 'cuenta' };
  }
  const words = new Set(norm.split(' '));
  let best: { c: KnownCustomer; n: number } | null = null;
  let tie = false;
  for (const c of customers) {
    const w = significant(c.nombre);
    const enough = w.length >= 2 || (w.length === 1 && w[0]!.length >= 5);
    if (!enough || !w.every((x) => words.has(x))) continue;
    if (!best || w.length > best.n) { best = { c, n: w.length }; tie = false; } else if (w.length === best.n && best.c.rfc !== c.rfc) tie = true;
  }
  return best && !tie ? { customer: best.c, motivo: 'nombre' } : null;
}
