import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  PacError, buildDividendos, buildIntereses, buildPagosAExtranjeros, buildPlataformasTecnologicas, buildRetenciones20, findEntry, getCatalog,
  sealRetenciones, toMexicoCityLocal, validateRetenciones, writeXml, type CancelMotivo, type CancelResult, type ExtraComplement, type Retenciones20Input,
} from '@facturo/cfdi';
import { renderRetencionesPdf } from '@facturo/cfdi/pdf';
import { parseXml } from '@facturo/cfdi/xml';
import { RETENTION_STATUS, retentionStatusText, type Page, type RetentionBody, type RetentionCatalogs, type RetentionRow, type RetentionStats } from '@facturo/contract';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../http/errors';
import { periodBounds } from '../incomes/cfdi-sets';
import { issuerOf } from '../invoicing/invoice.service';
import { loadAccountCsd } from '../invoicing/account-csd';
import { claimCancellation, failCancellation, pacCancelError, storeCancellation } from '../invoicing/cancellation-store';
import type { InvoicingProviders } from '../invoicing/providers';
import { registerStampStorer, requestHash, stampAttempt } from '../invoicing/stamping';
import { retentionPdfKey, storeRetention } from './retention-store';
import { retenciones, type RetencionRow, type RetentionDirection } from './retentions.schema';

type Account = { id: number; rfc: string };

/** Engine field paths (Retenciones.Totales.MontoTotRet) → the body's field names, for Spanish 422s. */
function bodyField(enginePath: string): string {
  const map: [RegExp, string][] = [
    [/^Retenciones\.CveRetenc/, 'cveRetenc'], [/^Retenciones\.DescRetenc/, 'descRetenc'], [/^Retenciones\.Receptor\.Nacional\.RfcR/, 'receptor.rfc'],
    [/^Retenciones\.Receptor/, 'receptor'], [/^Retenciones\.Periodo\.(\w+)/, 'periodo'], [/^Retenciones\.Totales/, 'totales'],
    [/^Retenciones\.Emisor/, 'emisor'], [/^Retenciones\.LugarExpRetenc/, 'emisor'],
  ];
  for (const [re, field] of map) if (re.test(enginePath)) return field;
  return 'retencion';
}

function complements(b: RetentionBody): ExtraComplement[] {
  const c = b.complementos ?? {};
  const list: ExtraComplement[] = [];
  if (c.dividendos) list.push(buildDividendos(c.dividendos));
  if (c.intereses) list.push(buildIntereses(c.intereses));
  if (c.pagosAExtranjeros) {
    const p = c.pagosAExtranjeros;
    list.push(buildPagosAExtranjeros(p.esBenefEfectDelCobro === 'NO'
      ? { esBenefEfectDelCobro: 'NO', paisDeResidParaEfecFisc: p.paisDeResidParaEfecFisc!, conceptoPago: p.conceptoPago, descripcionConcepto: p.descripcionConcepto }
      : { esBenefEfectDelCobro: 'SI', rfc: p.rfc!, curp: p.curp!, nomDenRazSocB: p.nomDenRazSocB!, conceptoPago: p.conceptoPago, descripcionConcepto: p.descripcionConcepto }));
  }
  if (c.plataformasTecnologicas) {
    const p = c.plataformasTecnologicas;
    list.push(buildPlataformasTecnologicas({
      periodicidad: p.periodicidad, totalIVARetenido: p.totalIVARetenido, totalISRRetenido: p.totalISRRetenido, difIVAEntregadoPrestServ: p.difIVAEntregadoPrestServ,
      servicios: p.servicios.map((s) => ({
        formaPagoServ: s.formaPagoServ, tipoDeServ: s.tipoDeServ, subTipServ: s.subTipServ, fechaServ: s.fechaServ, precioServSinIVA: s.precioServSinIVA,
        iva: { base: s.precioServSinIVA, tasaCuota: '0.160000', importe: s.iva }, ...(s.comision ? { comision: { importe: s.comision } } : {}),
      })),
    }));
  }
  return list;
}

const two = (m: number) => String(m).padStart(2, '0');

/** The folio serie of constancias issued without a folio interno of the user's. */
export const RETENTION_SERIE = 'RET';

