import { X509Certificate } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Certificate } from './certificate';
import { CredentialError } from './errors';

/**
 * SAT's certification authorities (issue 24 item 12, decision 273). A CSD or e.firma is SAT's when its issuer is one
 * of them; in production only the production ones count, SAT's test authority ("AC UAT") only outside production.
 *
 * The list is data: each authority has the name SAT writes as the issuer of the certificates it signs and, when its
 * public certificate is shipped (a PEM or DER file under `authorities/produccion` or `authorities/pruebas` of this
 * folder, or of the directory `SAT_AC_DIR` names), that certificate: then the signature of every certificate that
 * names it must verify with its key — a certificate that only copies the name is refused. Authorities whose
 * certificate is not shipped are recognised by name alone (decision 273 says which, and how to add the files).
 */
export type SatAmbiente = 'produccion' | 'pruebas';

export interface SatAuthority {
  /** Issuer CN as SAT writes it (compared without accents, case or repeated spaces). */
  cn: string;
  /** Issuer O. */
  o: string;
  ambiente: SatAmbiente;
  /** Where the name (or the certificate) comes from. */
  fuente: string;
  /** The authority's own certificate, when shipped: the signature of its certificates is verified with it. */
  certificado?: X509Certificate;
}

const SAT_O = 'SERVICIO DE ADMINISTRACION TRIBUTARIA';

/** The authorities known by name (the certificates SAT issues name them as issuer). */
export const SAT_AUTHORITY_NAMES: readonly SatAuthority[] = [
  { cn: 'AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA', o: SAT_O, ambiente: 'produccion', fuente: 'Issuer of SAT production certificates since 2019 (e.g. NoCertificado 00001000000708361114, fixtures/certs/other)' },
  { cn: 'A.C. DEL SERVICIO DE ADMINISTRACION TRIBUTARIA', o: SAT_O, ambiente: 'produccion', fuente: 'Issuer name of SAT production certificates of the AC4/AC5 generation (Certificados de las AC del SAT, sat.gob.mx)' },
  { cn: 'AC UAT', o: SAT_O, ambiente: 'pruebas', fuente: 'SAT test authority of Certificados_Pruebas / RFC-PAC-SC.zip (fixtures/certs/csd, fiel)' },
  { cn: 'A.C. 2 DE PRUEBAS(4096)', o: SAT_O, ambiente: 'pruebas', fuente: 'Older SAT test authority (fixtures/certs/other/20001000000300022779.cer)' },
];

/** Upper case, no accents, single spaces: how names are compared. */
export const normalizeName = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/\s+/g, ' ').trim();

const nameOf = (dn: string, key: string): string => {
  // node writes the DN one attribute per line ("CN=AC UAT\nO=…").
  const line = dn.split('\n').find((l) => l.startsWith(`${key}=`));
  return line ? line.slice(key.length + 1) : '';
};

function readCertFile(file: string): X509Certificate {
  const bytes = readFileSync(file);
  return new X509Certificate(bytes);
}

/** Authorities from the certificate files of a directory: `produccion/*` and `pruebas/*` (.pem, .cer, .crt). */
export function authoritiesFromDirectory(dir: string, fuente = dir): SatAuthority[] {
  const out: SatAuthority[] = [];
  for (const ambiente of ['produccion', 'pruebas'] as const) {
    const sub = path.join(dir, ambiente);
    if (!existsSync(sub) || !statSync(sub).isDirectory()) continue;
    for (const name of readdirSync(sub).sort()) {
      if (!/\.(pem|cer|crt)$/i.test(name)) continue;
      const certificado = readCertFile(path.join(sub, name));
      out.push({ cn: nameOf(certificado.subject, 'CN'), o: nameOf(certificado.subject, 'O'), ambiente, fuente: `${fuente}/${ambiente}/${name}`, certificado });
    }
  }
  return out;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The shipped list: the names above plus every certificate file under this folder's `authorities/`. */
export function satAuthorities(extraDir?: string): SatAuthority[] {
  return [
    ...SAT_AUTHORITY_NAMES,
    ...authoritiesFromDirectory(path.join(HERE, 'authorities'), 'packages/cfdi/src/credentials/authorities'),
    ...(extraDir ? authoritiesFromDirectory(extraDir) : []),
  ];
}

let shipped: SatAuthority[] | undefined;
const defaultAuthorities = () => (shipped ??= satAuthorities());

/**
 * The authority that issued `cert`, or null. Authorities of the same name that ship their certificate must verify
 * the signature (then `verificada` is true); a name-only entry matches when no certificate of that name is shipped.
 */
export function satAuthorityOf(cert: Certificate, authorities: readonly SatAuthority[] = defaultAuthorities()): { authority: SatAuthority; verificada: boolean } | null {
  const issuer = cert.x509.issuer;
  const cn = normalizeName(nameOf(issuer, 'CN'));
  const o = normalizeName(nameOf(issuer, 'O'));
  const named = authorities.filter((a) => normalizeName(a.cn) === cn && normalizeName(a.o) === o);
  const withCert = named.filter((a) => a.certificado);
  if (withCert.length) {
    const signer = withCert.find((a) => cert.x509.checkIssued(a.certificado!) && cert.x509.verify(a.certificado!.publicKey));
    return signer ? { authority: signer, verificada: true } : null;
  }
  return named[0] ? { authority: named[0], verificada: false } : null;
}

/**
 * Refuses (CredentialError on `cer`, Spanish) a certificate no SAT authority issued, and in production one from SAT's
 * test authority. Returns the authority.
 */
export function assertSatIssuer(cert: Certificate, opts: { produccion: boolean; authorities?: readonly SatAuthority[] }): SatAuthority {
  const found = satAuthorityOf(cert, opts.authorities ?? defaultAuthorities());
  const issuerCn = nameOf(cert.x509.issuer, 'CN') || cert.issuer;
  if (!found) {
    throw new CredentialError('cer-not-sat-issuer', 'cer', `El certificado no lo emitió una autoridad certificadora del SAT (lo emitió «${issuerCn}»): sube el certificado que te entregó el SAT.`);
  }
  if (opts.produccion && found.authority.ambiente === 'pruebas') {
    throw new CredentialError('cer-test-issuer', 'cer', `El certificado es de pruebas del SAT (lo emitió «${issuerCn}»): en producción solo se aceptan certificados emitidos por el SAT para uso real. Tramita tu certificado en el SAT y súbelo.`);
  }
  return found.authority;
}
