import { describe, expect, test } from 'vitest';
import { readFixture, readFixtureText } from '../../test/fixtures';
import { cadenaContabilidad } from '../cadena';
import { loadCredential } from '../credentials/credential';
import { readCertificate } from '../credentials/certificate';
import { verifySignature } from '../credentials/sign';
import { parseXml } from '../xml/parse';
import { sellarArchivoContable, SelloContableError, verificarSelloContable } from './sello';
import { balanzaXml, polizasXml, xmlText } from './xml';
import { validateContabilidadXsd } from './xsd';

const TIPOS = ['BN', 'CT', 'PL', 'XC', 'XF'] as const;
const sample = (t: string) => readFixtureText('contabilidad', 'samples', `CACX7605101P8202312${t}.xml`);
// SAT's test e.firma (RFC EKU9003173C9), valid 2023-05-18 to 2027-05-17.
const NOW = new Date('2026-06-01T12:00:00Z');
const efirma = loadCredential(
  { cer: readFixture('certs', 'fiel', 'EKU9003173C9.cer'), key: readFixture('certs', 'fiel', 'EKU9003173C9.key'), password: '12345678a' },
  { purpose: 'efirma', now: NOW },
);
const csd = loadCredential(
  { cer: readFixture('certs', 'csd', 'EKU9003173C9.cer'), key: readFixture('certs', 'csd', 'EKU9003173C9.key'), password: '12345678a' },
  { purpose: 'sello', now: NOW },
);
/** The samples are SAT's test RFC CACX7605101P8; the e.firma we hold is EKU9003173C9's. */
const asEku = (xml: string) => xml.replace('RFC="CACX7605101P8"', 'RFC="EKU9003173C9"');

describe('cadena original of Anexo 24 files (rules derived from SAT\'s *_1_2.xslt)', () => {
  // No xsltproc on this machine: the expected cadenas were checked by hand against each stylesheet
  // (attribute order of the XSLT, not of the file: e.g. ComprNal RFC before MontoTotal; DesCta and
  // the DetalleAux Concepto are not in the cadena). See fixtures/contabilidad/README.md.
  test.each(TIPOS)('sample %s gives the cadena of SAT\'s XSLT', (t) => {
    const expected = readFixtureText('contabilidad', 'cadenas', `CACX7605101P8202312${t}.cadena.txt`);
    expect(cadenaContabilidad(parseXml(sample(t)))).toBe(expected);
  });

  test('exact strings: balanza header, an optional attribute present, spaces normalised', () => {
    expect(cadenaContabilidad(parseXml(sample('BN')))).toMatch(/^\|\|1\.3\|CACX7605101P8\|12\|2023\|N\|1103\|0\|12911\.94\|0\|12911\.94\|1103\.1\|/);
    const c = xmlText(balanzaXml({ rfc: 'EKU9003173C9', anio: 2026, mes: 3, tipoEnvio: 'C', fechaModBal: '2026-04-02' }, [
      { numero: '102.01', saldoInicial: '0.00', debe: '10.00', haber: '0.00', saldoFinal: '10.00' },
    ] as never));
    expect(cadenaContabilidad(parseXml(c))).toBe('||1.3|EKU9003173C9|03|2026|C|2026-04-02|102.01|0.00|10.00|0.00|10.00||');
    const p = xmlText(polizasXml({ rfc: 'EKU9003173C9', anio: 2026, mes: 3 }, { tipoSolicitud: 'AF', numOrden: 'ABC1234567/26' }, [{
      numUnIdenPol: 'D-1', fecha: '2026-03-05', concepto: '  Venta   de  contado ',
      lineas: [{ numCta: '102.01', desCta: 'Bancos', concepto: 'Cobro', debe: '116.00', haber: '0.00', comprobantes: [] }],
    }] as never));
    expect(cadenaContabilidad(parseXml(p))).toBe('||1.3|EKU9003173C9|03|2026|AF|ABC1234567/26|D-1|2026-03-05|Venta de contado|102.01|Cobro|116.00|0.00||');
  });

  test('refuses a document that is not one of the five', () => {
    expect(() => cadenaContabilidad(parseXml('<a xmlns="urn:x" Version="1.3"/>'))).toThrow();
  });
});

describe('e.firma seal', () => {
  test.each(TIPOS)('sample %s sealed: the Sello verifies with the certificate and the file still validates', (t) => {
    const sealed = sellarArchivoContable(asEku(sample(t)), efirma, NOW);
    const root = parseXml(sealed);
    expect(root.attrs.get('noCertificado')).toBe(efirma.noCertificado);
    expect(root.attrs.get('noCertificado')).toMatch(/^\d{20}$/);
    const cert = readCertificate(root.attrs.get('Certificado')!);
    expect(cert.noCertificado).toBe(efirma.noCertificado);
    expect(verifySignature(cert.publicKey, cadenaContabilidad(root), root.attrs.get('Sello')!, 'sha256')).toBe(true);
    expect(verificarSelloContable(sealed)).toBe('valido');
    expect(validateContabilidadXsd(sealed)).toEqual([]);
    // The seal attributes are not part of the cadena: sealing does not change what is signed.
    expect(cadenaContabilidad(root)).toBe(cadenaContabilidad(parseXml(asEku(sample(t)))));
  });

  test('a changed amount breaks the seal; an unsealed file says so', () => {
    const sealed = sellarArchivoContable(asEku(sample('BN')), efirma, NOW);
    expect(verificarSelloContable(sealed.replace('Debe="12911.94"', 'Debe="12911.95"'))).toBe('invalido');
    expect(verificarSelloContable(sample('BN'))).toBe('sin-sello');
  });

  test('sealing twice replaces the seal instead of repeating the attributes', () => {
    const once = sellarArchivoContable(asEku(sample('CT')), efirma, NOW);
    const twice = sellarArchivoContable(once, efirma, NOW);
    expect(twice.match(/ Sello="/g)).toHaveLength(1);
    expect(verificarSelloContable(twice)).toBe('valido');
  });

  test('refuses a CSD, another RFC and an expired e.firma, in Spanish', () => {
    expect(() => sellarArchivoContable(asEku(sample('BN')), csd, NOW)).toThrow(/e\.firma, no con el CSD/);
    expect(() => sellarArchivoContable(sample('BN'), efirma, NOW)).toThrow(/CACX7605101P8.*EKU9003173C9/);
    const err = (() => { try { sellarArchivoContable(asEku(sample('BN')), efirma, new Date('2030-01-01')); } catch (e) { return e; } })();
    expect(err).toBeInstanceOf(SelloContableError);
    expect((err as SelloContableError).code).toBe('cert-expired');
  });
});