/** The unsigned Retenciones 2.0 of a body, issued now by the account (its profile is the Emisor). */
export function retentionInput(b: RetentionBody, issuer: { rfc: string; nombre: string; regimen: string; cp: string }, fechaExp: string): Retenciones20Input {
  const r = b.receptor;
  return {
    ...(b.folioInt ? { folioInt: b.folioInt } : {}),
    fechaExp,
    lugarExpRetenc: issuer.cp,
    cveRetenc: b.cveRetenc,
    ...(b.descRetenc ? { descRetenc: b.descRetenc } : {}),
    emisor: { rfcE: issuer.rfc, nomDenRazSocE: issuer.nombre, regimenFiscalE: issuer.regimen },
    receptor: r.nacionalidad === 'Nacional'
      ? { nacionalidadR: 'Nacional', rfcR: r.rfc, nomDenRazSocR: r.nombre, ...(r.curp ? { curpR: r.curp } : {}), domicilioFiscalR: r.cp }
      : { nacionalidadR: 'Extranjero', ...(r.numRegIdTrib ? { numRegIdTribR: r.numRegIdTrib } : {}), nomDenRazSocR: r.nombre },
    periodo: { mesIni: two(b.periodo.mesIni), mesFin: two(b.periodo.mesFin), ejercicio: String(b.periodo.ejercicio) },
    montoTotGrav: b.totales.montoTotGrav,
    montoTotExent: b.totales.montoTotExent,
    impRetenidos: b.totales.impRetenidos.map((i) => ({
      ...(i.baseRet ? { baseRet: i.baseRet } : {}), ...(i.impuestoRet ? { impuestoRet: i.impuestoRet } : {}), montoRet: i.montoRet, tipoPagoRet: i.tipoPagoRet,
    })),
    complementos: complements(b),
  };
}

const retentionConflict = () =>
  new AppError(409, 'La clave Idempotency-Key ya se usó con otra retención; usa una clave nueva para una retención distinta', {
    'idempotency-key': ['La clave ya se usó con otro contenido'],
  });

/** Stamped constancias go to the retentions store (the stamping pipeline and its recovery job use this). */
registerStampStorer('retencion', (tx, deps, a, accountRfc, xml) => storeRetention(tx, deps.storage, { userId: a.userId, accountRfc, xml, source: 'app' }));

const urls = (uuid: string) => ({ xmlUrl: `/api/retenciones/${uuid}/xml`, pdfUrl: `/api/retenciones/${uuid}/pdf` });

/**
 * POST /api/retenciones: the constancia is built and checked (SAT rules, Spanish 422 naming the field) before
 * anything is taken; then the stamping pipeline of decision 282: a short transaction claims the Idempotency-Key (a
 * retry answers the first constancia), the RET folio and a stamp and records the sealed constancia as 'timbrando';
 * the PAC is called outside any transaction; a second one stores XML + row + ledger line, or on a refusal returns
 * the stamp and records the folio as no timbrado.
 * The PDF is rendered after the commit (GET /pdf renders it on demand if that fails).
 */
export async function issueRetention(
  deps: InvoicingProviders, account: Account, b: RetentionBody, idempotencyKey?: string,
): Promise<{ uuid: string; xmlUrl: string; pdfUrl: string }> {
  const { db } = deps;
  const idem = idempotencyKey ? { key: idempotencyKey, hash: requestHash({ retencion: b }) } : undefined;
  if (!findEntry('retenciones:c_CveRetenc', b.cveRetenc)) throw fieldError('cveRetenc', `La clave de retención ${b.cveRetenc} no está en el catálogo c_CveRetenc del SAT`);
  if (b.receptor.nacionalidad === 'Nacional' && b.receptor.rfc === account.rfc.toUpperCase()) {
    throw fieldError('receptor.rfc', 'El receptor no puede ser tu propio RFC');
  }
  const issuer = await issuerOf(db, account.id);
  const credential = await loadAccountCsd(db, deps.secrets, account.id);
  const fechaExp = toMexicoCityLocal(new Date()).slice(0, 19);
  const input = retentionInput(b, issuer, fechaExp);
  const draft = buildRetenciones20(input);
  const errors = validateRetenciones(draft).filter((i) => i.severity === 'error');
  if (errors.length) {
    const grouped: Record<string, string[]> = {};
    for (const e of errors) (grouped[bodyField(e.field ?? '')] ??= []).push(e.message);
    throw new AppError(422, errors[0]!.message, grouped);
  }
  const { response } = await stampAttempt<{ uuid: string; xmlUrl: string; pdfUrl: string }>(deps, {
    account,
    kind: 'retencion',
    // Without a folio of the user's, the constancia takes the next of the account's RET serie: numbered like
    // invoices, and two equal constancias issued in the same second are still two documents (SAT's FechaExp
    // has seconds; the same sealed XML sent twice is one stamp to any PAC).
    serie: input.folioInt ? null : RETENTION_SERIE,
    seal: (folio) => writeXml(sealRetenciones(buildRetenciones20({ ...input, folioInt: input.folioInt ?? folio ?? undefined }), credential)),
    idempotency: idem ? { key: idem.key, scope: 'retenciones', requestHash: idem.hash } : undefined,
    pacKeyPrefix: idem ? `${account.id}:ret:${idem.key}` : undefined,
    respond: (doc) => ({ uuid: doc.uuid, ...urls(doc.uuid) }),
    reason: 'retencion',
    conflict: retentionConflict,
  });
  const uuid = response.uuid;
  // The PDF is drawn on first download (retentionPdf), like every stamped document's (decision 260).
  return { uuid, ...urls(uuid) };
}

