import { DerError, TAG, children, content, encoding, readBitIndexes, readIntegerHex, readNode, readOid, readString, readTime } from './der';
import type { DerNode } from './der';

/** One attribute of a distinguished name, in certificate order. */
export interface NameAttribute {
  oid: string;
  value: string;
}

/** The fields of an X.509 certificate that node:crypto does not expose in a usable form. */
export interface X509Fields {
  /** Serial number as upper-case hex without leading zero bytes. */
  serialHex: string;
  issuer: NameAttribute[];
  subject: NameAttribute[];
  notBefore: Date;
  notAfter: Date;
  /** keyUsage bit names, e.g. ['digitalSignature', 'nonRepudiation']; empty when the extension is absent. */
  keyUsage: KeyUsage[];
  /** extKeyUsage OIDs; empty when the extension is absent. */
  extKeyUsage: string[];
  /** SubjectPublicKeyInfo DER. */
  spki: Uint8Array;
  /** PKCS#1 RSAPublicKey DER when the key is RSA (what SAT certificates carry). */
  rsaPublicKey?: Uint8Array;
}

export type KeyUsage =
  | 'digitalSignature'
  | 'nonRepudiation'
  | 'keyEncipherment'
  | 'dataEncipherment'
  | 'keyAgreement'
  | 'keyCertSign'
  | 'cRLSign'
  | 'encipherOnly'
  | 'decipherOnly';

// RFC 5280 §4.2.1.3, in bit order.
const KEY_USAGE_BITS: KeyUsage[] = [
  'digitalSignature',
  'nonRepudiation',
  'keyEncipherment',
  'dataEncipherment',
  'keyAgreement',
  'keyCertSign',
  'cRLSign',
  'encipherOnly',
  'decipherOnly',
];

export const OID = {
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.5',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  name: '2.5.4.41',
  x500UniqueIdentifier: '2.5.4.45',
  emailAddress: '1.2.840.113549.1.9.1',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  clientAuth: '1.3.6.1.5.5.7.3.2',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const;

function readName(node: DerNode): NameAttribute[] {
  if (node.tag !== TAG.SEQUENCE) throw new DerError('Nombre X.509 inválido');
  const out: NameAttribute[] = [];
  for (const rdn of children(node)) {
    for (const atv of children(rdn)) {
      const [type, value] = children(atv);
      if (!type || !value) throw new DerError('Atributo de nombre X.509 inválido');
      out.push({ oid: readOid(type), value: readString(value) });
    }
  }
  return out;
}

function readExtensions(node: DerNode): { keyUsage: KeyUsage[]; extKeyUsage: string[] } {
  const result = { keyUsage: [] as KeyUsage[], extKeyUsage: [] as string[] };
  // [3] EXPLICIT wraps the SEQUENCE OF Extension.
  const [list] = children(node);
  if (!list) return result;
  for (const ext of children(list)) {
    const parts = children(ext);
    const oid = readOid(parts[0]);
    const valueNode = parts[parts.length - 1];
    if (valueNode.tag !== TAG.OCTET_STRING) throw new DerError('Extensión X.509 inválida');
    const inner = readNode(content(valueNode));
    if (oid === OID.keyUsage) {
      result.keyUsage = readBitIndexes(inner)
        .map((bit) => KEY_USAGE_BITS[bit])
        .filter((u): u is KeyUsage => u !== undefined);
    } else if (oid === OID.extKeyUsage) {
      result.extKeyUsage = children(inner).map(readOid);
    }
  }
  return result;
}

/** Reads serial, names, validity and usage extensions from a DER certificate. Throws DerError. */
export function readX509Fields(der: Uint8Array): X509Fields {
  const cert = readNode(der);
  if (cert.tag !== TAG.SEQUENCE) throw new DerError('No es un certificado X.509');
  const [tbs] = children(cert);
  if (!tbs || tbs.tag !== TAG.SEQUENCE) throw new DerError('No es un certificado X.509');
  const fields = children(tbs);
  // The version is an optional [0] EXPLICIT field before the serial.
  let i = fields[0]?.tag === 0xa0 ? 1 : 0;
  const serial = fields[i++];
  i++; // signature algorithm
  const issuer = fields[i++];
  const validity = fields[i++];
  const subject = fields[i++];
  const spki = fields[i++];
  if (!serial || !issuer || !validity || !subject || !spki) throw new DerError('Certificado X.509 incompleto');
  const [notBefore, notAfter] = children(validity);
  const extensionsNode = fields.slice(i).find((f) => f.tag === 0xa3);
  const ext = extensionsNode ? readExtensions(extensionsNode) : { keyUsage: [], extKeyUsage: [] };
  return {
    serialHex: readIntegerHex(serial),
    issuer: readName(issuer),
    subject: readName(subject),
    notBefore: readTime(notBefore),
    notAfter: readTime(notAfter),
    keyUsage: ext.keyUsage,
    extKeyUsage: ext.extKeyUsage,
    spki: encoding(spki),
    rsaPublicKey: rsaKeyOf(spki),
  };
}

/** The PKCS#1 key inside an RSA SubjectPublicKeyInfo (the BIT STRING minus its unused-bits byte). */
function rsaKeyOf(spki: DerNode): Uint8Array | undefined {
  const [algorithm, bits] = children(spki);
  const [oid] = algorithm ? children(algorithm) : [];
  if (!oid || !bits || bits.tag !== TAG.BIT_STRING || readOid(oid) !== OID.rsaEncryption) return undefined;
  return content(bits).subarray(1);
}
