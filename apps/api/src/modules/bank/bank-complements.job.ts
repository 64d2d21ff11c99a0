import type PgBoss from 'pg-boss';
import { and, eq, inArray } from 'drizzle-orm';
import { Decimal } from '@facturo/cfdi/money';
import { toMexicoCityLocal } from '@facturo/cfdi/stamp';
import { applyMultipleBodySchema, type ComplementsState } from '@facturo/contract';
import { ProgressReporter } from '../../jobs/progress';
import { QUEUES, workOneAtATime } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';
import { AppError } from '../../http/errors';
import { invoicingProviders } from '../invoicing/providers';
import { applyMultiple } from '../payment-reception/payment-reception.service';
import { bankAccounts, bankMovements } from './bank.schema';

export interface BankComplementsJobData {
  processId: string;
  userId: number;
  rfc: string;
  movements: number[];
}

export const BANK_COMPLEMENTS_TITLE = 'Complementos de pago desde el banco';

const reporter = (ctx: JobContext, data: BankComplementsJobData, attempt = 1) =>
  new ProgressReporter(ctx.db, ctx.publisher, { id: data.processId, rfc: data.rfc, type: 'BANK', title: BANK_COMPLEMENTS_TITLE }, attempt);

/**
 * "Timbrar complementos": one Pagos 2.0 CFDI per accepted deposit, for its PPD invoices, through the payment
 * reception service (the shared stamping pipeline: folio, stamp, ledger of parcialidades and saldos). FechaPago
 * and Monto come from the movement, FormaDePagoP from the acceptance (03 by default); NumParcialidad,
 * ImpSaldoAnt and ImpSaldoInsoluto from the ledger. Each stamp is its own short transaction with the PAC called
 * outside it; a movement already complemented (a retried run) is skipped.
 */
/**
 * FechaPago: the movement's day at noon (a bank statement carries the day, not the hour), or the current Mexico
 * City time when the movement is today and noon has not come yet (a payment is not dated in the future).
 */
export function fechaPagoOf(day: string, now = new Date()): string {
  const local = toMexicoCityLocal(now);
  const noon = `${day}T12:00:00`;
  return local.slice(0, 10) === day && local < noon ? local : noon;
}

export async function runBankComplements(ctx: JobContext, data: BankComplementsJobData, attempt = 1): Promise<ComplementsState> {
  const progress = reporter(ctx, data, attempt);
  const deps = invoicingProviders(ctx);
  const state: ComplementsState = { status: 'running', timbrados: 0, errores: [], progress: 5 };
  await (attempt > 1 ? progress.retrying() : progress.step(5, 'Preparando los complementos de pago', state));
  const rows = await ctx.db.select({ m: bankMovements, moneda: bankAccounts.moneda }).from(bankMovements)
    .innerJoin(bankAccounts, and(eq(bankAccounts.userId, bankMovements.userId), eq(bankAccounts.id, bankMovements.accountId)))
    .where(and(eq(bankMovements.userId, data.userId), inArray(bankMovements.id, data.movements)));
  const byId = new Map(rows.map((r) => [r.m.id, r]));
  let i = 0;
  for (const id of data.movements) {
    i++;
    const row = byId.get(id);
    const fail = async (mensaje: string) => {
      state.errores.push({ movimiento: id, mensaje });
      if (row) await ctx.db.update(bankMovements).set({ complementoError: mensaje }).where(and(eq(bankMovements.userId, data.userId), eq(bankMovements.id, id)));
    };
    if (!row) { await fail('No encontramos ese movimiento'); continue; }
    const { m, moneda } = row;
    if (m.complementoUuid) continue;
    const ppd = m.conciliacion.filter((a) => a.direction === 'emitido' && a.metodoPago === 'PPD');
    if (m.estado !== 'conciliado' || !ppd.length) { await fail('El movimiento no está conciliado con facturas PPD'); continue; }
    const monto = ppd.reduce((a, x) => a.plus(x.importe), new Decimal(0)).toFixed(2);
    try {
      const body = applyMultipleBodySchema.parse({
        fechaPago: fechaPagoOf(m.fecha), formaDePagoP: m.formaPago, monedaP: moneda, monto,
        numOperacion: (m.referencia ?? '').replace(/[|]/g, '').slice(0, 100) || undefined,
        documentos: ppd.map((a) => ({ invoiceId: a.uuid, impPagado: a.moneda && a.moneda !== moneda ? undefined : a.importe })),
      });
      const stamped = await applyMultiple(deps, { id: data.userId, rfc: data.rfc }, body);
      await ctx.db.update(bankMovements).set({ complementoUuid: stamped.uuid, complementoError: null, updatedAt: new Date() })
        .where(and(eq(bankMovements.userId, data.userId), eq(bankMovements.id, id)));
      state.timbrados++;
    } catch (e) {
      if (e instanceof AppError) await fail(e.message);
      else if (e instanceof Error && e.name === 'ZodError') await fail('Los datos del pago no son válidos para el complemento');
      else throw e;
    }
    state.progress = 5 + Math.round((i / data.movements.length) * 90);
    await progress.step(state.progress, `Timbrando ${i} de ${data.movements.length} complementos`, state);
  }
  const result: ComplementsState = { ...state, status: 'done', progress: 100 };
  await progress.succeed(`${result.timbrados === 1 ? '1 complemento timbrado' : `${result.timbrados} complementos timbrados`}${result.errores.length ? `, ${result.errores.length} con error` : ''}`, result,
    result.errores.length ? `${result.errores.length} movimientos no se timbraron` : null);
  return result;
}

export async function registerBankComplementsWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await workOneAtATime<BankComplementsJobData>(boss, QUEUES.bankComplements, (data, attempt) => runBankComplements(ctx, data, attempt), async (data) => {
    const failed: ComplementsState = { status: 'failed', timbrados: 0, errores: [], progress: 100 };
    await reporter(ctx, data).fail('El timbrado de complementos falló; inténtalo de nuevo', failed);
  });
}
