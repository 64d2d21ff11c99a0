import { parseXml, XmlInputError, NS, type XmlElement } from '@facturo/cfdi/xml';
import { readCfdi, readRetenciones, summarizeCfdi, CfdiReadError, type Cfdi, type CfdiSummary } from '@facturo/cfdi/model';
import { retentionDirection } from '../retentions/retention-store';
import { verifyCfdi } from '@facturo/cfdi/verify';

/** What the taxpayer is to the document. */
export type ImportDirection = 'emitido' | 'recibido';

/** The §7 classes of an imported document (c_TipoDeComprobante). */
export const KIND_BY_TIPO: Record<string, string> = { I: 'ingreso', E: 'egreso', P: 'pago', N: 'nómina', T: 'traslado' };

export interface AcceptedDocument {
  ok: true;
  uuid: string;
  direction: ImportDirection;
  kind: string;
  cfdi: Cfdi;
  summary: CfdiSummary;
  /** The exact bytes received, stored as they are. */
  xml: Buffer;
}

/** A Retenciones 2.0 constancia of the account (issued or received), stored in Retenciones, not among the CFDI. */
export interface AcceptedRetention {
  ok: true;
  retention: true;
  uuid: string;
  direction: 'emitida' | 'recibida';
  xml: Buffer;
}

export interface RejectedDocument {
  ok: false;
  reason: string;
}

export type Classified = AcceptedDocument | AcceptedRetention | RejectedDocument;

const reject = (reason: string): RejectedDocument => ({ ok: false, reason });

/** Spanish reasons for XML the safe parser refuses. */
function xmlReason(e: XmlInputError): string {
  switch (e.code) {
    case 'doctype':
      return 'El XML declara un DOCTYPE o entidades externas; se rechaza por seguridad';
    case 'not-well-formed':
    case 'encoding':
      return `El XML no está bien formado: ${e.message}`;
    case 'empty':
      return 'El archivo está vacío';
    default:
      return e.message;
  }
}

function parse(bytes: Buffer): XmlElement | RejectedDocument {
  try {
    return parseXml(bytes);
  } catch (e) {
    if (e instanceof XmlInputError) return reject(xmlReason(e));
    return reject(`El XML no está bien formado: ${(e as Error).message}`);
  }
}

/**
 * The first failing verification step, or undefined when the seal and the stamp hold. A complement the
 * engine has no cadena rules for leaves the Sello 'unknown' (not proven wrong): such a document is
 * accepted, since SAT already validated it when stamping; only a check that fails refuses it.
 */
function sealProblem(root: XmlElement): string | undefined {
  const result = verifyCfdi(root);
  const failed = result.checks.find((c) => c.status === 'fail');
  if (failed) return `El sello no se pudo verificar: ${failed.message}`;
  if (!result.checks.some((c) => c.id === 'tfd' && c.status === 'ok')) return 'El CFDI no está timbrado (no tiene TimbreFiscalDigital)';
  return undefined;
}

/**
 * A constancia de retenciones: version 2.0 (the engine reads and verifies it), the account's as receptor or
 * emisor, stamped, with its seal and stamp verified. Retenciones 1.0 (retired in 2022) is refused with the reason.
 */
function classifyRetention(root: XmlElement, bytes: Buffer, rfc: string): AcceptedRetention | RejectedDocument {
  if (root.ns !== NS.retenciones20) {
    return reject('Es una constancia de Retenciones 1.0 (sustituida en 2022 por la versión 2.0): solo se importan constancias de Retenciones 2.0');
  }
  let view: ReturnType<typeof readRetenciones>;
  try {
    view = readRetenciones(root);
  } catch (e) {
    if (e instanceof CfdiReadError) return reject(`No es una constancia de retenciones válida: ${e.message}`);
    throw e;
  }
  const uuid = view.timbre?.uuid?.toUpperCase();
  if (!uuid) return reject('La constancia de retenciones no está timbrada (no tiene TimbreFiscalDigital)');
  const direction = retentionDirection(view, rfc);
  if (!direction) {
    const receptor = view.receptor.nacionalidadR === 'Nacional' ? view.receptor.rfcR : `un residente en el extranjero (${view.receptor.nomDenRazSocR})`;
    return reject(`No pertenece a tu RFC: la constancia de retenciones la emite ${view.emisor.rfcE} y la recibe ${receptor}`);
  }
  let problem: string | undefined;
  try {
    problem = sealProblem(root);
  } catch (e) {
    problem = `El sello no se pudo verificar: ${(e as Error).message}`;
  }
  if (problem) return reject(problem.replace('El CFDI no está timbrado', 'La constancia no está timbrada'));
  return { ok: true, retention: true, uuid, direction, xml: bytes };
}

/**
 * Classifies one file for the account `rfc`: parsed safely (no DOCTYPE, size and depth limits), read as
 * CFDI 3.3/4.0 (or a Retenciones 2.0 constancia), seal and TFD verified with the engine, and assigned a direction (issued by or received
 * by this RFC; anything else is refused as another taxpayer's). Duplicates are decided by the caller
 * (they depend on what is already stored). Never throws for a bad document: it answers a reason.
 */
export function classifyDocument(bytes: Buffer, rfc: string): Classified {
  const parsed = parse(bytes);
  if ('ok' in parsed) return parsed;
  const root = parsed;
  if (root.local === 'Retenciones' && root.ns.startsWith(NS.retenciones20.slice(0, -1))) return classifyRetention(root, bytes, rfc);
  let cfdi: Cfdi;
  let summary: CfdiSummary;
  try {
    cfdi = readCfdi(root);
    summary = summarizeCfdi(cfdi);
  } catch (e) {
    if (e instanceof CfdiReadError) return reject(`No es un CFDI: ${e.message}`);
    throw e;
  }
  const uuid = summary.uuid?.toUpperCase();
  if (!uuid) return reject('El CFDI no está timbrado (no tiene TimbreFiscalDigital)');
  const issued = summary.emisorRfc.toUpperCase() === rfc;
  const received = summary.receptorRfc.toUpperCase() === rfc;
  if (!issued && !received) {
    return reject(`No pertenece a tu RFC: lo emite ${summary.emisorRfc} y lo recibe ${summary.receptorRfc}`);
  }
  const kind = KIND_BY_TIPO[summary.tipoDeComprobante];
  if (!kind) return reject(`Tipo de comprobante desconocido: «${summary.tipoDeComprobante}»`);
  let problem: string | undefined;
  try {
    problem = sealProblem(root);
  } catch (e) {
    problem = `El sello no se pudo verificar: ${(e as Error).message}`;
  }
  if (problem) return reject(problem);
  // A self-issued CFDI (emisor = receptor) is the taxpayer's own issue.
  return { ok: true, uuid, direction: issued ? 'emitido' : 'recibido', kind, cfdi, summary, xml: bytes };
}
