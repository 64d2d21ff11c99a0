import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/fixtures';
import { readCertificate } from './certificate';
import { CredentialError } from './errors';
import { assertSatIssuer, authoritiesFromDirectory, SAT_AUTHORITY_NAMES, satAuthorityOf, type SatAuthority } from './sat-authorities';

// Issue 24 item 12: only SAT's certificates in production; SAT's test authority only outside it.
const cert = (...p: string[]) => readCertificate(readFixture('certs', ...p));
const refusal = (fn: () => unknown): CredentialError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof CredentialError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
};
const simulated: SatAuthority = {
  cn: 'AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA', o: 'SERVICIO DE ADMINISTRACION TRIBUTARIA', ambiente: 'produccion', fuente: 'test',
  certificado: new X509Certificate(readFixture('certs', 'issuers', 'ac-produccion-simulada.pem')),
};

describe('SAT issuing authorities', () => {
  it('SAT test CSD and e.firma (AC UAT): accepted outside production, refused in production in Spanish', () => {
    for (const p of [['csd', 'EKU9003173C9.cer'], ['fiel', 'EKU9003173C9.cer']]) {
      expect(assertSatIssuer(cert(...p), { produccion: false })).toMatchObject({ cn: 'AC UAT', ambiente: 'pruebas' });
      const e = refusal(() => assertSatIssuer(cert(...p), { produccion: true }));
      expect(e).toMatchObject({ code: 'cer-test-issuer', field: 'cer' });
      expect(e.message).toBe('El certificado es de pruebas del SAT (lo emitió «AC UAT»): en producción solo se aceptan certificados emitidos por el SAT para uso real. Tramita tu certificado en el SAT y súbelo.');
    }
  });

  it('a production SAT certificate (AC del SAT) is accepted in both modes, by name while no AC certificate is shipped', () => {
    const prod = cert('other', '00001000000708361114.cer');
    expect(satAuthorityOf(prod)).toMatchObject({ authority: { ambiente: 'produccion' }, verificada: false });
    expect(assertSatIssuer(prod, { produccion: true }).ambiente).toBe('produccion');
    expect(assertSatIssuer(cert('other', '20001000000300022779.cer'), { produccion: false }).ambiente).toBe('pruebas');
  });

  it('any other issuer is refused in both modes', () => {
    for (const produccion of [true, false]) {
      const e = refusal(() => assertSatIssuer(cert('issuers', 'csd-ac-ajena.cer'), { produccion }));
      expect(e).toMatchObject({ code: 'cer-not-sat-issuer', field: 'cer' });
      expect(e.message).toBe('El certificado no lo emitió una autoridad certificadora del SAT (lo emitió «AC FALSA DE CERTIFICACION»): sube el certificado que te entregó el SAT.');
    }
  });

  it('with the AC certificate shipped, the signature decides: the signed one passes, one that only copies the name is refused', () => {
    const authorities = [...SAT_AUTHORITY_NAMES, simulated];
    expect(satAuthorityOf(cert('issuers', 'csd-ac-produccion-simulada.cer'), authorities)).toMatchObject({ verificada: true, authority: { fuente: 'test' } });
    expect(assertSatIssuer(cert('issuers', 'csd-ac-produccion-simulada.cer'), { produccion: true, authorities }).fuente).toBe('test');
    // Same issuer name, another key: accepted by name alone without the AC file, refused once it is shipped.
    expect(satAuthorityOf(cert('issuers', 'csd-ac-falsificada.cer'))).toMatchObject({ verificada: false });
    expect(refusal(() => assertSatIssuer(cert('issuers', 'csd-ac-falsificada.cer'), { produccion: true, authorities })).code).toBe('cer-not-sat-issuer');
    // The real production PAC certificate was not signed by the simulated AC: with it shipped, it no longer passes.
    expect(satAuthorityOf(cert('other', '00001000000708361114.cer'), authorities)).toBeNull();
  });

  it('reads authorities from a directory (produccion/, pruebas/): data, not code', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sat-ac-'));
    mkdirSync(path.join(dir, 'produccion'));
    mkdirSync(path.join(dir, 'pruebas'));
    writeFileSync(path.join(dir, 'produccion', 'ac-sat.pem'), readFixture('certs', 'issuers', 'ac-produccion-simulada.pem'));
    writeFileSync(path.join(dir, 'pruebas', 'ajena.pem'), readFixture('certs', 'issuers', 'ac-ajena.pem'));
    writeFileSync(path.join(dir, 'pruebas', 'LEEME.txt'), 'no es un certificado');
    const found = authoritiesFromDirectory(dir, 'dir');
    expect(found.map((a) => [a.cn, a.o, a.ambiente, a.fuente])).toEqual([
      ['AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA', 'SERVICIO DE ADMINISTRACION TRIBUTARIA', 'produccion', 'dir/produccion/ac-sat.pem'],
      ['AC FALSA DE CERTIFICACION', 'EMISORA AJENA SA DE CV', 'pruebas', 'dir/pruebas/ajena.pem'],
    ]);
    // Listed as a test authority: accepted outside production only.
    expect(assertSatIssuer(cert('issuers', 'csd-ac-ajena.cer'), { produccion: false, authorities: found }).ambiente).toBe('pruebas');
    expect(refusal(() => assertSatIssuer(cert('issuers', 'csd-ac-ajena.cer'), { produccion: true, authorities: found })).code).toBe('cer-test-issuer');
  });
});
