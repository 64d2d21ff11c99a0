import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { Decimal } from '@facturo/cfdi/money';
import { INVOICE_SHEET_COLUMNS, type BulkFormat, type InvoiceBatch, type InvoiceSheetPreview } from '@facturo/contract';
import type { JobContext } from '../../jobs/context';
import type { Account } from '../../http/context';
import { AppError, fieldError, notFound } from '../../http/errors';
import { QUEUES } from '../../jobs/queue';
import { invoiceBatches, type InvoiceBatchGroup } from '../../db/schema';
import { clients } from '../clients/clients.schema';
import { createProcess } from '../background/background.repository';
import { prepareInvoice } from '../invoicing/invoice.service';
import { groupInvoiceRows } from './invoice-sheet';
import { receiveFile, parseTable, type FileAnswer } from './bulk.service';
import { MIME, writeTable } from './sheet-io';

export const INVOICE_SHEET_TITLE = 'Facturas desde hoja de cálculo';
/** Invoices one sheet may carry. */
const MAX_INVOICES = 1000;

export async function invoiceSheetTemplate(format: BulkFormat): Promise<FileAnswer> {
  const example = INVOICE_SHEET_COLUMNS.map((c) => c.example);
  const second = INVOICE_SHEET_COLUMNS.map((c) => (c.key === 'descripcion' ? 'Horas adicionales' : c.key === 'cantidad' ? '2' : c.key === 'valorUnitario' ? '500.00' : c.example));
  const body = await writeTable(format, INVOICE_SHEET_COLUMNS, [example, second], 'facturas');
  return { body, type: MIME[format], filename: `plantilla-facturas.${format}` };
}

/**
 * POST /api/facturas-lote: each group checked as the stamp would check it (customer, products, catalogs, the engine's
 * rules) and its totals computed by the engine; with `confirmar` the valid ones are stamped as one background job.
 */
export async function invoiceSheet(ctx: JobContext, account: Account, req: FastifyRequest, q: { confirmar: boolean; enviar: boolean }): Promise<InvoiceSheetPreview> {
  const table = await parseTable(await receiveFile(req));
  const rows = await ctx.db.select({ id: clients.id, rfc: clients.rfc, nombre: clients.rSocial }).from(clients).where(eq(clients.userId, account.id));
  const customers = new Map(rows.map((r) => [r.rfc, { id: r.id, nombre: r.nombre }]));
  const { groups, errors } = groupInvoiceRows(table, customers);
  if (groups.length > MAX_INVOICES) throw fieldError('file', `El archivo tiene ${groups.length} facturas: timbra a lo más ${MAX_INVOICES} por archivo`);
  const now = new Date();
  const facturas: InvoiceSheetPreview['facturas'] = [];
  const stampable: InvoiceBatchGroup[] = [];
  let sum = new Decimal(0);
  for (const g of groups) {
    let subtotal: string | null = null;
    let total: string | null = null;
    let error = g.error;
    if (g.body) {
      try {
        const prepared = await prepareInvoice(ctx.db, account.id, g.body, '4.0', now, '0', 'preview');
        subtotal = prepared.root.attrs.get('SubTotal') ?? null;
        total = prepared.root.attrs.get('Total') ?? null;
        sum = sum.plus(total ?? 0);
        stampable.push({ grupo: g.grupo, body: g.body, estado: 'pendiente', uuid: null, total, mensaje: null });
      } catch (err) {
        const e = err as AppError;
        const detail = e.errors ? Object.values(e.errors)[0]?.[0] : undefined;
        error = detail && detail !== e.message ? `${e.message}: ${detail}` : e.message;
      }
    }
    facturas.push({ grupo: g.grupo, filas: g.filas, cliente: g.cliente, conceptos: g.filas.length, subtotal, total, error });
  }
  const preview: InvoiceSheetPreview = { facturas, validas: stampable.length, total: sum.toFixed(2), errores: errors.slice(0, 2000) };
  if (!q.confirmar) return preview;
  if (!stampable.length) throw new AppError(422, 'No hay facturas válidas para timbrar: corrige los errores del archivo', { file: ['No hay facturas válidas'] });
  const process = await createProcess(ctx.db, { userId: account.id, rfc: account.rfc, type: 'BULK_IMPORT', title: INVOICE_SHEET_TITLE, message: 'En espera' });
  const id = randomUUID();
  await ctx.db.insert(invoiceBatches).values({ id, userId: account.id, processId: process.id, sendEmail: q.enviar, groups: stampable });
  // Sized to the batch: ~2 s an invoice on a slow PAC, plus a minute; a killed run expires and resumes.
  await ctx.boss.send(QUEUES.invoiceSheet, { batchId: id, userId: account.id, rfc: account.rfc }, { expireInSeconds: 60 + 2 * stampable.length });
  return { ...preview, lote: { id } };
}

export async function invoiceBatchState(ctx: JobContext, userId: number, id: string): Promise<InvoiceBatch & { proceso: string }> {
  const [row] = await ctx.db.select().from(invoiceBatches).where(and(eq(invoiceBatches.userId, userId), eq(invoiceBatches.id, id)));
  if (!row) throw notFound('El lote de facturas no existe');
  return {
    id: row.id, terminado: row.finished, proceso: row.processId,
    timbradas: row.groups.filter((g) => g.estado === 'timbrada').length, errores: row.groups.filter((g) => g.estado === 'error').length,
    facturas: row.groups.map(({ grupo, estado, uuid, total, mensaje }) => ({ grupo, estado, uuid, total, mensaje })),
  };
}
