import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { getCatalog, isVigente } from '@facturo/cfdi/catalogs';
import { buildCfdi40, readCfdi, type Cfdi } from '@facturo/cfdi/model';
import { Decimal, TaxRuleError, toDecimal, type DocumentTax, type Impuesto, type TipoFactor } from '@facturo/cfdi/money';
import { toMexicoCityLocal } from '@facturo/cfdi/stamp';
import { parseXml, type XmlElement } from '@facturo/cfdi/xml';
import type { ApplyMultipleBody, ApplyPayBody, InvoiceRow, MothersQuery, Page, PaymentStamped } from '@facturo/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { stampAttempts } from '../cfdis/cfdis.schema';
import { relatedCfdis } from '../incomes/cfdi-actions';
import { listSql, toInvoiceRow } from '../incomes/cfdi-list';
import { owned } from '../incomes/cfdi-sets';
import { issuerOf } from '../invoicing/invoice.service';
import type { InvoicingProviders } from '../invoicing/providers';
import { stampDocument } from '../invoicing/stamping';
import { isTestRequest, type StampAccount } from '../invoicing/test-mode';
import { buildPayment, PaymentRefusedError, type PaidDocument, type PayableInvoice, type PaymentForm } from './payment-builder';

/** Serie of the payment complements: their own gap-free folio counter. */
export const PAYMENT_SERIE = 'P';

const today = () => new Date().toISOString().slice(0, 10);

export function paymentCatalogs() {
  const vigentes = <T extends { clave: string; descripcion: string }>(rows: readonly T[]) => rows.filter((r) => isVigente(r as never, today()));
  return {
    formasPago: vigentes(getCatalog('c_FormaPago')).filter((f) => f.clave !== '99').map((f) => ({ clave: f.clave, descripcion: f.descripcion })),
    monedas: vigentes(getCatalog('c_Moneda')).filter((m) => m.clave !== 'XXX').map((m) => ({ clave: m.clave, descripcion: m.descripcion, decimales: m.decimales })),
  };
}

const QUERY_COLUMNS: Record<string, SQL> = {
  uuid: sql`c.uuid`, serie: sql`c.serie`, folio: sql`c.folio`, rfc: sql`c.rfc_receptor`, moneda: sql`c.moneda`,
  metodoPago: sql`c.metodo_pago`, formaPago: sql`c.forma_pago`, tipo: sql`c.tipo`,
};

/** GET /api/getFacturasMadre/:status — the issued PPD invoices (status 1: open balance; otherwise settled). */
export async function motherInvoices(db: Db, userId: number, status: number, q: MothersQuery): Promise<Page<InvoiceRow>> {
  const parts: SQL[] = [owned(userId, 'emitido'), sql`c.tipo = 'I'`, sql`c.metodo_pago = 'PPD'`, sql`c.estado <> 'cancelada'`];
  parts.push(status === 1 ? sql`c.saldo > 0` : sql`c.saldo = 0`);
  if (q.search) parts.push(sql`c.search_text ILIKE ${`%${q.search.toLowerCase()}%`}`);
  // §5: query[key] and query[value] only apply when both are present.
  const key = q['query[key]'];
  const value = q['query[value]'];
  if (key && value) {
    if (key === 'nombre') parts.push(sql`c.nombre_receptor ILIKE ${`%${value}%`}`);
    else if (QUERY_COLUMNS[key]) parts.push(sql`upper(${QUERY_COLUMNS[key]}) = ${value.toUpperCase()}`);
  }
  if (q.multiple_payments) {
    parts.push(sql`(SELECT count(*) FROM cfdis o WHERE o.user_id = c.user_id AND o.direction = 'emitido' AND o.tipo = 'I'
      AND o.metodo_pago = 'PPD' AND o.estado <> 'cancelada' AND o.saldo > 0 AND o.rfc_receptor = c.rfc_receptor) >= 2`);
  }
  const { rows, count } = listSql('emitido', sql.join(parts, sql` AND `), q.page, q.perPage);
  const [page, total] = await Promise.all([db.execute(rows), db.execute(count)]);
  return {
    data: (page.rows as Record<string, unknown>[]).map(toInvoiceRow),
    total: Number((total.rows[0] as { n?: unknown } | undefined)?.n ?? 0),
    current_page: q.page,
    per_page: q.perPage,
  };
}

/** GET /api/getPagosFactura/:invoiceId — the payment complements of one of the tenant's invoices. */
export async function invoicePayments(db: Db, userId: number, uuid: string): Promise<{ data: InvoiceRow[] }> {
  const [row] = await db.execute(sql`SELECT 1 FROM cfdis c WHERE ${owned(userId, 'emitido')} AND c.uuid = ${uuid}`).then((r) => r.rows);
  if (!row) throw notFound('No encontramos esa factura');
  const related = await relatedCfdis(db, userId, 'emitido', uuid, true);
  return { data: related.data.filter((r) => r.relacion === 'pago').map(({ relacion: _r, ...rest }) => rest) };
}

