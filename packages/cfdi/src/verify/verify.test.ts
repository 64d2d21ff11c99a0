import { describe, expect, it } from 'vitest';
import { readFixture, readFixtureText } from '../../test/fixtures';
import { DocumentTypeError } from '../seal/document';
import { NS } from '../xml/namespaces';
import { parseXml } from '../xml/parse';
import { findChild, findDescendant } from '../xml/query';
import { XmlInputError } from '../xml/errors';
import { writeXml } from '../xml/write';
import { formatVerification, verifyCfdi } from './index';
import type { CheckId, VerificationResult } from './index';

const xml = (name: string) => readFixtureText('cfdi', name);
const status = (r: VerificationResult, id: CheckId) => r.checks.find((c) => c.id === id)?.status;
const message = (r: VerificationResult, id: CheckId) => r.checks.find((c) => c.id === id)?.message ?? '';

describe('verifyCfdi on the reference documents', () => {
  it('cfdi40-valid verifies fully, SelloSAT with the bundled SAT test PAC certificate', () => {
    const r = verifyCfdi(xml('cfdi40-valid.xml'));
    expect(r.ok).toBe(true);
    expect(r.version).toBe('4.0');
    expect(r.uuid).toBe('6F35D3B5-3651-5370-BC2C-14CDBE384CD7');
    expect(r.checks.every((c) => c.status === 'ok')).toBe(true);
    expect(message(r, 'tfd-sello-sat')).toContain('30001000000500003456');
  });

  it('cfdi40-real verifies fully with the production SAT stamping certificate', () => {
    const r = verifyCfdi(readFixture('cfdi', 'cfdi40-real.xml'));
    expect(r.ok).toBe(true);
    expect(r.checks.map((c) => c.status)).not.toContain('unknown');
    expect(r.emisorRfc).toBe('ISD950921HE5');
  });

  it('cfdi33-real: sello verifies, SelloSAT is unknown (certificate not available)', () => {
    const r = verifyCfdi(xml('cfdi33-real.xml'));
    expect(r.ok).toBe(true);
    expect(status(r, 'sello')).toBe('ok');
    expect(status(r, 'tfd-sello-cfd')).toBe('ok');
    expect(status(r, 'tfd-sello-sat')).toBe('unknown');
    expect(message(r, 'tfd-sello-sat')).toContain('00001000000406258094');
    expect(message(r, 'complementos')).toContain('ImpuestosLocales');
  });

  it('cfdi33-valid: Sello ok, but its TFD belongs to another document', () => {
    const pacCert = readFixture('certs', 'other', '20001000000300022779.cer');
    const r = verifyCfdi(xml('cfdi33-valid.xml'), { pacCertificates: new Map([['20001000000300022779', pacCert]]) });
    expect(status(r, 'sello')).toBe('ok');
    expect(status(r, 'tfd-sello-cfd')).toBe('fail');
    expect(status(r, 'tfd-sello-sat')).toBe('fail');
    expect(r.ok).toBe(false);
  });

  it('Retenciones 2.0: sello verifies; its test certificate was issued after FechaExp', () => {
    const r = verifyCfdi(xml('retenciones/retenciones20.xml'));
    expect(r.kind).toBe('retenciones20');
    expect(status(r, 'sello')).toBe('ok');
    expect(status(r, 'certificado-rfc')).toBe('ok');
    expect(status(r, 'certificado-vigencia')).toBe('fail');
    expect(status(r, 'tfd')).toBe('unknown');
  });
});

