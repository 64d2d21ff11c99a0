import { X509Certificate, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readFixtureText } from '../../../test/fixtures';
import { cadenaOriginal, cadenaTfd } from '../../cadena';
import { validateXsd } from '../../validate';
import { parseXml, writeXml } from '../../xml';
import { PacError } from '../errors';
import { findTfd } from '../tfd';
import { FakeClock, freshCfdi } from '../test-helpers';
import { loadSandboxCredentials } from './credentials';
import { SandboxPac } from './sandbox-pac';
import { MemorySandboxStore } from './store';
import { rejected } from '../../../test/thrown';

const NOW = new Date('2026-03-10T18:00:00Z'); // 12:00 in Mexico City

const rejection = (p: Promise<unknown>): Promise<PacError> => rejected(PacError, p);

describe('SandboxPac.stamp', () => {
  it('adds a TFD 1.1 whose SelloSAT verifies with the sandbox certificate over cadenaTfd', async () => {
    const clock = new FakeClock(NOW);
    const pac = new SandboxPac({ clock: clock.get });
    const xml = freshCfdi('created-with-discounts-40.xml', new Date(NOW.getTime() - 3_600_000));
    const result = await pac.stamp(xml);

    expect(result.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(result.fechaTimbrado).toBe('2026-03-10T12:00:00');
    const root = parseXml(result.xml);
    const tfd = findTfd(root)!;
    expect(tfd.nsDecls.get('tfd')).toBe('http://www.sat.gob.mx/TimbreFiscalDigital');
    expect(tfd.attrs.get('xsi:schemaLocation')).toContain('TimbreFiscalDigitalv11.xsd');
    expect(tfd.attrs.get('Version')).toBe('1.1');
    expect(tfd.attrs.get('UUID')).toBe(result.uuid);
    expect(tfd.attrs.get('SelloCFD')).toBe(root.attrs.get('Sello'));
    expect(tfd.attrs.get('NoCertificadoSAT')).toBe('30001000000500099999');
    expect(tfd.attrs.get('RfcProvCertif')).toBe('SBX260101SB1');

    const cert = new X509Certificate(loadSandboxCredentials().certificate.raw);
    const signature = Buffer.from(tfd.attrs.get('SelloSAT')!, 'base64');
    expect(verify('sha256', Buffer.from(cadenaTfd(tfd)), cert.publicKey, signature)).toBe(true);
    // Tampering with the TFD breaks the seal.
    tfd.attrs.set('FechaTimbrado', '2026-03-10T12:00:01');
    expect(verify('sha256', Buffer.from(cadenaTfd(tfd)), cert.publicKey, signature)).toBe(false);
    // The emisor's seal still verifies over the stamped document (TFD is not part of the cadena).
    expect(cadenaOriginal(parseXml(result.xml))).toBe(cadenaOriginal(parseXml(xml)));
  });

  it('creates cfdi:Complemento when missing and keeps an existing one (Pagos) intact', async () => {
    const pac = new SandboxPac({ clock: () => NOW });
    const pago = await pac.stamp(freshCfdi('created-cfdi40-pago20-valid.xml', NOW));
    // The stamped document, TFD included, is valid against SAT's XSDs.
    expect(validateXsd(pago.xml)).toEqual([]);
    const complemento = parseXml(pago.xml).children.filter((c) => 'local' in c && c.local === 'Complemento');
    expect(complemento).toHaveLength(1);
    expect(pago.xml).toMatch(/<pago20:Pagos[\s\S]*<\/pago20:Pagos><tfd:TimbreFiscalDigital /);
    const invoice = await pac.stamp(freshCfdi('created-with-discounts-40.xml', NOW));
    expect(validateXsd(invoice.xml)).toEqual([]);
    expect(invoice.xml).toMatch(/<cfdi:Complemento><tfd:TimbreFiscalDigital [^>]*\/><\/cfdi:Complemento><\/cfdi:Comprobante>$/);
  });

  it('returns the same stamp for the same document, and honours idempotency keys', async () => {
    const store = new MemorySandboxStore();
    const pac = new SandboxPac({ clock: () => NOW, store });
    const xml = freshCfdi('created-with-discounts-40.xml', NOW);
    const [a, b] = await Promise.all([pac.stamp(xml, { idempotencyKey: 'k1' }), pac.stamp(xml)]);
    expect(b.uuid).toBe(a.uuid);
    // Exactly one of the concurrent calls stamped; the other got its result.
    expect([a.previouslyStamped, b.previouslyStamped].sort()).toEqual([false, true]);
    // A fresh PAC over the same store (a restarted server) still answers with the first stamp.
    const again = await new SandboxPac({ clock: () => NOW, store }).stamp(xml, { idempotencyKey: 'k1' });
    expect(again.xml).toBe(a.xml);
    const other = freshCfdi('created-with-discounts-40.xml', new Date(NOW.getTime() - 60_000));
    const err = await rejection(pac.stamp(other, { idempotencyKey: 'k1' }));
    expect(err.kind).toBe('conflict');
  });

  it('refuses a tampered document with CFDI40102', async () => {
    const pac = new SandboxPac({ clock: () => NOW });
    const genuine = freshCfdi('created-with-discounts-40.xml', NOW);
    await pac.stamp(genuine);
    // Same Sello as a document already stamped, other content: must not get the earlier stamp.
    const xml = genuine.replace('Total="3248.00"', 'Total="3249.00"');
    const err = await rejection(pac.stamp(xml));
    expect(err.kind).toBe('rejected');
    // The edited Total also breaks the totals rule of the SAT matrix.
    expect(err.codes).toEqual(['CFDI40102', 'CFDI40119']);
    expect(err.issues[0].message).toMatch(/sello del emisor no es válido/);
  });

  it('refuses documents older than 72 hours (401) but accepts 71 hours', async () => {
    const pac = new SandboxPac({ clock: () => NOW });
    const old = freshCfdi('created-with-discounts-40.xml', new Date(NOW.getTime() - 73 * 3_600_000));
    expect((await rejection(pac.stamp(old))).codes).toEqual(['401']);
    const recent = freshCfdi('created-with-discounts-40.xml', new Date(NOW.getTime() - 71 * 3_600_000));
    await expect(pac.stamp(recent)).resolves.toMatchObject({ previouslyStamped: false });
  });

  it('refuses malformed XML (301), a previous stamp (307) and a foreign certificate (303)', async () => {
    const pac = new SandboxPac({ clock: () => NOW });
    expect((await rejection(pac.stamp('<cfdi:Comprobante'))).codes).toEqual(['301']);
    const stamped = (await pac.stamp(freshCfdi('created-with-discounts-40.xml', NOW))).xml;
    // Resealing a stamped document still carries its TFD: PACs refuse it.
    const restamp = parseXml(stamped);
    restamp.attrs.set('Folio', 'X-2');
    const { sealWithTestCsd } = await import('../test-helpers');
    expect((await rejection(pac.stamp(writeXml(sealWithTestCsd(restamp))))).codes).toContain('307');
    const foreign = freshCfdi('created-with-discounts-40.xml', NOW, (root) => {
      const emisor = root.children.find((c) => 'local' in c && c.local === 'Emisor');
      if (emisor && 'attrs' in emisor) emisor.attrs.set('Rfc', 'AAA010101AAA');
    });
    expect((await rejection(pac.stamp(foreign))).codes).toEqual(['303']);
  });

  it('runs the SAT validation matrix by default, even on a correctly sealed document', async () => {
    const pac = new SandboxPac({ clock: () => NOW });
    const xml = freshCfdi('created-with-discounts-40.xml', NOW, (root) => root.attrs.set('Total', '1.00'));
    const err = await rejection(pac.stamp(xml));
    expect(err.codes).toEqual(['CFDI40119']);
    expect(err.issues[0].message).toMatch(/^Comprobante\.Total: /);
    await expect(new SandboxPac({ clock: () => NOW, validate: false }).stamp(xml)).resolves.toMatchObject({ previouslyStamped: false });
  });

  it('refuses CFDI 3.3 and runs an injected validator', async () => {
    const pac = new SandboxPac({
      clock: () => NOW,
      validate: () => [
        { code: 'CFDI40108', message: 'El TipoDeComprobante no es válido', severity: 'error' },
        { code: 'W1', message: 'aviso', severity: 'warning' },
      ],
    });
    expect((await rejection(pac.stamp(readFixtureText('cfdi', 'cfdi33-real.xml')))).codes).toEqual(['301']);
    expect((await rejection(pac.stamp(freshCfdi('created-with-discounts-40.xml', NOW)))).codes).toEqual(['CFDI40108']);
  });
});
