/**
 * A minimal DER reader: just enough ASN.1 to read the parts of an X.509 certificate and a PKCS#8
 * envelope that node:crypto does not expose (keyUsage bits, extKeyUsage OIDs, subject attributes
 * by OID, the raw serial). It reads definite-length DER only, which is all X.509 allows.
 */

/** One decoded TLV: its tag byte, where its content lies inside `buf`, and the raw bytes. */
export interface DerNode {
  tag: number;
  /** The whole buffer the node was read from. */
  buf: Uint8Array;
  /** Offset of the tag byte (start of the complete encoding). */
  offset: number;
  /** Offset of the first content byte. */
  start: number;
  /** Offset just past the last content byte. */
  end: number;
}

export const TAG = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8_STRING: 0x0c,
  PRINTABLE_STRING: 0x13,
  T61_STRING: 0x14,
  IA5_STRING: 0x16,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
  UNIVERSAL_STRING: 0x1c,
  BMP_STRING: 0x1e,
  SEQUENCE: 0x30,
  SET: 0x31,
} as const;

/** Thrown for bytes that are not valid DER; callers turn it into a field-specific error. */
export class DerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DerError';
  }
}

/** Reads the TLV starting at `offset`. */
export function readNode(buf: Uint8Array, offset = 0, limit = buf.length): DerNode {
  if (offset + 2 > limit) throw new DerError('DER truncado');
  const tag = buf[offset];
  if ((tag & 0x1f) === 0x1f) throw new DerError('DER con etiqueta de varios bytes no soportada');
  let pos = offset + 1;
  let len = buf[pos++];
  if (len & 0x80) {
    const count = len & 0x7f;
    // Certificates are far below 2^32 bytes; more length bytes means garbage, and 0 means BER indefinite length.
    if (count === 0 || count > 4) throw new DerError('DER con longitud inválida');
    if (pos + count > limit) throw new DerError('DER truncado');
    len = 0;
    for (let i = 0; i < count; i++) len = len * 256 + buf[pos++];
  }
  if (pos + len > limit) throw new DerError('DER truncado');
  return { tag, buf, offset, start: pos, end: pos + len };
}

/** The child nodes of a constructed node (SEQUENCE, SET, context tags). */
export function children(node: DerNode): DerNode[] {
  const out: DerNode[] = [];
  let pos = node.start;
  while (pos < node.end) {
    const child = readNode(node.buf, pos, node.end);
    out.push(child);
    pos = child.end;
  }
  return out;
}

/** Content bytes of a node. */
export const content = (node: DerNode): Uint8Array => node.buf.subarray(node.start, node.end);

/** Complete encoding (tag, length and content) of a node. */
export const encoding = (node: DerNode): Uint8Array => node.buf.subarray(node.offset, node.end);

/** Dotted-decimal form of an OBJECT IDENTIFIER. */
export function readOid(node: DerNode): string {
  if (node.tag !== TAG.OID) throw new DerError('Se esperaba un OID');
  const bytes = content(node);
  if (bytes.length === 0) throw new DerError('OID vacío');
  const parts: number[] = [];
  let value = 0;
  for (let i = 0; i < bytes.length; i++) {
    value = value * 128 + (bytes[i] & 0x7f);
    if (!(bytes[i] & 0x80)) {
      if (parts.length === 0) {
        const first = value < 80 ? Math.floor(value / 40) : 2;
        parts.push(first, value - first * 40);
      } else {
        parts.push(value);
      }
      value = 0;
    }
  }
  return parts.join('.');
}

/** Decodes the ASN.1 string types found in certificate names. */
export function readString(node: DerNode): string {
  const bytes = content(node);
  switch (node.tag) {
    case TAG.UTF8_STRING:
      return new TextDecoder('utf-8').decode(bytes);
    case TAG.BMP_STRING: {
      let s = '';
      for (let i = 0; i + 1 < bytes.length; i += 2) s += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
      return s;
    }
    case TAG.UNIVERSAL_STRING: {
      let s = '';
      for (let i = 0; i + 3 < bytes.length; i += 4) {
        s += String.fromCodePoint(((bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3]) >>> 0);
      }
      return s;
    }
    case TAG.PRINTABLE_STRING:
    case TAG.IA5_STRING:
    case TAG.T61_STRING:
      // T61 is treated as Latin-1: the SAT only writes ASCII there.
      return new TextDecoder('latin1').decode(bytes);
    default:
      // Unusual string types (e.g. a BIT STRING x500UniqueIdentifier) are read as Latin-1 rather than
      // rejecting the whole certificate over one attribute nobody displays.
      return new TextDecoder('latin1').decode(bytes);
  }
}

/** UTCTime / GeneralizedTime (always Zulu in X.509) as a Date. */
export function readTime(node: DerNode): Date {
  const s = new TextDecoder('latin1').decode(content(node));
  let m: RegExpExecArray | null;
  if (node.tag === TAG.UTC_TIME && (m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?Z$/.exec(s))) {
    // RFC 5280: YY >= 50 means 19YY.
    const yy = Number(m[1]);
    return new Date(Date.UTC(yy >= 50 ? 1900 + yy : 2000 + yy, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)));
  }
  if (node.tag === TAG.GENERALIZED_TIME && (m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.\d+)?Z$/.exec(s))) {
    return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
  }
  throw new DerError(`Fecha ASN.1 inválida: ${s}`);
}

/**
 * Bits set in a BIT STRING, as indexes where 0 is the most significant bit of the first byte
 * (the numbering X.509 uses for keyUsage).
 */
export function readBitIndexes(node: DerNode): number[] {
  if (node.tag !== TAG.BIT_STRING) throw new DerError('Se esperaba un BIT STRING');
  const bytes = content(node);
  if (bytes.length === 0) throw new DerError('BIT STRING vacío');
  const unused = bytes[0];
  const total = (bytes.length - 1) * 8 - unused;
  const out: number[] = [];
  for (let i = 0; i < total; i++) {
    if (bytes[1 + (i >> 3)] & (0x80 >> (i & 7))) out.push(i);
  }
  return out;
}

/** Hex of an INTEGER's content bytes (as written, leading zero byte kept out). */
export function readIntegerHex(node: DerNode): string {
  if (node.tag !== TAG.INTEGER) throw new DerError('Se esperaba un INTEGER');
  let bytes = content(node);
  while (bytes.length > 1 && bytes[0] === 0) bytes = bytes.subarray(1);
  return Buffer.from(bytes).toString('hex').toUpperCase();
}
