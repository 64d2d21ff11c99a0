import { beforeAll, describe, expect, it } from 'vitest';
import { classifyDocument } from './classify';
import { stampedReceived, SUPPLIER_RFC } from '../../../test/received-cfdis';

const ME = 'PENJ800101AB1';
let received: { xml: string; uuid: string };

beforeAll(async () => {
  received = await stampedReceived({ receptorRfc: ME });
});

const reason = (xml: string | Buffer, rfc = ME) => {
  const r = classifyDocument(Buffer.isBuffer(xml) ? xml : Buffer.from(xml), rfc);
  if (r.ok) throw new Error('expected a rejection');
  return r.reason;
};

describe('classifyDocument', () => {
  it('accepts a stamped CFDI received by the account and keeps its exact bytes', () => {
    const bytes = Buffer.from(received.xml);
    const r = classifyDocument(bytes, ME);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r).toMatchObject({ uuid: received.uuid, direction: 'recibido', kind: 'ingreso' });
    expect(r.summary.total).toBe('1160.00');
    expect(r.xml).toBe(bytes);
  });

  it('classifies the same document as issued for the issuer', () => {
    const r = classifyDocument(Buffer.from(received.xml), SUPPLIER_RFC);
    expect(r.ok && r.direction).toBe('emitido');
  });

  it('refuses another taxpayer’s CFDI', () => {
    expect(reason(received.xml, 'XAXX010101000')).toMatch(/^No pertenece a tu RFC/);
  });

  it('refuses a document altered after sealing', () => {
    const forged = received.xml.replace('ValorUnitario="1000.00"', 'ValorUnitario="100.00"');
    expect(forged).not.toBe(received.xml);
    expect(reason(forged)).toMatch(/^El sello no se pudo verificar: El sello .* no corresponde/);
  });

  it('refuses XML that is not well-formed, a DOCTYPE, an empty file and a non-CFDI', () => {
    expect(reason('<cfdi:Comprobante')).toMatch(/^El XML no está bien formado/);
    expect(reason('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>')).toMatch(/DOCTYPE o entidades externas/);
    expect(reason('')).toMatch(/vacío|bien formado/);
    expect(reason('<factura total="10"/>')).toMatch(/^No es un CFDI/);
  });

  it('refuses an unstamped CFDI', () => {
    const unstamped = received.xml.replace(/<cfdi:Complemento>.*<\/cfdi:Complemento>/s, '');
    expect(unstamped).not.toBe(received.xml);
    expect(reason(unstamped)).toMatch(/no está timbrado/);
  });
});
