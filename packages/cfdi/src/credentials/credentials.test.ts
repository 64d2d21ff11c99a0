import { describe, expect, it } from 'vitest';
import { readFixture, readFixtureText } from '../../test/fixtures';
import { CredentialError, certificateSummary, loadCredential, readCertificate, readPrivateKey, signData, verifySignature } from './index';
import { thrown } from '../../test/thrown';

const csdCer = readFixture('certs', 'csd', 'EKU9003173C9.cer');
const csdKey = readFixture('certs', 'csd', 'EKU9003173C9.key');
const fielCer = readFixture('certs', 'fiel', 'EKU9003173C9.cer');
const fielKey = readFixture('certs', 'fiel', 'EKU9003173C9.key');
const NOW = new Date('2025-06-01T12:00:00Z');

const credentialError = (fn: () => unknown): CredentialError => thrown(CredentialError, fn);

describe('readCertificate', () => {
  it('reads the SAT fields of the test CSD', () => {
    const cert = readCertificate(csdCer);
    expect(cert.noCertificado).toBe('30001000000500003416');
    expect(cert.rfc).toBe('EKU9003173C9');
    expect(cert.representanteRfc).toBe('VADA800927DJ3');
    expect(cert.representanteCurp).toBe('VADA800927HSRSRL05');
    expect(cert.curp).toBeUndefined();
    expect(cert.nombre).toBe('ESCUELA KEMPER URGATE SA DE CV');
    expect(cert.sucursal).toBe('Sucursal 1');
    expect(cert.issuer).toBe('CN=AC UAT, O=SERVICIO DE ADMINISTRACION TRIBUTARIA');
    expect(cert.validFrom.toISOString()).toBe('2023-05-18T11:43:51.000Z');
    expect(cert.validTo.toISOString()).toBe('2027-05-18T11:43:51.000Z');
    expect(cert.kind).toBe('CSD');
    expect(cert.keyUsage).toEqual(['digitalSignature', 'nonRepudiation']);
    expect(cert.extKeyUsage).toEqual([]);
    expect(cert.certificadoBase64).toBe(csdCer.toString('base64'));
  });

  it('classifies the e.firma as FIEL from its key usages', () => {
    const cert = readCertificate(fielCer);
    expect(cert.kind).toBe('FIEL');
    expect(cert.noCertificado).toBe('30001000000500003415');
    expect(cert.email).toBe('SATpruebas@pruebas.gob.mx');
    expect(cert.keyUsage).toContain('keyAgreement');
    expect(cert.extKeyUsage).toEqual(['1.3.6.1.5.5.7.3.4', '1.3.6.1.5.5.7.3.2']);
  });

  it('reads a PEM bundle whose first block is a PUBLIC KEY', () => {
    const cert = readCertificate(readFixtureText('certs', 'csd', 'EKU9003173C9.cer.pem'));
    expect(cert.noCertificado).toBe('30001000000500003416');
    expect(cert.der.equals(csdCer)).toBe(true);
  });

  it('reads base64 text (the Certificado attribute) and PAC certificates', () => {
    expect(readCertificate(csdCer.toString('base64')).rfc).toBe('EKU9003173C9');
    const pac = readCertificate(readFixture('certs', 'other', '00001000000708361114.cer'));
    expect(pac.noCertificado).toBe('00001000000708361114');
    expect(pac.rfc).toBe('SAT970701NN3');
    expect(pac.representanteRfc).toBe('MIML911119PJ8');
  });

  it('counts days to expiry, negative once expired', () => {
    const cert = readCertificate(csdCer);
    expect(cert.daysToExpiry(new Date('2027-05-08T11:43:51Z'))).toBe(10);
    expect(cert.daysToExpiry(new Date('2027-05-19T12:00:00Z'))).toBe(-2);
    expect(cert.isValidAt(NOW)).toBe(true);
    expect(cert.isValidAt(new Date('2028-01-01'))).toBe(false);
  });

  it('summarises a certificate for APIs', () => {
    const summary = certificateSummary(readCertificate(fielCer), NOW);
    expect(summary).toEqual({
      noCertificado: '30001000000500003415',
      rfc: 'EKU9003173C9',
      representanteRfc: 'VADA800927DJ3',
      nombre: 'ESCUELA KEMPER URGATE SA DE CV',
      tipo: 'FIEL',
      emisor: 'CN=AC UAT, O=SERVICIO DE ADMINISTRACION TRIBUTARIA',
      vigenteDesde: '2023-05-18T04:37:14.000Z',
      vigenteHasta: '2027-05-17T04:37:14.000Z',
      diasRestantes: 714,
      vigente: true,
    });
    expect(JSON.parse(JSON.stringify(summary))).toEqual(summary);
  });

  it('rejects bytes that are not a certificate', () => {
    expect(credentialError(() => readCertificate(Buffer.from('hola'))).code).toBe('cer-invalid');
    expect(credentialError(() => readCertificate(csdKey)).field).toBe('cer');
    expect(credentialError(() => readCertificate('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----')).code).toBe(
      'cer-invalid',
    );
  });
});

