import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readCertificate } from '../credentials/certificate';
import type { Certificate } from '../credentials/certificate';

/** A PAC/SAT certificate given by the caller: parsed, or raw DER/PEM/base64. */
export type PacCertificateInput = Certificate | Uint8Array | string;

// Public certificates that sign SelloSAT: the SAT test PAC, the production SAT stamping certificate,
// and the sandbox PAC's own (its stamps have no fiscal validity).
const BUNDLED_DIR = new URL('./pac-certs/', import.meta.url);
const SANDBOX_CERT = new URL('../stamp/sandbox/credentials/sandbox-pac.cer', import.meta.url);

let bundled: Map<string, Certificate> | undefined;
let sandboxNoCertificado: string | undefined;

/** The PAC certificates shipped with the engine, keyed by NoCertificado. Read once. */
export function bundledPacCertificates(): ReadonlyMap<string, Certificate> {
  if (bundled) return bundled;
  const map = new Map<string, Certificate>();
  for (const file of readdirSync(fileURLToPath(BUNDLED_DIR))) {
    if (!file.endsWith('.cer')) continue;
    const cert = readCertificate(readFileSync(new URL(file, BUNDLED_DIR)));
    map.set(cert.noCertificado, cert);
  }
  const sandboxPath = fileURLToPath(SANDBOX_CERT);
  if (existsSync(sandboxPath)) {
    const cert = readCertificate(readFileSync(sandboxPath));
    sandboxNoCertificado = cert.noCertificado;
    map.set(cert.noCertificado, cert);
  }
  bundled = map;
  return map;
}

/** True when the number is the sandbox PAC's certificate (stamps without fiscal validity). */
export function isSandboxPacCertificate(noCertificado: string): boolean {
  bundledPacCertificates();
  return noCertificado === sandboxNoCertificado;
}

/** Finds the certificate for NoCertificadoSAT: caller-provided ones first, then the bundled ones. */
export function findPacCertificate(
  noCertificado: string,
  extra?: ReadonlyMap<string, PacCertificateInput>,
): Certificate | undefined {
  const given = extra?.get(noCertificado);
  if (given !== undefined) return typeof given === 'string' || given instanceof Uint8Array ? readCertificate(given) : given;
  return bundledPacCertificates().get(noCertificado);
}
