import { and, eq, inArray } from 'drizzle-orm';
import { TaxRuleError, type XmlElement } from '@facturo/cfdi';
import { describe, findEntry, usoCfdiAllowed } from '@facturo/cfdi/catalogs';
import { toMexicoCityLocal } from '@facturo/cfdi/stamp';
import type { InvoiceStamped, InvoiceValues, InvoiceWarning } from '@facturo/contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { ownedRow } from '../../db/owned-rows';
import { AppError, fieldError } from '../../http/errors';
import { clients, type ClientRow } from '../clients/clients.schema';
import { products } from '../products/products.schema';
import { folioSeries } from '../cfdis/cfdis.schema';
import { buildInvoiceXml, type CfdiVersion, type Issuer } from './invoice-document';
import { checkDocument, type AppliedFix } from './invoice-checks';
import { requestHash, stampDocument } from './stamping';
import type { InvoicingProviders } from './providers';

const PLACEHOLDER_FOLIO = '0';

/** The account as Emisor: name, régimen and CP from its profile (422 naming the gap when incomplete). */
export async function issuerOf(db: Db, userId: number): Promise<Issuer> {
  const [u] = await db.select({ rfc: users.rfc, nombre: users.fullName, regimen: users.regimen, cp: users.cp }).from(users).where(eq(users.id, userId));
  if (!u?.nombre || !u.regimen || !u.cp) {
    throw fieldError('emisor', 'Completa en tu perfil el nombre, el régimen fiscal y el código postal: son el Emisor y el lugar de expedición de tus facturas');
  }
  return { rfc: u.rfc, nombre: u.nombre, regimen: u.regimen, cp: u.cp };
}

/** The tenant's customer (another account's or unknown: 404 naming clientId). */
async function customerOf(db: Db, userId: number, clientId: number): Promise<ClientRow> {
  const [row] = await db.select().from(clients).where(ownedRow(clients, userId, clientId));
  if (!row) throw new AppError(404, 'El cliente no existe en tu catálogo', { clientId: ['El cliente no existe en tu catálogo'] });
  return row;
}

/** Every productId of the body must be the tenant's (404 naming the concept). */
async function checkProducts(db: Db, userId: number, body: InvoiceValues): Promise<void> {
  const ids = [...new Set(body.conceptos.map((c) => c.productId).filter((id): id is number => id !== undefined))];
  if (!ids.length) return;
  const found = new Set(
    (await db.select({ id: products.id }).from(products).where(and(eq(products.userId, userId), inArray(products.id, ids)))).map((r) => r.id),
  );
  const errors: Record<string, string[]> = {};
  body.conceptos.forEach((c, i) => {
    if (c.productId !== undefined && !found.has(c.productId)) errors[`conceptos.${i}.productId`] = ['El producto no existe en tu catálogo'];
  });
  if (Object.keys(errors).length) throw new AppError(404, 'El producto no existe en tu catálogo', errors);
}

/** Checks of the body against the customer that SAT makes and the form must explain (uso CFDI by régimen). */
function checkReceptor(body: InvoiceValues, client: ClientRow): void {
  if (!findEntry('c_UsoCFDI', body.usoCFDI)) {
    throw fieldError('usoCFDI', `CFDI40161: el uso del CFDI ${body.usoCFDI} no existe en el catálogo c_UsoCFDI`);
  }
  if (!usoCfdiAllowed(body.usoCFDI, client.regimen, client.persona)) {
    const regimen = describe('c_RegimenFiscal', client.regimen);
    throw fieldError('usoCFDI', `CFDI40161: el uso del CFDI ${body.usoCFDI} no aplica a un cliente persona ${client.persona === 'moral' ? 'moral' : 'física'} con régimen ${regimen}; elige otro uso`);
  }
}

export interface PreparedInvoice {
  root: XmlElement;
  fixes: AppliedFix[];
  warnings: InvoiceWarning[];
  client: ClientRow;
  serie: string;
}

/**
 * Body → checked, unsigned document (folio still a placeholder): customer and products of the tenant,
 * Emisor/LugarExpedicion from the account, Fecha from the server clock in Mexico City time, the engine's
 * build and offline SAT rules with cent-rounding fixes. CPU work done here, before any transaction.
 */
export async function prepareInvoice(
  db: Db, userId: number, body: InvoiceValues, version: CfdiVersion, now = new Date(), folio = PLACEHOLDER_FOLIO, purpose: 'stamp' | 'preview' = 'stamp',
): Promise<PreparedInvoice> {
  const client = await customerOf(db, userId, body.clientId);
  await checkProducts(db, userId, body);
  checkReceptor(body, client);
  const issuer = await issuerOf(db, userId);
  const serie = body.serie ?? '';
  let root: XmlElement;
  try {
    root = buildInvoiceXml(body, { version, issuer, client, fecha: toMexicoCityLocal(now), serie, folio });
  } catch (err) {
    if (err instanceof TaxRuleError || err instanceof Error) throw new AppError(422, err.message, { conceptos: [err.message] });
    throw err;
  }
  const checked = checkDocument(root, now, purpose);
  return { root: checked.root, fixes: checked.fixes, warnings: checked.warnings, client, serie };
}

/** Next folio a serie will give (shown on the form; the stamp may still take a later one under concurrency). */
export async function nextFolio(db: Db, userId: number, serie: string): Promise<number> {
  const [row] = await db.select({ n: folioSeries.nextFolio }).from(folioSeries).where(and(eq(folioSeries.userId, userId), eq(folioSeries.serie, serie)));
  return row?.n ?? 1;
}

/** POST /api/invoice40 and /api/invoice: prepare, then the stamping pipeline. 201 {uuid, serie, folio, total, xmlUrl, pdfUrl, fixes}. */
export async function stampInvoice(
  deps: InvoicingProviders,
  account: { id: number; rfc: string },
  body: InvoiceValues,
  version: CfdiVersion,
  idempotencyKey?: string,
): Promise<InvoiceStamped> {
  const prepared = await prepareInvoice(deps.db, account.id, body, version);
  const { response } = await stampDocument<InvoiceStamped>(deps, {
    account,
    serie: prepared.serie,
    build(folio) {
      prepared.root.attrs.set('Folio', folio);
      return prepared.root;
    },
    clientId: prepared.client.id,
    observaciones: body.observaciones?.trim() || null,
    idempotency: idempotencyKey ? { key: idempotencyKey, scope: `invoice${version}`, requestHash: requestHash({ version, body }) } : undefined,
    respond: (doc) => ({
      uuid: doc.uuid,
      serie: doc.serie,
      folio: doc.folio,
      total: doc.total,
      xmlUrl: `/api/incomes/${doc.uuid}/xml`,
      pdfUrl: `/api/incomes/${doc.uuid}/pdf`,
      fixes: prepared.fixes,
      ...(prepared.warnings.length ? { advertencias: prepared.warnings } : {}),
    }),
  });
  return response;
}

/** POST /api/preview40 and /api/preview: the PDF of the unsigned document with the folio it would take now. */
export async function previewInvoice(
  deps: InvoicingProviders, userId: number, body: InvoiceValues, version: CfdiVersion,
): Promise<{ pdf: Uint8Array; warnings: InvoiceWarning[] }> {
  const folio = String(await nextFolio(deps.db, userId, body.serie ?? ''));
  const prepared = await prepareInvoice(deps.db, userId, body, version, new Date(), folio, 'preview');
  return { pdf: await deps.previewPdf(userId, prepared.root), warnings: prepared.warnings };
}

