import { verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cadenaContabilidad } from '@facturo/cfdi/cadena';
import { readCertificate } from '@facturo/cfdi/credentials';
import { validateContabilidadXsd, verificarSelloContable } from '@facturo/cfdi/contabilidad';
import { parseXml } from '@facturo/cfdi/xml';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { FIEL } from '../../../test/sat-downloads';
import { contabilidadXsltPath, xsltproc } from '../../../../../packages/cfdi/test/xsltproc';

let server: TestServer;
/** SAT's test taxpayer, with its test e.firma on file. */
let signer: TestAccount;
/** An account without e.firma. */
let plain: TestAccount;

const poliza = (a: TestAccount) => callApi(server.baseUrl, a.headers, 'POST', '/api/contabilidad/polizas', {
  tipo: 'diario', fecha: '2026-03-31', concepto: 'Aportación de capital', lineas: [{ numCta: '102.01', debe: '5000' }, { numCta: '301.01', haber: '5000.00' }],
});

/** Uploads SAT's test e.firma through the profile route, as the user does, and waits for its validation job. */
async function uploadEfirma(a: TestAccount): Promise<void> {
  const f = new FormData();
  f.append('cer', new Blob([new Uint8Array(FIEL.cer)]), 'EKU9003173C9.cer');
  f.append('key', new Blob([new Uint8Array(FIEL.key)]), 'EKU9003173C9.key');
  f.append('password', FIEL.password);
  const res = await fetch(`${server.baseUrl}/api/profile/efirma`, { method: 'POST', headers: a.headers, body: f });
  expect(res.status, await res.clone().text()).toBe(202);
  for (let i = 0; i < 300; i++) {
    const s = await callApi(server.baseUrl, a.headers, 'GET', '/api/profile/efirma');
    if (s.body.credential?.status === 'valid') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the e.firma upload was not validated');
}

beforeAll(async () => {
  server = await startTestServer();
  signer = await createAccount(server.baseUrl, { rfc: 'EKU9003173C9', persona: 'moral', rol: 11 });
  plain = await createAccount(server.baseUrl, { rol: 11 });
  await uploadEfirma(signer);
  for (const a of [signer, plain]) expect((await poliza(a)).status).toBe(201);
  // A póliza with a CFDI (CompNal, so the auxiliar de folios has a row) and text the cadena must normalize and escape.
  const conCfdi = await callApi(server.baseUrl, signer.headers, 'POST', '/api/contabilidad/polizas', {
    tipo: 'egreso', fecha: '2026-03-15', concepto: 'Pago  a "Papelería & Cía" <marzo>  ',
    lineas: [
      { numCta: '601.84', concepto: 'Papelería   de   oficina', debe: '1160.00', uuid: 'ad662d33-6934-459c-a128-bdf0393e0f44', rfc: 'AAA010101AAA', montoTotal: '1160' },
      { numCta: '102.01', haber: '1160.00' },
    ],
  });
  expect(conCfdi.status, JSON.stringify(conCfdi.body)).toBe(201);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('e.firma seal of the contabilidad electrónica files', () => {
  it('BN downloaded with an e.firma on file carries a Sello that verifies over the cadena of SAT\'s XSLT', async () => {
    const res = await fetch(`${server.baseUrl}/api/contabilidad/xml/balanza/2026/3`, { headers: signer.headers });
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(200);
    expect(res.headers.get('x-contabilidad-sello')).toBe('sellado');
    expect(res.headers.get('content-disposition')).toContain('EKU9003173C9202603BN.xml');
    const root = parseXml(text);
    const cert = readCertificate(root.attrs.get('Certificado')!);
    expect(root.attrs.get('noCertificado')).toBe('30001000000500003415');
    expect(cert.noCertificado).toBe('30001000000500003415');
    const cadena = cadenaContabilidad(root);
    expect(cadena).toMatch(/^\|\|1\.3\|EKU9003173C9\|03\|2026\|N\|/);
    expect(verify('sha256', Buffer.from(cadena, 'utf8'), cert.publicKey, Buffer.from(root.attrs.get('Sello')!, 'base64'))).toBe(true);
    expect(verificarSelloContable(text)).toBe('valido');
    expect(validateContabilidadXsd(text)).toEqual([]);
  });

  it('the pólizas file and the zip are sealed too', async () => {
    const pl = await fetch(`${server.baseUrl}/api/contabilidad/xml/polizas/2026/3?tipoSolicitud=AF&numOrden=ABC1234567/26`, { headers: signer.headers });
    const text = await pl.text();
    expect(pl.headers.get('x-contabilidad-sello')).toBe('sellado');
    expect(verificarSelloContable(text)).toBe('valido');
    expect(validateContabilidadXsd(text)).toEqual([]);
    const zip = await fetch(`${server.baseUrl}/api/contabilidad/zip/catalogo/2026/3`, { headers: signer.headers });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('x-contabilidad-sello')).toBe('sellado');
  });

  it('without an e.firma the file still downloads, unsigned, and the response says so', async () => {
    const res = await fetch(`${server.baseUrl}/api/contabilidad/xml/balanza/2026/3`, { headers: plain.headers });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-contabilidad-sello')).toBe('sin-efirma');
    expect(verificarSelloContable(text)).toBe('sin-sello');
    expect(validateContabilidadXsd(text)).toEqual([]);
  });

  it('the cadena of every file the app writes equals xsltproc with SAT\'s stylesheet, and the Sello signs that cadena', async () => {
    const q = 'tipoSolicitud=AF&numOrden=ABC1234567/26';
    for (const path of ['catalogo/2026/3', 'balanza/2026/3', `polizas/2026/3?${q}`, `auxiliar/2026/3?${q}`, `folios/2026/3?${q}`]) {
      const res = await fetch(`${server.baseUrl}/api/contabilidad/xml/${path}`, { headers: signer.headers });
      const text = await res.text();
      expect(res.status, text.slice(0, 300)).toBe(200);
      expect(res.headers.get('x-contabilidad-sello'), path).toBe('sellado');
      const root = parseXml(text);
      const sat = xsltproc(contabilidadXsltPath(root.local), text);
      expect(sat.length, path).toBeGreaterThan(20);
      expect(cadenaContabilidad(root), path).toBe(sat);
      const cert = readCertificate(root.attrs.get('Certificado')!);
      expect(verify('sha256', Buffer.from(sat, 'utf8'), cert.publicKey, Buffer.from(root.attrs.get('Sello')!, 'base64')), path).toBe(true);
    }
  });
});
