import { readCertificate } from '../credentials/certificate';
import type { Certificate } from '../credentials/certificate';

// Received CFDI come in batches from few issuers, so the same Certificado attribute repeats;
// parsing it costs more than the RSA verification itself.
const MAX_ENTRIES = 64;
const cache = new Map<string, Certificate>();

/** Parses the base64 Certificado attribute, reusing recent results. Throws CredentialError. */
export function certificateFromAttribute(base64: string): Certificate {
  const hit = cache.get(base64);
  if (hit) {
    // Refresh recency: Map iteration order is insertion order.
    cache.delete(base64);
    cache.set(base64, hit);
    return hit;
  }
  const cert = readCertificate(base64);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(base64, cert);
  return cert;
}
