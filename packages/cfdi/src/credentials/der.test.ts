import { describe, expect, it } from 'vitest';
import { DerError, children, readBitIndexes, readIntegerHex, readNode, readOid, readString, readTime } from './der';

const bytes = (...b: number[]) => Uint8Array.from(b);
const ascii = (s: string) => [...Buffer.from(s, 'latin1')];

describe('DER reader', () => {
  it('reads short and long lengths and walks children', () => {
    const long = new Uint8Array(3 + 200);
    long.set([0x04, 0x81, 200]);
    const node = readNode(long);
    expect(node.end - node.start).toBe(200);
    const seq = readNode(bytes(0x30, 0x05, 0x02, 0x01, 0x05, 0x05, 0x00, 0x01, 0x01, 0xff));
    expect(seq.end).toBe(7);
    expect(children(seq).map((c) => c.tag)).toEqual([0x02, 0x05]);
  });

  it('refuses truncated input, indefinite lengths and oversized length fields', () => {
    expect(() => readNode(bytes(0x30, 0x05, 0x01))).toThrow(DerError);
    expect(() => readNode(bytes(0x30, 0x80, 0x00, 0x00))).toThrow(DerError);
    expect(() => readNode(bytes(0x30, 0x85, 1, 1, 1, 1, 1))).toThrow(DerError);
  });

  it('decodes OIDs, including multi-byte arcs', () => {
    // 1.2.840.113549.1.1.11 (sha256WithRSAEncryption)
    expect(readOid(readNode(bytes(0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b)))).toBe('1.2.840.113549.1.1.11');
    expect(readOid(readNode(bytes(0x06, 0x03, 0x55, 0x04, 0x2d)))).toBe('2.5.4.45');
  });

  it('decodes UTCTime with the 1950 pivot and GeneralizedTime', () => {
    expect(readTime(readNode(bytes(0x17, 13, ...ascii('270518114351Z')))).toISOString()).toBe('2027-05-18T11:43:51.000Z');
    expect(readTime(readNode(bytes(0x17, 13, ...ascii('991231235959Z')))).getUTCFullYear()).toBe(1999);
    expect(readTime(readNode(bytes(0x18, 15, ...ascii('20510101000000Z')))).toISOString()).toBe('2051-01-01T00:00:00.000Z');
    expect(() => readTime(readNode(bytes(0x17, 4, ...ascii('2705'))))).toThrow(DerError);
  });

  it('numbers BIT STRING bits from the most significant bit (keyUsage order)', () => {
    // 03 02 06 C0: 6 unused bits, bits 0 and 1 set → digitalSignature, nonRepudiation
    expect(readBitIndexes(readNode(bytes(0x03, 0x02, 0x06, 0xc0)))).toEqual([0, 1]);
    // 03 03 07 F8 80: bits 0-4 and 8
    expect(readBitIndexes(readNode(bytes(0x03, 0x03, 0x07, 0xf8, 0x80)))).toEqual([0, 1, 2, 3, 4, 8]);
  });

  it('reads strings by their ASN.1 type and integers as hex', () => {
    expect(readString(readNode(bytes(0x0c, 0x02, 0xc3, 0x91)))).toBe('Ñ');
    expect(readString(readNode(bytes(0x1e, 0x02, 0x00, 0xd1)))).toBe('Ñ');
    expect(readString(readNode(bytes(0x13, 0x02, ...ascii('AB'))))).toBe('AB');
    expect(readIntegerHex(readNode(bytes(0x02, 0x03, 0x00, 0x80, 0x01)))).toBe('8001');
  });
});
