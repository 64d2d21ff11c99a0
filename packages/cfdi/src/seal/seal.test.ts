import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/fixtures';
import { cadenaOriginal } from '../cadena';
import { loadCredential } from '../credentials';
import { verifyCfdi } from '../verify';
import { NS } from '../xml/namespaces';
import { parseXml } from '../xml/parse';
import { findChild } from '../xml/query';
import { isElement } from '../xml/types';
import type { XmlElement } from '../xml/types';
import { writeXml } from '../xml/write';
import { SealError, sealCfdi, sealDocument, sealRetenciones } from './index';
import { thrown } from '../../test/thrown';

const NOW = new Date('2025-06-01T12:00:00Z');
const password = '12345678a';
const csd = loadCredential(
  { cer: readFixture('certs', 'csd', 'EKU9003173C9.cer'), key: readFixture('certs', 'csd', 'EKU9003173C9.key'), password },
  { purpose: 'sello', now: NOW },
);
const fiel = loadCredential(
  { cer: readFixture('certs', 'fiel', 'EKU9003173C9.cer'), key: readFixture('certs', 'fiel', 'EKU9003173C9.key'), password },
  { now: NOW },
);

const fixture = (name: string) => parseXml(readFixture('cfdi', name));

/** The fixture without its TimbreFiscalDigital and seal values, as it was before sealing. */
function unsealed(name: string): XmlElement {
  const root = fixture(name);
  for (const c of root.children) {
    if (isElement(c) && c.local === 'Complemento') {
      c.children = c.children.filter((x) => !(isElement(x) && x.ns === NS.tfd));
    }
  }
  root.children = root.children.filter((c) => !(isElement(c) && c.local === 'Complemento' && c.children.length === 0));
  root.attrs.delete('Sello');
  root.attrs.delete('NoCertificado');
  root.attrs.delete('Certificado');
  return root;
}

const sealError = (fn: () => unknown): SealError => thrown(SealError, fn);

describe('sealCfdi', () => {
  it('reproduces the exact Sello of a 4.0 sealed with the same CSD (PKCS#1 v1.5 is deterministic)', () => {
    const original = fixture('cfdi40-valid.xml');
    const root = unsealed('cfdi40-valid.xml');
    const result = sealCfdi(root, csd, { now: NOW });
    expect(result).toBe(root);
    expect(root.attrs.get('NoCertificado')).toBe('30001000000500003416');
    expect(root.attrs.get('Certificado')).toBe(original.attrs.get('Certificado'));
    expect(root.attrs.get('Sello')).toBe(original.attrs.get('Sello'));
  });

  it('seals a 4.0 with Pagos 2.0 and the result verifies after a write/parse round trip', () => {
    const root = unsealed('created-cfdi40-pago20-valid.xml');
    sealCfdi(root, csd, { now: NOW });
    const result = verifyCfdi(writeXml(root));
    expect(result.checks.find((c) => c.id === 'sello')?.status).toBe('ok');
    expect(result.ok).toBe(true);
  });

  it('places new seal attributes where the XSD puts them', () => {
    const root = unsealed('cfdi40-valid.xml');
    sealCfdi(root, csd, { now: NOW });
    const keys = [...root.attrs.keys()].filter((k) => !k.includes(':'));
    const at = (k: string) => keys.indexOf(k);
    expect(at('Sello')).toBe(at('Fecha') + 1);
    expect(at('NoCertificado')).toBeGreaterThan(at('Sello'));
    expect(at('Certificado')).toBe(at('NoCertificado') + 1);
    expect(at('SubTotal')).toBeGreaterThan(at('Certificado'));
  });

  it('seals a 3.3 with SHA-256', () => {
    const root = unsealed('cfdi33-valid.xml');
    root.attrs.set('Fecha', '2024-03-01T10:00:00');
    sealCfdi(root, csd, { now: NOW });
    expect(csd.verify(cadenaOriginal(root), root.attrs.get('Sello')!, 'sha256')).toBe(true);
    expect(verifyCfdi(root).ok).toBe(true);
  });

  it('refuses an e.firma, an expired certificate and a date outside the validity', () => {
    expect(sealError(() => sealCfdi(unsealed('cfdi40-valid.xml'), fiel, { now: NOW })).code).toBe('cert-not-csd');
    const expired = sealError(() => sealCfdi(unsealed('cfdi40-valid.xml'), csd, { now: new Date('2027-06-01') }));
    expect(expired.code).toBe('cert-expired');
    expect(expired.message).toContain('venció el 2027-05-18');
    const old = unsealed('cfdi40-valid.xml');
    old.attrs.set('Fecha', '2022-12-31T10:00:00');
    expect(sealError(() => sealCfdi(old, csd, { now: NOW })).code).toBe('fecha-outside-validity');
  });

  it('refuses an Emisor RFC that is not the certificate holder', () => {
    const root = unsealed('cfdi40-valid.xml');
    findChild(root, NS.cfdi40, 'Emisor')!.attrs.set('Rfc', 'AAA010101AAA');
    const e = sealError(() => sealCfdi(root, csd, { now: NOW }));
    expect(e.code).toBe('rfc-mismatch');
    expect(e.message).toBe('El RFC del emisor (AAA010101AAA) no coincide con el RFC del certificado (EKU9003173C9)');
    expect(root.attrs.has('Sello')).toBe(false);
  });

  it('refuses a stamped document, a 3.2 and the wrong document family', () => {
    expect(sealError(() => sealCfdi(fixture('cfdi40-valid.xml'), csd, { now: NOW })).code).toBe('already-stamped');
    const v32 = parseXml('<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" version="3.2"/>');
    expect(sealError(() => sealCfdi(v32, csd, { now: NOW })).code).toBe('unsupported-version');
    expect(sealError(() => sealCfdi(fixture('retenciones/retenciones20.xml'), csd, { now: NOW })).code).toBe(
      'wrong-document',
    );
    expect(sealError(() => sealDocument(parseXml('<a/>'), csd, { now: NOW })).message).toContain('elemento raíz es a');
  });
});

describe('sealRetenciones', () => {
  it('seals a Retenciones 2.0 and verifies it', () => {
    const root = fixture('retenciones/retenciones20.xml');
    const original = root.attrs.get('Sello');
    root.attrs.set('FechaExp', '2024-01-13T14:15:16');
    sealRetenciones(root, csd, { now: NOW });
    expect(root.attrs.get('Sello')).not.toBe(original);
    const result = verifyCfdi(root);
    expect(result.kind).toBe('retenciones20');
    expect(result.ok).toBe(true);
  });

  it("signs the same bytes as the fixture's issuer: the fixture Sello is the CSD signature of its cadena", () => {
    const root = fixture('retenciones/retenciones20.xml');
    expect(csd.sign(cadenaOriginal(root))).toBe(root.attrs.get('Sello'));
  });
});