const missing = () => new AppError(404, 'La retención no existe en tus retenciones', { uuid: ['La retención no existe en tus retenciones'] });

/** One of the tenant's constancias (issued or received) by UUID; another account's or unknown: 404. */
export async function ownRetention(db: Db, userId: number, uuid: string, direction?: RetentionDirection): Promise<RetencionRow> {
  const [row] = await db.select().from(retenciones)
    .where(and(eq(retenciones.userId, userId), eq(retenciones.uuid, uuid.toUpperCase()), direction ? eq(retenciones.direction, direction) : undefined));
  if (!row) throw missing();
  return row;
}

export async function retentionXml(deps: InvoicingProviders, userId: number, uuid: string): Promise<{ row: RetencionRow; xml: Buffer }> {
  const row = await ownRetention(deps.db, userId, uuid);
  const xml = await deps.storage.get(row.xmlKey);
  if (!xml) throw new AppError(404, 'El XML de la retención no está en el almacenamiento');
  return { row, xml };
}

/** The stored PDF, or rendered now from the XML and stored for next time. */
export async function retentionPdf(deps: InvoicingProviders, userId: number, uuid: string): Promise<{ row: RetencionRow; pdf: Uint8Array }> {
  const { row, xml } = await retentionXml(deps, userId, uuid);
  const stored = row.pdfKey ? await deps.storage.get(row.pdfKey) : undefined;
  if (stored) return { row, pdf: stored };
  const pdf = await renderRetencionesPdf(parseXml(xml));
  const key = retentionPdfKey(userId, row.uuid);
  await deps.storage.put(key, pdf, 'application/pdf');
  await deps.db.update(retenciones).set({ pdfKey: key }).where(and(eq(retenciones.userId, userId), eq(retenciones.id, row.id)));
  return { row, pdf };
}

export const retentionFileName = (row: RetencionRow, ext: 'xml' | 'pdf') => `RET_${row.rfcEmisor}_${row.uuid}.${ext}`;

const local = (ts: string | null) => (ts ? ts.replace(' ', 'T').slice(0, 19) : '');
const money2 = (v: string) => Number(v).toFixed(2);

function toRow(r: RetencionRow): RetentionRow {
  return {
    uuid: r.uuid,
    nombre_emisor: r.nombreEmisor ?? r.rfcEmisor,
    rfc_emisor: r.rfcEmisor,
    nombre_receptor: r.nombreReceptor,
    rfc_receptor: r.rfcReceptor,
    cve_retenc: r.cveRetenc,
    periodo: r.mesIni === r.mesFin ? `${two(r.mesIni)}/${r.ejercicio}` : `${two(r.mesIni)}-${two(r.mesFin)}/${r.ejercicio}`,
    monto_tot_operacion: money2(r.montoTotOperacion),
    monto_tot_retenido: money2(r.montoTotRet),
    fecha_emision: local(r.fechaExp),
    fecha_recepcion: r.createdAt.toISOString(),
    estado: r.estado,
    estado_text: retentionStatusText(r.estado),
    ...urls(r.uuid),
  };
}

/** The month's constancias by FechaExp (issued or received), newest first. */
function periodWhere(userId: number, direction: RetentionDirection, period: { month: number; year: number }) {
  const b = periodBounds(period);
  return and(eq(retenciones.userId, userId), eq(retenciones.direction, direction),
    sql`${retenciones.fechaExp} >= ${b.start}::timestamp AND ${retenciones.fechaExp} < ${b.end}::timestamp`);
}

export async function listRetentions(
  db: Db, userId: number, direction: RetentionDirection, period: { month: number; year: number }, q: { page: number; perPage: number },
): Promise<Page<RetentionRow>> {
  const where = periodWhere(userId, direction, period);
  const [rows, [total]] = await Promise.all([
    db.select().from(retenciones).where(where).orderBy(desc(retenciones.fechaExp), desc(retenciones.id)).limit(q.perPage).offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(retenciones).where(where),
  ]);
  return { data: rows.map(toRow), total: Number(total?.n ?? 0), current_page: q.page, per_page: q.perPage };
}

