import { inflateRawSync } from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Reads the entries of a ZIP archive (an .xlsx is one) held in memory. Supports stored and deflated
 * entries, which is all Excel and LibreOffice write; ZIP64 and encryption are not supported.
 */
export function readZip(buf: Buffer): Map<string, () => Buffer> {
  const eocd = findEocd(buf);
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries = new Map<string, () => Buffer>();
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(at) !== CENTRAL) throw new Error('ZIP dañado: directorio central no válido');
    const method = buf.readUInt16LE(at + 10);
    const compressedSize = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const localOffset = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, () => extract(buf, localOffset, method, compressedSize, name));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function findEocd(buf: Buffer): number {
  // The end record is 22 bytes plus a comment of up to 64 KiB.
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) return i;
  }
  throw new Error('No es un archivo ZIP/XLSX (no se halló el fin del directorio central)');
}

function extract(buf: Buffer, offset: number, method: number, size: number, name: string): Buffer {
  if (buf.readUInt32LE(offset) !== LOCAL) throw new Error(`ZIP dañado: encabezado local de ${name}`);
  const start = offset + 30 + buf.readUInt16LE(offset + 26) + buf.readUInt16LE(offset + 28);
  const data = buf.subarray(start, start + size);
  if (method === 0) return Buffer.from(data);
  if (method === 8) return inflateRawSync(data);
  throw new Error(`ZIP: método de compresión ${method} no soportado en ${name}`);
}