describe('verifyCfdi detects tampering', () => {
  it('a changed amount breaks the sello', () => {
    const r = verifyCfdi(xml('cfdi40-valid.xml').replace(/ Total="([0-9.]+)"/, ' Total="999999.00"'));
    expect(status(r, 'sello')).toBe('fail');
    expect(message(r, 'sello')).toContain('se modificó después de sellarse');
    expect(r.ok).toBe(false);
    // The TFD still matches the (unchanged) Sello attribute.
    expect(status(r, 'tfd-sello-cfd')).toBe('ok');
  });

  it('a changed TFD breaks the SelloSAT', () => {
    const root = parseXml(xml('cfdi40-valid.xml'));
    findDescendant(root, NS.tfd, 'TimbreFiscalDigital')!.attrs.set('FechaTimbrado', '2025-02-19T08:37:31');
    const r = verifyCfdi(root);
    expect(status(r, 'sello')).toBe('ok');
    expect(status(r, 'tfd-sello-sat')).toBe('fail');
  });

  it('a certificate from someone else fails the certificate checks and the sello', () => {
    const root = parseXml(xml('cfdi40-real.xml'));
    root.attrs.set('Certificado', readFixture('certs', 'fiel', 'EKU9003173C9.cer').toString('base64'));
    const r = verifyCfdi(root);
    expect(status(r, 'certificado')).toBe('fail');
    expect(status(r, 'certificado-rfc')).toBe('fail');
    expect(status(r, 'certificado-tipo')).toBe('fail');
    expect(status(r, 'sello')).toBe('fail');
  });

  it('a missing Sello or Certificado fails', () => {
    const noSello = parseXml(xml('cfdi40-valid.xml'));
    noSello.attrs.delete('Sello');
    expect(status(verifyCfdi(noSello), 'sello')).toBe('fail');
    expect(status(verifyCfdi(noSello), 'tfd-sello-cfd')).toBe('fail');
    const noCert = parseXml(xml('cfdi40-valid.xml'));
    noCert.attrs.set('Certificado', 'AAAA');
    const r = verifyCfdi(noCert);
    expect(status(r, 'certificado')).toBe('fail');
    expect(status(r, 'sello')).toBe('unknown');
    expect(r.ok).toBe(false);
  });
});

describe('verifyCfdi limits', () => {
  it('an unsupported complement gives "complemento no soportado" and sello unknown, never fail', () => {
    const root = parseXml(xml('cfdi40-valid.xml'));
    const complemento = findChild(root, NS.cfdi40, 'Complemento')!;
    complemento.children.unshift(parseXml('<x:Nuevo xmlns:x="http://example.com/nuevo" A="1"/>'));
    const r = verifyCfdi(writeXml(root));
    expect(status(r, 'sello')).toBe('unknown');
    expect(message(r, 'sello')).toContain('Complemento no soportado');
    expect(message(r, 'complementos')).toContain('http://example.com/nuevo');
    expect(r.checks.some((c) => c.status === 'fail')).toBe(false);
    expect(r.ok).toBe(false);
    expect(formatVerification(r)).toContain('NO CONCLUYENTE');
  });

  it('reports a CFDI 3.2 as not verifiable instead of failing it', () => {
    const cert = readFixture('certs', 'csd', 'EKU9003173C9.cer').toString('base64');
    const r = verifyCfdi(
      `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" version="3.2" fecha="2024-01-01T10:00:00" sello="AAAA" noCertificado="30001000000500003416" certificado="${cert}"><cfdi:Emisor rfc="EKU9003173C9"/></cfdi:Comprobante>`,
    );
    expect(r.kind).toBe('cfdi32');
    expect(status(r, 'certificado')).toBe('ok');
    expect(status(r, 'certificado-rfc')).toBe('ok');
    expect(status(r, 'sello')).toBe('unknown');
    expect(message(r, 'sello')).toContain('CFDI 3.2');
    expect(r.ok).toBe(false);
  });

  it('rejects what is not a CFDI and unsafe XML', () => {
    expect(() => verifyCfdi('<html/>')).toThrow(DocumentTypeError);
    expect(() => verifyCfdi('<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="9"/>')).toThrow(
      'Versión de CFDI no soportada',
    );
    expect(() => verifyCfdi('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>')).toThrow(XmlInputError);
  });

  it('formats a Spanish report with a verdict', () => {
    const text = formatVerification(verifyCfdi(xml('cfdi33-real.xml')));
    expect(text).toContain('CFDI 3.3 — UUID CEE4BE01-ADFA-4DEB-8421-ADD60F0BEDAC');
    expect(text).toMatch(/\[ \?\? \] +SelloSAT del timbre/);
    expect(text).toContain('Resultado: VÁLIDO');
  });
});
