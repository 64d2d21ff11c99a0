import { cadenaOriginal, cadenaTfd, UnsupportedComplementError } from '../cadena';
import type { Certificate } from '../credentials/certificate';
import { verifySignature } from '../credentials/sign';
import { documentLayout, emisorRfc, findTfd } from '../seal/document';
import type { SignedDocumentKind, SignedDocumentLayout } from '../seal/document';
import { fechaInstantRange, rangeWithin } from '../seal/fecha';
import { parseXml } from '../xml/parse';
import { isElement } from '../xml/types';
import type { XmlElement } from '../xml/types';
import { certificateFromAttribute } from './certificate-cache';
import { findPacCertificate, isSandboxPacCertificate } from './pac-certificates';
import type { PacCertificateInput } from './pac-certificates';

export type CheckStatus = 'ok' | 'fail' | 'unknown';

export type CheckId =
  | 'certificado'
  | 'certificado-rfc'
  | 'certificado-vigencia'
  | 'certificado-tipo'
  | 'sello'
  | 'complementos'
  | 'tfd'
  | 'tfd-sello-cfd'
  | 'tfd-sello-sat';

/** One verification step. `message` is Spanish: what holds, what does not, and why. */
export interface VerificationCheck {
  id: CheckId;
  status: CheckStatus;
  message: string;
}

export interface VerificationResult {
  /** True when the Sello and the certificate were verified and no check failed. */
  ok: boolean;
  kind: SignedDocumentKind;
  version: string;
  /** E.g. "CFDI 4.0". */
  label: string;
  uuid?: string;
  emisorRfc?: string;
  noCertificado?: string;
  checks: VerificationCheck[];
}

