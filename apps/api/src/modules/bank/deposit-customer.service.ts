import { and, eq, sql } from 'drizzle-orm';
import type { DepositCustomer } from '@facturo/contract';
import type { Db } from '../../db/client';
import { fieldError, notFound } from '../../http/errors';
import { clients } from '../clients/clients.schema';
import { bankMovements } from './bank.schema';
import { accountNumbers, recogniseCustomer } from './domain/customer-recognition';

/**
 * GET /api/bancos/movimientos/:id/cliente (issue 27 §4, decision 317): the customer (in Clientes) a deposit comes
 * from, so "Facturar este depósito" opens the invoice with it. The known accounts are the CLABE / account numbers
 * in the text of deposits already reconciled with a customer's issued invoices.
 */
export async function depositCustomer(db: Db, userId: number, id: number): Promise<DepositCustomer> {
  const [m] = await db.select().from(bankMovements).where(and(eq(bankMovements.userId, userId), eq(bankMovements.id, id)));
  if (!m) throw notFound('No encontramos ese movimiento');
  if (m.importe.startsWith('-')) throw fieldError('id', 'Solo se factura un depósito: de un retiro se pide la factura al proveedor');
  const customers = (await db.select({ id: clients.id, rfc: clients.rfc, nombre: clients.rSocial }).from(clients).where(eq(clients.userId, userId)));
  if (!customers.length) return { cliente: null };
  const { rows } = await db.execute(sql`
    SELECT concat_ws(' ', m.descripcion, m.referencia, m.contraparte) AS texto, a->>'rfc' AS rfc
    FROM bank_movements m CROSS JOIN LATERAL jsonb_array_elements(m.conciliacion) a
    WHERE m.user_id = ${userId} AND m.estado = 'conciliado' AND m.importe > 0 AND a->>'direction' = 'emitido' AND a->>'rfc' IS NOT NULL
    ORDER BY m.fecha DESC LIMIT 2000`);
  const known = new Map<string, string>();
  for (const r of rows as { texto: string; rfc: string }[]) for (const n of accountNumbers(r.texto)) if (!known.has(n)) known.set(n, r.rfc);
  const found = recogniseCustomer([m.descripcion, m.referencia, m.contraparte].filter(Boolean).join(' '), customers, known);
  return { cliente: found ? { clienteId: found.customer.id, rfc: found.customer.rfc, nombre: found.customer.nombre, motivo: found.motivo } : null };
}
