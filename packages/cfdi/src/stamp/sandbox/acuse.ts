import { X509Certificate, createHash, createSign, createVerify } from 'node:crypto';
import { escapeAttr, escapeText } from '../../xml';
import type { SandboxCredentials } from './credentials';

/**
 * The sandbox PAC's cancellation receipt, shaped like SAT's "Acuse" that Finkok returns from `cancel`
 * (root Acuse with Fecha and RfcEmisor, Folios in http://cancelacfd.sat.gob.mx with UUID and EstatusUUID, and an
 * enveloped XML-DSig Signature Id="SelloSAT"). SAT signs with HMAC-SHA512 (only SAT can check it); the sandbox
 * signs with RSA-SHA256 and its own certificate, carried in KeyInfo, so anyone can verify it
 * ({@link verifySandboxAcuse}) and no one mistakes it for SAT's.
 *
 * The document is written directly in canonical form (C14N 1.0, no whitespace between elements), so the digest of
 * the enveloped-signature transform is the SHA-256 of the text without the Signature element.
 */

const NS_CANCELA = 'http://cancelacfd.sat.gob.mx';
const NS_DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const XSD = 'http://www.w3.org/2001/XMLSchema';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

export interface AcuseFolio {
  uuid: string;
  /** SAT's per-UUID code: 201 request received, 202 previously cancelled (12xx for retenciones). */
  estatusUUID: string;
}

const attr = escapeAttr;

const signedInfoOf = (digest: string, withNs: boolean): string =>
  `<SignedInfo${withNs ? ` xmlns="${NS_DSIG}"` : ''}>` +
  '<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"></CanonicalizationMethod>' +
  '<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"></SignatureMethod>' +
  '<Reference URI=""><Transforms><Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">' +
  "<XPath>not(ancestor-or-self::*[local-name()='Signature'])</XPath></Transform></Transforms>" +
  `<DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"></DigestMethod><DigestValue>${digest}</DigestValue></Reference></SignedInfo>`;

/** Builds and signs the acuse of one cancellation request. */
export function buildSandboxAcuse(
  credentials: SandboxCredentials,
  a: { fecha: string; rfcEmisor: string; folios: AcuseFolio[]; leyenda?: string },
): string {
  const folios = a.folios
    .map((f) => `<Folios xmlns="${NS_CANCELA}"><UUID>${escapeText(f.uuid)}</UUID><EstatusUUID>${escapeText(f.estatusUUID)}</EstatusUUID></Folios>`)
    .join('');
  const open =
    `<Acuse xmlns:xsd="${XSD}" xmlns:xsi="${XSI}" Fecha="${attr(a.fecha)}"` +
    `${a.leyenda ? ` Leyenda="${attr(a.leyenda)}"` : ''} RfcEmisor="${attr(a.rfcEmisor)}">`;
  const unsigned = `${open}${folios}</Acuse>`;
  const digest = createHash('sha256').update(unsigned, 'utf8').digest('base64');
  const signer = createSign('RSA-SHA256');
  signer.update(signedInfoOf(digest, true), 'utf8');
  const signatureValue = signer.sign(credentials.privateKey, 'base64');
  const certificate = credentials.certificate.raw.toString('base64');
  const signature =
    `<Signature xmlns="${NS_DSIG}" Id="SelloSAT">${signedInfoOf(digest, false)}<SignatureValue>${signatureValue}</SignatureValue>` +
    `<KeyInfo><X509Data><X509Certificate>${certificate}</X509Certificate></X509Data></KeyInfo></Signature>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${open}${folios}${signature}</Acuse>`;
}

export interface VerifiedAcuse {
  valid: boolean;
  fecha: string;
  rfcEmisor: string;
  folios: AcuseFolio[];
  /** The signing certificate (from KeyInfo). */
  certificate?: X509Certificate;
}

/**
 * Checks a sandbox acuse: the digest of the document without its Signature and the RSA signature of SignedInfo
 * with the certificate in KeyInfo (and, when given, that this certificate is the expected one).
 */
export function verifySandboxAcuse(xml: string, expected?: X509Certificate): VerifiedAcuse {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const sig = /<Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#" Id="SelloSAT">[\s\S]*<\/Signature>/.exec(body);
  const fecha = /<Acuse [^>]*Fecha="([^"]*)"/.exec(body)?.[1] ?? '';
  const rfcEmisor = /<Acuse [^>]*RfcEmisor="([^"]*)"/.exec(body)?.[1] ?? '';
  const folios = [...body.matchAll(/<Folios[^>]*><UUID>([^<]*)<\/UUID><EstatusUUID>([^<]*)<\/EstatusUUID><\/Folios>/g)].map((m) => ({ uuid: m[1]!, estatusUUID: m[2]! }));
  const out: VerifiedAcuse = { valid: false, fecha, rfcEmisor, folios };
  if (!sig) return out;
  const unsigned = body.slice(0, sig.index) + body.slice(sig.index + sig[0].length);
  const digest = /<DigestValue>([^<]*)<\/DigestValue>/.exec(sig[0])?.[1] ?? '';
  const value = /<SignatureValue>([^<]*)<\/SignatureValue>/.exec(sig[0])?.[1] ?? '';
  const cert = /<X509Certificate>([^<]*)<\/X509Certificate>/.exec(sig[0])?.[1];
  if (!cert) return out;
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Buffer.from(cert, 'base64'));
  } catch {
    return out;
  }
  out.certificate = certificate;
  if (expected && !certificate.raw.equals(expected.raw)) return out;
  if (createHash('sha256').update(unsigned, 'utf8').digest('base64') !== digest) return out;
  const verifier = createVerify('RSA-SHA256');
  verifier.update(signedInfoOf(digest, true), 'utf8');
  out.valid = verifier.verify(certificate.publicKey, value, 'base64');
  return out;
}
