import type { Certificate, CertificateKind } from './certificate';

/** Plain, JSON-safe description of a certificate, for APIs and screens (no key material). */
export interface CertificateSummary {
  noCertificado: string;
  rfc: string;
  representanteRfc?: string;
  curp?: string;
  nombre: string;
  sucursal?: string;
  tipo: CertificateKind;
  emisor: string;
  /** ISO 8601 UTC. */
  vigenteDesde: string;
  /** ISO 8601 UTC. */
  vigenteHasta: string;
  /** Whole days until expiry at `now` (negative once expired). */
  diasRestantes: number;
  vigente: boolean;
}

/** Summarises a certificate as users see it: number, holder, kind and validity at `now`. */
export function certificateSummary(cert: Certificate, now: Date = new Date()): CertificateSummary {
  const summary: CertificateSummary = {
    noCertificado: cert.noCertificado,
    rfc: cert.rfc,
    nombre: cert.nombre,
    tipo: cert.kind,
    emisor: cert.issuer,
    vigenteDesde: cert.validFrom.toISOString(),
    vigenteHasta: cert.validTo.toISOString(),
    diasRestantes: cert.daysToExpiry(now),
    vigente: cert.isValidAt(now),
  };
  if (cert.representanteRfc) summary.representanteRfc = cert.representanteRfc;
  if (cert.curp) summary.curp = cert.curp;
  if (cert.sucursal) summary.sucursal = cert.sucursal;
  return summary;
}
