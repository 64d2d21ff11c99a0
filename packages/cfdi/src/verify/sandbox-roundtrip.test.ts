import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/fixtures';
import { loadCredential } from '../credentials';
import { sealCfdi } from '../seal';
import { SandboxPac } from '../stamp';
import { parseXml } from '../xml/parse';
import { writeXml } from '../xml/write';
import { verifyCfdi } from './index';

describe('seal → sandbox PAC stamp → verify', () => {
  it('verifies the SelloSAT of the sandbox PAC with its bundled certificate and flags it as test material', async () => {
    const now = new Date('2025-06-01T12:00:00Z');
    const credential = loadCredential(
      {
        cer: readFixture('certs', 'csd', 'EKU9003173C9.cer'),
        key: readFixture('certs', 'csd', 'EKU9003173C9.key'),
        password: '12345678a',
      },
      { purpose: 'sello', now },
    );
    const root = parseXml(readFixture('cfdi', 'created-with-discounts-40.xml'));
    root.attrs.set('Fecha', '2025-06-01T05:00:00');
    const sealed = writeXml(sealCfdi(root, credential, { now }));

    const stamped = await new SandboxPac({ clock: () => now }).stamp(sealed);
    const result = verifyCfdi(stamped.xml);

    expect(result.ok).toBe(true);
    expect(result.uuid).toBe(stamped.uuid.toUpperCase());
    const selloSat = result.checks.find((c) => c.id === 'tfd-sello-sat')!;
    expect(selloSat.status).toBe('ok');
    expect(selloSat.message).toContain('sin validez fiscal');

    const forged = stamped.xml.replace(/UUID="([^"]+)"/, 'UUID="00000000-0000-4000-8000-000000000000"');
    expect(forged).not.toBe(stamped.xml);
    expect(verifyCfdi(forged).checks.find((c) => c.id === 'tfd-sello-sat')!.status).toBe('fail');
  });
});
