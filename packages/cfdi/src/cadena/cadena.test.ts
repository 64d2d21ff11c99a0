import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/fixtures';
import { el, findChild, NS, parseXml, writeXml, type XmlElement } from '../xml';
import { cadenaOriginal, cadenaTfd, detectRuleSet, UnsupportedComplementError, UnsupportedDocumentError } from '.';

const real40 = (): XmlElement => parseXml(readFixture('cfdi', 'cfdi40-real.xml'));

function complemento(root: XmlElement): XmlElement {
  let c = findChild(root, root.ns, 'Complemento');
  if (!c) {
    c = el('cfdi:Complemento', root.ns);
    root.children.push(c);
  }
  return c;
}

describe('cadenaOriginal', () => {
  it('detects the flavour by namespace and Version, not by prefix', () => {
    const xml = readFixture('cfdi', 'cfdi40-valid.xml').toString('utf8').replaceAll('cfdi:', 'x:').replace('xmlns:cfdi=', 'xmlns:x=');
    const root = parseXml(xml);
    expect(root.name).toBe('x:Comprobante');
    expect(detectRuleSet(root)).toBe('cfdi40');
    expect(cadenaOriginal(root)).toBe(cadenaOriginal(parseXml(readFixture('cfdi', 'cfdi40-valid.xml'))));
  });

  it('throws UnsupportedComplementError listing every unknown complement namespace', () => {
    const root = real40();
    complemento(root).children.push(
      el('acme:Extra', 'urn:acme:extra', { Dato: 'x' }),
      el('otro:Cosa', 'urn:otro', {}),
      el('acme:Extra', 'urn:acme:extra', {}),
    );
    let error: unknown;
    try {
      cadenaOriginal(root);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnsupportedComplementError);
    expect((error as UnsupportedComplementError).namespaces).toEqual(['urn:acme:extra', 'urn:otro']);
    expect((error as Error).message).toBe('Complemento no soportado: urn:acme:extra, urn:otro');
  });

  it('refuses a complement SAT only defines for another CFDI version (Pagos 1.0 inside a 4.0)', () => {
    const root = real40();
    complemento(root).children.push(el('pago10:Pagos', NS.pago10, { Version: '1.0' }));
    expect(() => cadenaOriginal(root)).toThrow(UnsupportedComplementError);
  });

  it('refuses an unknown complement inside ComplementoConcepto too', () => {
    const root = real40();
    const concepto = findChild(findChild(root, NS.cfdi40, 'Conceptos')!, NS.cfdi40, 'Concepto')!;
    concepto.children.push(el('cfdi:ComplementoConcepto', NS.cfdi40, {}, [el('z:Z', 'urn:z', { A: '1' })]));
    expect(() => cadenaOriginal(root)).toThrow('Complemento no soportado: urn:z');
  });

  it('refuses an unknown complement in Retenciones 2.0 as well', () => {
    const root = parseXml(readFixture('cfdi', 'retenciones', 'retenciones20.xml'));
    complemento(root).children.push(el('x:Nuevo', 'http://www.sat.gob.mx/esquemas/retencionpago/1/nuevo', { Version: '1.0' }));
    expect(() => cadenaOriginal(root)).toThrow('Complemento no soportado: http://www.sat.gob.mx/esquemas/retencionpago/1/nuevo');
  });

  it('ignores the Addenda and the TFD', () => {
    const root = real40();
    const before = cadenaOriginal(root);
    root.children.push(el('cfdi:Addenda', NS.cfdi40, {}, [el('acme:Pedido', 'urn:acme', { Num: '99' }, [{ text: 'texto' }])]));
    expect(cadenaOriginal(root)).toBe(before);
    expect(findChild(findChild(root, NS.cfdi40, 'Complemento')!, NS.tfd, 'TimbreFiscalDigital')).toBeDefined();
  });

  it('prints required attributes even when absent or empty, optional ones only when present', () => {
    const root = el('cfdi:Comprobante', NS.cfdi40, { Version: '4.0', Serie: '', Fecha: '  2025-01-01T00:00:00 ' }, [], { cfdi: NS.cfdi40 });
    // Version|Serie(present, empty)|Fecha|NoCertificado(missing)|SubTotal|Moneda|Total|TipoDeComprobante|Exportacion|LugarExpedicion
    expect(cadenaOriginal(root)).toBe('||4.0||2025-01-01T00:00:00|||||||||');
  });

  it('follows the stylesheet attribute order, not the document order', () => {
    const a = parseXml(`<cfdi:Comprobante xmlns:cfdi="${NS.cfdi40}" Version="4.0" Total="2" SubTotal="1"/>`);
    const b = parseXml(`<cfdi:Comprobante xmlns:cfdi="${NS.cfdi40}" SubTotal="1" Total="2" Version="4.0"/>`);
    expect(cadenaOriginal(a)).toBe(cadenaOriginal(b));
    // Version|Fecha|NoCertificado|SubTotal|Moneda|Total|TipoDeComprobante|Exportacion|LugarExpedicion
    expect(cadenaOriginal(a)).toBe('||4.0|||1||2|||||');
  });

  it('rejects documents it has no stylesheet for', () => {
    const cfdi32 = parseXml(`<cfdi:Comprobante xmlns:cfdi="${NS.cfdi33}" version="3.2"/>`);
    expect(() => cadenaOriginal(cfdi32)).toThrow(UnsupportedDocumentError);
    expect(() => cadenaOriginal(parseXml('<a/>'))).toThrow('Documento no soportado para la cadena original');
    const tfd = parseXml(`<tfd:TimbreFiscalDigital xmlns:tfd="${NS.tfd}" Version="1.1"/>`);
    expect(() => cadenaOriginal(tfd)).toThrow(UnsupportedDocumentError);
    expect(() => cadenaTfd(real40())).toThrow(UnsupportedDocumentError);
  });

  it('is unaffected by a write/parse round trip', () => {
    const root = real40();
    expect(cadenaOriginal(parseXml(writeXml(root)))).toBe(cadenaOriginal(root));
  });
});
