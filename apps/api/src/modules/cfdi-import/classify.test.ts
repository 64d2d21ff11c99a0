import { beforeAll, describe, expect, it } from 'vitest';
import { classifyDocument } from './classify';
import { stampedReceived, SUPPLIER_RFC } from '../../../test/received-cfdis';
import { receivedRetention } from '../retentions/retention-fixture.test-support';

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
    if (!r.ok || 'retention' in r) throw new Error('expected a CFDI');
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

  it('accepts a stamped Retenciones 2.0 received by the account (stored in Retenciones) and refuses Retenciones 1.0', async () => {
    const ret = await receivedRetention({ receptorRfc: ME });
    const r = classifyDocument(Buffer.from(ret.xml), ME);
    expect(r).toMatchObject({ ok: true, retention: true, uuid: ret.uuid, direction: 'recibida' });
    expect(classifyDocument(Buffer.from(ret.xml), SUPPLIER_RFC)).toMatchObject({ ok: true, retention: true, direction: 'emitida' });
    const v1 = ret.xml.replaceAll('http://www.sat.gob.mx/esquemas/retencionpago/2', 'http://www.sat.gob.mx/esquemas/retencionpago/1');
    expect(reason(v1)).toMatch(/Retenciones 1\.0/);
    const tampered = ret.xml.replace('MontoTotOperacion="55578643"', 'MontoTotOperacion="55578644"');
    expect(tampered).not.toBe(ret.xml);
    expect(reason(tampered)).toMatch(/sello/);
  });
});