/**
 * The invoice's taxes with their Base, summed per (impuesto, tipo factor, tasa) over the concepts: the
 * Comprobante-level Retencion of CFDI 4.0 carries no Base, and Pagos 2.0 prorates Base × ImpPagado / Total.
 */
export function documentTaxes(cfdi: Cfdi, kind: 'traslados' | 'retenciones'): DocumentTax[] {
  const acc = new Map<string, DocumentTax>();
  for (const c of cfdi.conceptos) {
    for (const t of c[kind]) {
      const key = `${t.impuesto}|${t.tipoFactor}|${t.tasaOCuota ?? ''}`;
      const prev = acc.get(key);
      const base = prev ? toDecimal(prev.base).plus(toDecimal(t.base)).toFixed() : toDecimal(t.base).toFixed();
      acc.set(key, { impuesto: t.impuesto as Impuesto, tipoFactor: t.tipoFactor as TipoFactor, tasaOCuota: t.tasaOCuota, base });
    }
  }
  return [...acc.values()];
}

interface LockedInvoice {
  payable: PayableInvoice;
  cfdi: Cfdi;
}

/**
 * Locks the invoices' rows (FOR UPDATE: a concurrent payment to the same invoice waits here until this one
 * commits, then sees the new balance) and reads what the payment needs: balance, payments so far, and from
 * the stored XML the Receptor and the Comprobante-level taxes. Another account's or unknown invoice: 404.
 */
async function lockInvoices(db: Db, deps: InvoicingProviders, userId: number, uuids: string[]): Promise<LockedInvoice[]> {
  const list = sql.join(uuids.map((u) => sql`${u}`), sql`, `);
  const { rows } = await db.execute(sql`
    SELECT c.id, c.uuid, c.serie, c.folio, to_char(c.fecha, 'YYYY-MM-DD"T"HH24:MI:SS') AS fecha, c.tipo, c.estado, c.metodo_pago, c.moneda, c.total::text AS total, c.saldo::text AS saldo,
      c.rfc_receptor, c.xml_key,
      (SELECT count(*)::int FROM cfdi_payments p JOIN cfdis pc ON pc.user_id = p.user_id AND pc.uuid = p.pago_uuid AND pc.estado <> 'cancelada'
        WHERE p.user_id = c.user_id AND p.doc_uuid = c.uuid) AS pagos
    FROM cfdis c WHERE c.user_id = ${userId} AND c.direction = 'emitido' AND c.uuid IN (${list})
    ORDER BY c.id FOR UPDATE OF c`);
  const byUuid = new Map((rows as Record<string, unknown>[]).map((r) => [String(r.uuid), r]));
  // Payments still 'timbrando' (decision 282): their ImpPagado is already promised, and their parcialidad taken.
  const pending = await db.select({ reserves: stampAttempts.reserves }).from(stampAttempts)
    .where(and(eq(stampAttempts.userId, userId), eq(stampAttempts.status, 'timbrando'), isNotNull(stampAttempts.reserves)));
  const reserved = (uuid: string) => {
    let sum = new Decimal(0);
    let n = 0;
    for (const p of pending) {
      const amount = p.reserves?.[uuid];
      if (amount === undefined) continue;
      sum = sum.plus(toDecimal(amount));
      n += 1;
    }
    return { sum, n };
  };
  const out: LockedInvoice[] = [];
  for (const uuid of uuids) {
    const r = byUuid.get(uuid);
    if (!r) throw new AppError(404, `No encontramos la factura ${uuid} entre tus facturas emitidas`, { invoiceId: ['No encontramos la factura'] });
    const bytes = await deps.storage.get(String(r.xml_key));
    if (!bytes) throw new AppError(409, `No se encontró el XML de la factura ${uuid}`);
    const cfdi = readCfdi(parseXml(bytes));
    const taxes = (kind: 'traslados' | 'retenciones') => documentTaxes(cfdi, kind);
    const held = reserved(uuid);
    const saldo = held.n ? Decimal.max(0, toDecimal(String(r.saldo)).minus(held.sum)).toFixed() : String(r.saldo);
    out.push({
      cfdi,
      payable: {
        uuid, serie: r.serie as string | null, folio: r.folio as string | null, fecha: String(r.fecha), tipo: String(r.tipo), estado: String(r.estado),
        metodoPago: r.metodo_pago as string | null, moneda: String(r.moneda), total: String(r.total), saldo,
        pagosPrevios: Number(r.pagos) + held.n, rfcReceptor: String(r.rfc_receptor), traslados: taxes('traslados'), retenciones: taxes('retenciones'),
      },
    });
  }
  return out;
}

const refusal = (e: PaymentRefusedError) => new AppError(e.status, e.message, { [e.field]: [e.message] });

/**
 * Builds, seals and stamps the CFDI tipo P for one payment. The stamping pipeline's short claiming transaction
 * holds the invoices' row locks while it checks the balance net of the payments still 'timbrando' (their
 * ImpPagado is reserved on their attempt), so concurrent payments never overpay; the PAC is called after that
 * commit, and storeCfdi's recomputed saldo replaces the reservation in the completing transaction.
 */
