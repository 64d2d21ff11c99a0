import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The sandbox PAC's signing material. SANDBOX TEST MATERIAL: stamps made with it have no fiscal validity. */
export interface SandboxCredentials {
  certificate: X509Certificate;
  privateKey: KeyObject;
  /** SAT-style certificate number: the serial read as ASCII digits. */
  noCertificado: string;
  /** RFC written as RfcProvCertif in every TFD. */
  rfc: string;
}

/** RFC of the sandbox PAC (also in its certificate's x500UniqueIdentifier). Not a real taxpayer. */
export const SANDBOX_PAC_RFC = 'SBX260101SB1';

/** The certificate's serial as SAT prints it (hex pairs of ASCII digits → digits). */
export function noCertificadoOf(cert: X509Certificate): string {
  const hex = cert.serialNumber.length % 2 === 0 ? cert.serialNumber : `0${cert.serialNumber}`;
  return Buffer.from(hex, 'hex').toString('latin1');
}

let cached: SandboxCredentials | undefined;

/** Loads the committed sandbox certificate and key (see credentials/generate.sh). */
export function loadSandboxCredentials(): SandboxCredentials {
  if (cached) return cached;
  const certificate = new X509Certificate(readFileSync(new URL('./credentials/sandbox-pac.cer', import.meta.url)));
  const privateKey = createPrivateKey(readFileSync(new URL('./credentials/sandbox-pac.key.pem', import.meta.url)));
  cached = { certificate, privateKey, noCertificado: noCertificadoOf(certificate), rfc: SANDBOX_PAC_RFC };
  return cached;
}