describe('readPrivateKey', () => {
  it('decrypts the DER PKCS#8 key and the encrypted PEM', () => {
    expect(readPrivateKey(csdKey, '12345678a').asymmetricKeyType).toBe('rsa');
    expect(readPrivateKey(readFixture('certs', 'csd', 'EKU9003173C9_password.key.pem'), '12345678a').type).toBe('private');
    expect(readPrivateKey(readFixture('certs', 'csd', 'EKU9003173C9.key.pem')).type).toBe('private');
  });

  it('uses the password byte for byte: a trailing newline is a wrong password', () => {
    const withNewline = readFixture('certs', 'fiel', 'EKU9003173C9.password.bin');
    const e = credentialError(() => readPrivateKey(fielKey, withNewline));
    expect(e.code).toBe('password-incorrect');
    expect(e.message).toBe('La contraseña de la llave privada es incorrecta');
    expect(readPrivateKey(fielKey, withNewline.toString('utf8').trimEnd()).type).toBe('private');
  });

  it('tells a wrong or missing password from a broken key', () => {
    expect(credentialError(() => readPrivateKey(csdKey, 'otra')).code).toBe('password-incorrect');
    expect(credentialError(() => readPrivateKey(csdKey)).code).toBe('password-required');
    expect(credentialError(() => readPrivateKey(readFixture('certs', 'fiel', 'EKU9003173C9.key.pem'), 'x')).field).toBe(
      'password',
    );
    expect(credentialError(() => readPrivateKey(csdCer, '12345678a')).code).toBe('key-invalid');
    expect(credentialError(() => readPrivateKey(Buffer.from([0x30, 0x82, 0xff]), 'x')).code).toBe('key-invalid');
  });
});

describe('loadCredential', () => {
  const csd = { cer: csdCer, key: csdKey, password: '12345678a' };

  it('loads a CSD for sealing and signs/verifies', () => {
    const cred = loadCredential(csd, { purpose: 'sello', now: NOW });
    expect(cred.rfc).toBe('EKU9003173C9');
    const sig = cred.sign('||4.0|A|1||');
    expect(cred.verify('||4.0|A|1||', sig)).toBe(true);
    expect(cred.verify('||4.0|A|2||', sig)).toBe(false);
    expect(verifySignature(cred.certificate.publicKey, 'x', signData(cred.privateKey, 'x', 'sha1'), 'sha1')).toBe(true);
    expect(verifySignature(cred.certificate.publicKey, 'x', 'no-es-base64!')).toBe(false);
  });

  it('refuses an e.firma for sealing and a CSD as e.firma', () => {
    const fiel = { cer: fielCer, key: fielKey, password: '12345678a' };
    const e = credentialError(() => loadCredential(fiel, { purpose: 'sello', now: NOW }));
    expect(e.code).toBe('cert-not-csd');
    expect(e.field).toBe('cer');
    expect(loadCredential(fiel, { purpose: 'efirma', now: NOW }).certificate.kind).toBe('FIEL');
    expect(credentialError(() => loadCredential(csd, { purpose: 'efirma', now: NOW })).code).toBe('cert-not-fiel');
  });

  it('refuses a key from another certificate', () => {
    const e = credentialError(() => loadCredential({ ...csd, key: fielKey }, { now: NOW }));
    expect(e.code).toBe('key-mismatch');
    expect(e.field).toBe('key');
  });

  it('refuses a certificate outside its validity', () => {
    const expired = credentialError(() => loadCredential(csd, { now: new Date('2027-06-01') }));
    expect(expired.code).toBe('cert-expired');
    expect(expired.message).toContain('2027-05-18');
    expect(credentialError(() => loadCredential(csd, { now: new Date('2023-01-01') })).code).toBe('cert-not-yet-valid');
  });

  it('refuses a wrong password on the password field', () => {
    const e = credentialError(() => loadCredential({ ...csd, password: '12345678' }, { now: NOW }));
    expect(e.field).toBe('password');
    expect(e.code).toBe('password-incorrect');
  });
});