async function stampPayment(
  deps: InvoicingProviders,
  account: StampAccount,
  form: PaymentForm,
  documents: { invoiceId: string; impPagado?: string; equivalenciaDR?: string }[],
  now = new Date(),
): Promise<PaymentStamped> {
  // Another account's or unknown invoice: 404 before anything else is looked at (the CSD included).
  const uuids = documents.map((d) => d.invoiceId);
  // A test key pays only test invoices and everyone else only real ones (decision 307): a complement is stamped
  // by the same kind of PAC as the invoices it pays.
  const { rows: found } = await deps.db.execute(sql`SELECT c.uuid FROM cfdis c WHERE c.user_id = ${account.id} AND c.direction = 'emitido' AND c.test = ${isTestRequest(account)}
    AND c.uuid IN (${sql.join(uuids.map((u) => sql`${u}`), sql`, `)})`);
  const known = new Set((found as { uuid: string }[]).map((r) => r.uuid));
  const unknown = uuids.find((u) => !known.has(u));
  if (unknown) throw new AppError(404, `No encontramos la factura ${unknown} entre tus facturas emitidas`, { invoiceId: ['No encontramos la factura'] });
  const issuer = await issuerOf(deps.db, account.id);
  let root: XmlElement | undefined;
  let reserves: Record<string, string> | undefined;
  const { response } = await stampDocument<PaymentStamped>(deps, {
    account,
    serie: PAYMENT_SERIE,
    // In the short claiming transaction (decision 282): the invoices' row locks, the balances net of the
    // payments still 'timbrando', the document; the PAC is called after its commit.
    async claim(db) {
      const locked = await lockInvoices(db, deps, account.id, documents.map((d) => d.invoiceId));
      const paid: PaidDocument[] = documents.map((d, i) => ({ invoice: locked[i]!.payable, impPagado: d.impPagado, equivalenciaDR: d.equivalenciaDR }));
      let pago;
      try {
        pago = buildPayment(form, paid);
      } catch (e) {
        if (e instanceof PaymentRefusedError) throw refusal(e);
        throw e;
      }
      reserves = Object.fromEntries(pago.doctos.map((d) => [d.idDocumento, d.impPagado]));
      const receptor = locked[0]!.cfdi.receptor;
      try {
        ({ root } = buildCfdi40({
          tipoDeComprobante: 'P',
          serie: PAYMENT_SERIE,
          folio: '0',
          fecha: toMexicoCityLocal(now),
          lugarExpedicion: issuer.cp,
          emisor: { rfc: issuer.rfc, nombre: issuer.nombre, regimenFiscal: issuer.regimen },
          receptor: {
            rfc: receptor.rfc,
            nombre: receptor.nombre ?? '',
            domicilioFiscalReceptor: receptor.domicilioFiscalReceptor ?? issuer.cp,
            regimenFiscalReceptor: receptor.regimenFiscalReceptor ?? '616',
            usoCFDI: 'CP01',
          },
          pagos: [pago],
        }));
      } catch (e) {
        if (e instanceof TaxRuleError || e instanceof Error) throw new AppError(422, e.message, { monto: [e.message] });
        throw e;
      }
    },
    reserves: () => reserves,
    build(folio) {
      root!.attrs.set('Folio', folio);
      return root!;
    },
    reason: 'complemento',
    respond: (doc) => ({ uuid: doc.uuid, xmlUrl: `/api/incomes/${doc.uuid}/xml`, pdfUrl: `/api/incomes/${doc.uuid}/pdf` }),
  });
  return response;
}

const formOf = (b: ApplyPayBody | ApplyMultipleBody): PaymentForm => ({
  fechaPago: b.fechaPago, formaDePagoP: b.formaDePagoP, monedaP: b.monedaP, tipoCambioP: b.tipoCambioP, monto: b.monto,
  numOperacion: b.numOperacion, rfcEmisorCtaOrd: b.rfcEmisorCtaOrd?.toUpperCase(), ctaOrdenante: b.ctaOrdenante,
  rfcEmisorCtaBen: b.rfcEmisorCtaBen?.toUpperCase(), ctaBeneficiario: b.ctaBeneficiario,
});

/** POST /api/recepcionpagos/applyPay (form-encoded): one invoice; ImpPagado is Monto in the invoice's currency. */
export function applyPay(deps: InvoicingProviders, account: StampAccount, body: ApplyPayBody, now?: Date): Promise<PaymentStamped> {
  return stampPayment(deps, account, formOf(body), [{ invoiceId: body.invoiceId, equivalenciaDR: body.equivalenciaDR }], now);
}

/** POST /api/recepcionpagos/applyMultiplePayments (JSON): several invoices of one customer, one payment. */
export function applyMultiple(deps: InvoicingProviders, account: StampAccount, body: ApplyMultipleBody, now?: Date): Promise<PaymentStamped> {
  return stampPayment(deps, account, formOf(body), body.documentos, now);
}

