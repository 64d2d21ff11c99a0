import { and, eq } from 'drizzle-orm';
import { readRetenciones, type Retenciones } from '@facturo/cfdi/model';
import { sum } from '@facturo/cfdi/money';
import { parseXml } from '@facturo/cfdi/xml';
import type { Db } from '../../db/client';
import type { StoragePort } from '../../providers/storage/local-storage';
import { retenciones, type RetentionDirection } from './retentions.schema';

/** A constancia that cannot be stored for this tenant (not Retenciones 2.0, not stamped, not theirs). */
export class RetentionStoreError extends Error {}

export const retentionXmlKey = (userId: number, uuid: string) => `retenciones/${userId}/${uuid.toUpperCase()}.xml`;
export const retentionPdfKey = (userId: number, uuid: string) => `retenciones/${userId}/${uuid.toUpperCase()}.pdf`;

/** ImpuestoRet is c_Impuesto (001 ISR, 002 IVA, 003 IEPS); some emitters wrote c_TipoImpuesto (01, 02, 03). */
const TAX: Record<string, 'isr' | 'iva' | 'ieps'> = { '001': 'isr', '01': 'isr', '002': 'iva', '02': 'iva', '003': 'ieps', '03': 'ieps' };

/** What the table keeps of a stamped constancia, read with the engine. */
export function retentionFacts(r: Retenciones) {
  const uuid = r.timbre?.uuid?.toUpperCase();
  if (!uuid) throw new RetentionStoreError('La constancia de retenciones no está timbrada (no tiene TimbreFiscalDigital)');
  const byTax = (tax: 'isr' | 'iva' | 'ieps') => sum(r.totales.impRetenidos.filter((i) => TAX[i.impuestoRet ?? ''] === tax).map((i) => i.montoRet)).toFixed();
  const receptor = r.receptor;
  return {
    uuid,
    version: r.version,
    fechaExp: r.fechaExp.replace('T', ' '),
    fechaTimbrado: r.timbre?.fechaTimbrado ? r.timbre.fechaTimbrado.replace('T', ' ') : null,
    rfcEmisor: r.emisor.rfcE,
    nombreEmisor: r.emisor.nomDenRazSocE ?? null,
    nacionalidadReceptor: receptor.nacionalidadR,
    rfcReceptor: receptor.nacionalidadR === 'Nacional' ? receptor.rfcR : null,
    numRegIdTribReceptor: receptor.nacionalidadR === 'Extranjero' ? (receptor.numRegIdTribR ?? null) : null,
    nombreReceptor: receptor.nomDenRazSocR,
    cveRetenc: r.cveRetenc,
    descRetenc: r.descRetenc ?? null,
    mesIni: Number(r.periodo.mesIni),
    mesFin: Number(r.periodo.mesFin),
    ejercicio: Number(r.periodo.ejercicio),
    montoTotOperacion: r.totales.montoTotOperacion,
    montoTotGrav: r.totales.montoTotGrav,
    montoTotExent: r.totales.montoTotExent,
    montoTotRet: r.totales.montoTotRet,
    isrRetenido: byTax('isr'),
    ivaRetenido: byTax('iva'),
    iepsRetenido: byTax('ieps'),
    complementos: r.complementos.filter((c) => c.local !== 'TimbreFiscalDigital').map((c) => c.local),
  };
}

/** Issued by the tenant (RfcE) or received (a Nacional receptor with the tenant's RFC); anything else is refused. */
export function retentionDirection(r: Retenciones, accountRfc: string): RetentionDirection | undefined {
  const rfc = accountRfc.toUpperCase();
  if (r.emisor.rfcE.toUpperCase() === rfc) return 'emitida';
  if (r.receptor.nacionalidadR === 'Nacional' && r.receptor.rfcR.toUpperCase() === rfc) return 'recibida';
  return undefined;
}

export interface StoreRetentionInput {
  userId: number;
  accountRfc: string;
  xml: string | Uint8Array;
  source: 'app' | 'import';
  /** The import storing it (its background process id): recorded, and returned when the UUID was there already. */
  importId?: string;
}

/**
 * The one way a constancia enters the store (stamped here or imported): read with the engine, decide the
 * direction, keep the exact bytes in storage and the facts in a `retenciones` row. Deduplicates by UUID per
 * tenant (duplicated: true, nothing written). Pass a transaction to make it part of a larger one.
 */
export async function storeRetention(db: Db, storage: StoragePort, input: StoreRetentionInput): Promise<{ id: number; uuid: string; duplicated: boolean; direction: RetentionDirection; importId?: string | null }> {
  const bytes = typeof input.xml === 'string' ? Buffer.from(input.xml, 'utf8') : Buffer.from(input.xml);
  const r = readRetenciones(parseXml(bytes));
  const facts = retentionFacts(r);
  const direction = retentionDirection(r, input.accountRfc);
  if (!direction) {
    throw new RetentionStoreError(`No pertenece a tu RFC: la emite ${r.emisor.rfcE} y la recibe ${r.receptor.nacionalidadR === 'Nacional' ? r.receptor.rfcR : 'un residente en el extranjero'}`);
  }
  const [existing] = await db.select({ id: retenciones.id, importId: retenciones.importId }).from(retenciones)
    .where(and(eq(retenciones.userId, input.userId), eq(retenciones.uuid, facts.uuid)));
  if (existing) return { id: existing.id, uuid: facts.uuid, duplicated: true, direction, importId: existing.importId };
  const xmlKey = retentionXmlKey(input.userId, facts.uuid);
  // Bytes first: a row never points at a missing file.
  await storage.put(xmlKey, bytes, 'application/xml');
  const [row] = await db
    .insert(retenciones)
    .values({ ...facts, userId: input.userId, direction, source: input.source, xmlKey, importId: input.importId ?? null })
    .onConflictDoNothing()
    .returning({ id: retenciones.id });
  if (!row) return { id: 0, uuid: facts.uuid, duplicated: true, direction };
  return { id: row.id, uuid: facts.uuid, duplicated: false, direction };
}