/** §3 stats of the month's received, active constancias (a cancelled one counts for nothing). */
export async function receivedStats(db: Db, userId: number, period: { month: number; year: number }): Promise<RetentionStats> {
  const [t] = await db.select({
    isr: sql<string>`round(coalesce(sum(${retenciones.isrRetenido}), 0), 2)::text`,
    iva: sql<string>`round(coalesce(sum(${retenciones.ivaRetenido}), 0), 2)::text`,
    ret: sql<string>`round(coalesce(sum(${retenciones.montoTotRet}), 0), 2)::text`,
    op: sql<string>`round(coalesce(sum(${retenciones.montoTotOperacion}), 0), 2)::text`,
  }).from(retenciones).where(and(periodWhere(userId, 'recibida', period), eq(retenciones.estado, RETENTION_STATUS.active)));
  return { total_isr_retenido: t?.isr ?? '0.00', total_iva_retenido: t?.iva ?? '0.00', total_retenido: t?.ret ?? '0.00', total_operacion: t?.op ?? '0.00' };
}

/**
 * POST /api/retenciones/cancel through the PAC port: only the tenant's issued, active constancias (404 for
 * another's, 409 when already cancelled). SAT cancels retenciones without the receptor's acceptance.
 */
export async function cancelRetention(
  deps: InvoicingProviders, account: Account, b: { uuid: string; motivo: CancelMotivo; uuidSustitucion?: string | undefined },
): Promise<{ msj: string; rspns: boolean; uuid: string; estado: number }> {
  const row = await ownRetention(deps.db, account.id, b.uuid, 'emitida');
  if (row.estado === RETENTION_STATUS.cancelled) throw new AppError(409, 'La retención ya está cancelada', { uuid: ['La retención ya está cancelada'] });
  if (b.uuidSustitucion) {
    const substitute = await ownRetention(deps.db, account.id, b.uuidSustitucion, 'emitida').catch(() => undefined);
    if (!substitute || substitute.estado !== RETENTION_STATUS.active || substitute.uuid === row.uuid) {
      throw fieldError('uuidSustitucion', 'El UUID de sustitución debe ser otra retención vigente emitida por ti');
    }
  }
  // Decision 276: no transaction while the PAC answers; a short claim before, a short transaction after.
  await claimCancellation(deps.db, account.id, { uuid: row.uuid, documento: 'retenciones', motivo: b.motivo, uuidSustitucion: b.uuidSustitucion });
  let result: CancelResult;
  try {
    result = await deps.pac.cancel({
      rfcEmisor: account.rfc, rfcReceptor: row.rfcReceptor ?? 'XEXX010101000', uuid: row.uuid, motivo: b.motivo,
      ...(b.uuidSustitucion ? { folioSustitucion: b.uuidSustitucion } : {}), total: row.montoTotOperacion, documento: 'retenciones',
    });
  } catch (err) {
    await failCancellation(deps.db, account.id, row.uuid, err);
    if (err instanceof PacError) throw pacCancelError(err);
    throw err;
  }
  const estado = result.estado === 'Cancelado' ? RETENTION_STATUS.cancelled : RETENTION_STATUS.active;
  await deps.db.transaction(async (tx) => {
    if (estado === RETENTION_STATUS.cancelled) {
      await tx.update(retenciones).set({ estado, cancelMotivo: b.motivo, cancelledAt: new Date(), updatedAt: new Date() })
        .where(and(eq(retenciones.userId, account.id), eq(retenciones.id, row.id)));
    }
    await storeCancellation(tx as unknown as Db, account.id, row.uuid, result);
  });
  return {
    msj: estado === RETENTION_STATUS.cancelled ? 'La retención quedó cancelada ante el SAT' : 'El SAT no canceló la retención; sigue vigente',
    rspns: estado === RETENTION_STATUS.cancelled, uuid: row.uuid, estado,
  };
}

let catalogs: RetentionCatalogs | undefined;
/** The SAT catalogs the issue form offers (vigentes). */
export function retentionCatalogs(): RetentionCatalogs {
  const opts = (name: Parameters<typeof getCatalog>[0]) => getCatalog(name)
    .filter((r) => !(r as { vigenciaHasta?: string | null }).vigenciaHasta)
    .map((r) => ({ value: String(r.clave), text: `${r.clave} - ${String((r as { descripcion?: string }).descripcion ?? '')}` }));
  catalogs ??= {
    cveRetenc: opts('retenciones:c_CveRetenc'),
    tipoPagoRet: opts('retenciones:c_TipoPagoRet'),
    tipoDividendo: opts('retenciones:c_TipoDividendoOUtilidadDistribuida'),
    pais: opts('retenciones:c_Pais'),
    conceptoPago: opts('retenciones:c_TipoContribuyenteSujetoRetencion'),
    periodicidad: opts('retenciones:c_Periodicidad'),
  };
  return catalogs;
}