export interface VerifyOptions {
  /** Extra PAC/SAT certificates by NoCertificadoSAT, consulted before the bundled ones. */
  pacCertificates?: ReadonlyMap<string, PacCertificateInput>;
  /** Size limit for string/byte input (parseXml's default, 10 MB, otherwise). */
  maxBytes?: number;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Verifies a received CFDI 4.0/3.3/3.2 or Retenciones 2.0: Sello over the cadena original with the
 * embedded certificate, the certificate against NoCertificado / Emisor RFC / Fecha / kind, and the
 * TimbreFiscalDigital (SelloCFD = Sello; SelloSAT over the TFD cadena when the PAC certificate is known).
 * A complement without cadena rules makes the Sello 'unknown' ("complemento no soportado"), never 'fail'.
 * Throws XmlInputError for unreadable XML and DocumentTypeError for other roots.
 */
export function verifyCfdi(xml: string | Uint8Array | XmlElement, options: VerifyOptions = {}): VerificationResult {
  const root = typeof xml === 'string' || xml instanceof Uint8Array ? parseXml(xml, { maxBytes: options.maxBytes }) : xml;
  const layout = documentLayout(root);
  const checks: VerificationCheck[] = [];
  const add = (id: CheckId, status: CheckStatus, message: string) => checks.push({ id, status, message });

  const rfc = emisorRfc(root, layout);
  const noCertificado = root.attrs.get(layout.noCertificado)?.trim() ?? '';
  const cert = checkCertificate(root, layout, rfc, noCertificado, add);
  const sello = root.attrs.get(layout.sello)?.trim() ?? '';
  checkSello(root, layout, cert, sello, add);
  const tfd = findTfd(root, layout);
  checkTfd(tfd, sello, options, add);

  const status = (id: CheckId) => checks.find((c) => c.id === id)?.status;
  const ok = checks.every((c) => c.status !== 'fail') && status('sello') === 'ok' && status('certificado') === 'ok';
  const result: VerificationResult = { ok, kind: layout.kind, version: layout.version, label: layout.label, checks };
  const uuid = tfd?.attrs.get('UUID');
  if (uuid) result.uuid = uuid.toUpperCase();
  if (rfc) result.emisorRfc = rfc;
  if (noCertificado) result.noCertificado = noCertificado;
  return result;
}

type Add = (id: CheckId, status: CheckStatus, message: string) => void;

function checkCertificate(
  root: XmlElement,
  layout: SignedDocumentLayout,
  rfc: string,
  noCertificado: string,
  add: Add,
): Certificate | undefined {
  const base64 = root.attrs.get(layout.certificado)?.trim();
  if (!base64) {
    add('certificado', 'fail', `El comprobante no incluye el certificado (atributo ${layout.certificado})`);
    return undefined;
  }
  let cert: Certificate;
  try {
    cert = certificateFromAttribute(base64);
  } catch {
    add('certificado', 'fail', `El atributo ${layout.certificado} no contiene un certificado X.509 válido`);
    return undefined;
  }
  if (cert.noCertificado !== noCertificado) {
    add(
      'certificado',
      'fail',
      `El ${layout.noCertificado} del comprobante (${noCertificado || 'vacío'}) no corresponde al número de serie del certificado incluido (${cert.noCertificado})`,
    );
  } else {
    add('certificado', 'ok', `El certificado incluido es el número ${cert.noCertificado}, de ${cert.rfc || 'RFC desconocido'} (${cert.nombre})`);
  }

  if (!rfc) add('certificado-rfc', 'fail', 'El comprobante no tiene el RFC del emisor');
  else if (rfc !== cert.rfc) {
    add('certificado-rfc', 'fail', `El RFC del emisor (${rfc}) no es el del certificado (${cert.rfc || 'sin RFC'})`);
  } else add('certificado-rfc', 'ok', `El RFC del emisor (${rfc}) coincide con el del certificado`);

  const fecha = root.attrs.get(layout.fecha) ?? '';
  const range = fechaInstantRange(fecha);
  const vigencia = `${day(cert.validFrom)} a ${day(cert.validTo)}`;
  if (!range) add('certificado-vigencia', 'unknown', `No se pudo leer la fecha del comprobante ("${fecha}")`);
  else {
    const where = rangeWithin(range, cert.validFrom, cert.validTo);
    if (where === 'ok') add('certificado-vigencia', 'ok', `El certificado estaba vigente en la fecha del comprobante (${fecha}; vigencia ${vigencia})`);
    else {
      const why = where === 'before' ? 'aún no estaba vigente' : 'ya había vencido';
      add('certificado-vigencia', 'fail', `El certificado ${why} en la fecha del comprobante (${fecha}; vigencia ${vigencia})`);
    }
  }

  if (cert.kind === 'CSD') add('certificado-tipo', 'ok', 'El certificado es un Certificado de Sello Digital (CSD)');
  else add('certificado-tipo', 'fail', 'El comprobante se selló con una e.firma (FIEL), que no sirve para sellar comprobantes');
  return cert;
}

function checkSello(
  root: XmlElement,
  layout: SignedDocumentLayout,
  cert: Certificate | undefined,
  sello: string,
  add: Add,
): void {
  const complementos = complementNames(root, layout);
  let cadena: string | undefined;
  try {
    cadena = cadenaOriginal(root);
    add('complementos', 'ok', complementos.length ? `Complementos reconocidos: ${complementos.join(', ')}` : 'Sin complementos');
  } catch (e) {
    if (e instanceof UnsupportedComplementError) {
      add('complementos', 'unknown', `${e.message}. No se puede calcular la cadena original de este comprobante`);
      add('sello', 'unknown', 'Complemento no soportado: no se pudo verificar el sello (esto no significa que sea inválido)');
    } else {
      add('complementos', complementos.length ? 'unknown' : 'ok', complementos.length ? `Complementos: ${complementos.join(', ')}` : 'Sin complementos');
      const why =
        layout.kind === 'cfdi32'
          ? 'la cadena original de CFDI 3.2 (versión retirada en 2017) no está soportada'
          : `no se pudo calcular la cadena original: ${(e as Error).message}`;
      add('sello', 'unknown', `El sello no se pudo verificar: ${why}`);
    }
    return;
  }
  if (!sello) return add('sello', 'fail', `El comprobante no tiene sello (atributo ${layout.sello})`);
  if (!cert) return add('sello', 'unknown', 'Sin un certificado válido no se puede verificar el sello');
  const alg = layout.algorithm === 'sha1' ? 'RSA-SHA1' : 'RSA-SHA256';
  if (verifySignature(cert.publicKey, cadena, sello, layout.algorithm)) {
    add('sello', 'ok', `El sello (${alg}) corresponde a la cadena original y al certificado ${cert.noCertificado}`);
  } else {
    add(
      'sello',
      'fail',
      `El sello (${alg}) no corresponde a la cadena original: el comprobante se modificó después de sellarse o se selló con otro certificado`,
    );
  }
}

function checkTfd(tfd: XmlElement | undefined, sello: string, options: VerifyOptions, add: Add): void {
  if (!tfd) return add('tfd', 'unknown', 'El comprobante no está timbrado (no tiene TimbreFiscalDigital)');
  const version = tfd.attrs.get('Version') ?? tfd.attrs.get('version') ?? '';
  const uuid = tfd.attrs.get('UUID') ?? '';
  add('tfd', 'ok', `Timbre Fiscal Digital ${version} con UUID ${uuid.toUpperCase()}`);

  const selloCfd = (tfd.attrs.get('SelloCFD') ?? tfd.attrs.get('selloCFD') ?? '').trim();
  if (selloCfd === sello && sello) add('tfd-sello-cfd', 'ok', 'El SelloCFD del timbre es igual al Sello del comprobante');
  else {
    add('tfd-sello-cfd', 'fail', 'El SelloCFD del timbre no es igual al Sello del comprobante: el timbre no pertenece a este comprobante');
  }

  const noCertSat = (tfd.attrs.get('NoCertificadoSAT') ?? tfd.attrs.get('noCertificadoSAT') ?? '').trim();
  const selloSat = (tfd.attrs.get('SelloSAT') ?? tfd.attrs.get('selloSAT') ?? '').trim();
  let pacCert: Certificate | undefined;
  try {
    pacCert = findPacCertificate(noCertSat, options.pacCertificates);
  } catch {
    return add('tfd-sello-sat', 'unknown', `El certificado proporcionado para ${noCertSat} no es válido`);
  }
  if (!pacCert) {
    return add(
      'tfd-sello-sat',
      'unknown',
      `No se cuenta con el certificado ${noCertSat || '(vacío)'} del SAT/PAC: no se pudo verificar el SelloSAT`,
    );
  }
  let cadena: string;
  try {
    cadena = cadenaTfd(tfd);
  } catch (e) {
    return add('tfd-sello-sat', 'unknown', `No se pudo calcular la cadena del timbre: ${(e as Error).message}`);
  }
  const sandbox = isSandboxPacCertificate(noCertSat) ? ' (PAC de pruebas: sin validez fiscal)' : '';
  const alg = version === '1.0' ? 'sha1' : 'sha256';
  if (verifySignature(pacCert.publicKey, cadena, selloSat, alg)) {
    add('tfd-sello-sat', 'ok', `El SelloSAT corresponde al timbre y al certificado ${noCertSat}${sandbox}`);
  } else {
    add('tfd-sello-sat', 'fail', `El SelloSAT no corresponde al timbre con el certificado ${noCertSat}: el timbre fue alterado o no es auténtico`);
  }
}

/** Local names of the elements inside the document's Complemento nodes, in order, without repeats. */
function complementNames(root: XmlElement, layout: SignedDocumentLayout): string[] {
  const seen = new Set<string>();
  for (const c of root.children) {
    if (!isElement(c) || c.local !== 'Complemento' || c.ns !== layout.ns) continue;
    for (const inner of c.children) if (isElement(inner)) seen.add(inner.local);
  }
  return [...seen];
}
