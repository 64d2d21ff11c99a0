import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routePath, routes, type RouteDef } from '@facturo/contract';
import { startTestServer, type TestServer } from '../server';
import { createAccount, type TestAccount } from '../accounts';
import { callApi } from '../http';
import { writeZip } from '../../src/modules/cfdi-import/zip-writer';

// Real server, real HTTP, large bodies on a shared 2-core machine: generous time per test.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

/**
 * Issue 12 §6: hostile files on every multipart entry of the route table — XXE, billion laughs, a 50 MB XML,
 * a ZIP bomb and path traversal in ZIP entries. Each answer is a 4xx with a Spanish message (or, for the CFDI
 * import, which reads its files in a background job, an accepted import whose every file is rejected with a
 * Spanish reason), never a 5xx; and nothing is written: no avatar, credential, constancia, acuse or CFDI, and
 * no file outside the data directory.
 */

/** The file fields each multipart entry reads. A multipart entry missing here fails the first test. */
const FIELDS: Record<string, string[]> = {
  'profile.uploadAvatar': ['avatar'],
  'profile.uploadCsd': ['cer', 'key'],
  'profile.uploadEfirma': ['cer', 'key'],
  'profile.uploadCsf': ['file'],
  'clients.uploadCsf': ['file'],
  'cfdiImport.start': ['files'],
  'diot.uploadAcuse': ['acuse'],
  'bank.preview': ['file'],
  'bank.import': ['file'],
  'bulk.import': ['file'],
  'invoiceSheet.upload': ['file'],
  'portal.ticketImport': ['file'],
  'portal.constancia': ['file'],
};
/**
 * Entries that answer a validation report instead of a 4xx (the spreadsheet imports preview every row): a hostile
 * file is refused when the report has no valid row and says why in Spanish.
 */
const PREVIEWS = new Set(['bulk.import', 'invoiceSheet.upload']);
/** Entries that accept the upload and read the files in a job (the verdict is in the job's state). */
const READ_IN_A_JOB = new Set(['cfdiImport.start', 'bank.import']);

const multipartEntries = () => Object.entries(routes as Record<string, RouteDef>).filter(([, def]) => def.consumes === 'multipart');

const XXE = `<?xml version="1.0"?>
<!DOCTYPE cfdi [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0"><cfdi:Emisor Nombre="&xxe;"/></cfdi:Comprobante>`;
const LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0"><cfdi:Emisor Nombre="&lol9;"/></cfdi:Comprobante>`;
/** 50 MB and a bit of one XML document (a padded attribute), just over the largest per-file limit. */
const bigXml = () => {
  const head = Buffer.from('<?xml version="1.0"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Sello="');
  const tail = Buffer.from('"/>');
  return Buffer.concat([head, Buffer.alloc(50 * 1024 * 1024 + 1024 - head.length - tail.length, 65), tail]);
};
/** One 200 MB entry of zeros that deflates to ~200 KB, declaring its true size (a ratio of ~1000). */
function zipBomb(): Buffer {
  const data = Buffer.alloc(200 * 1024 * 1024);
  const packed = deflateRawSync(data, { level: 9 });
  const name = Buffer.from('bomba.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc32(data) >>> 0, 14); local.writeUInt32LE(packed.length, 18); local.writeUInt32LE(data.length, 22); local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc32(data) >>> 0, 16); central.writeUInt32LE(packed.length, 20); central.writeUInt32LE(data.length, 24); central.writeUInt16LE(name.length, 28);
  const localPart = Buffer.concat([local, name, packed]);
  const centralPart = Buffer.concat([central, name]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(1, 8); end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12); end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}
const traversal = () => writeZip([
  { name: '../../../../tmp/facturo-evil.xml', data: XXE },
  { name: '/tmp/facturo-evil-abs.xml', data: XXE },
  { name: '..\\..\\facturo-evil-win.xml', data: XXE },
]);

/** `big`: sent under each entry's first file field only (the size checks do not depend on the field). */
interface Payload { what: string; name: string; type: string; data: () => Buffer; big?: boolean }
const PAYLOADS: Payload[] = [
  { what: 'XXE', name: 'xxe.xml', type: 'text/xml', data: () => Buffer.from(XXE) },
  { what: 'billion laughs', name: 'risas.xml', type: 'text/xml', data: () => Buffer.from(LAUGHS) },
  { what: 'XML de 50 MB', name: 'enorme.xml', type: 'text/xml', data: bigXml, big: true },
  { what: 'bomba ZIP', name: 'bomba.zip', type: 'application/zip', data: zipBomb, big: true },
  { what: 'ZIP con rutas ../', name: 'rutas.zip', type: 'application/zip', data: traversal },
];
/** Spanish, for the user: a sentence with Spanish words, not a framework's English default. */
const SPANISH = /\b(el|la|los|las|de|del|debe|archivo|no|es|un|una|ZIP|supera|excede)\b/i;
const ENGLISH = /\b(the|request|body|invalid|error:|payload|too large|unexpected)\b/i;

let server: TestServer;
let account: TestAccount;
let folio = 0;
let bankAccountId = 0;
beforeAll(async () => {
  server = await startTestServer();
  account = await createAccount(server.baseUrl, { rol: 11 });
  const diot = await callApi(server.baseUrl, account.headers, 'POST', '/api/diot', { month: 1, year: 2026 });
  expect(diot.status, JSON.stringify(diot.body)).toBe(201);
  folio = diot.body.folio;
  // A bank account (Banamex CLABE) for the statement preview and import entries (issue 27).
  const bank = await callApi(server.baseUrl, account.headers, 'POST', '/api/bancos/cuentas', { banco: '002', clabe: '002180000123456789', moneda: 'MXN' });
  expect(bank.status, JSON.stringify(bank.body)).toBe(201);
  bankAccountId = bank.body.id;
});
afterAll(() => server?.close());

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
}

/** A bank statement import's verdict, in the shape of the CFDI import's (issue 27). */
async function bankVerdict(id: string) {
  for (let i = 0; i < 600; i++) {
    const s = await callApi(server.baseUrl, account.headers, 'GET', `/api/bancos/estados/${id}`);
    if (s.body.status === 'done' || s.body.status === 'failed') {
      const b = s.body as { status: string; importados: number; rechazados: { motivo: string }[]; mensaje: string | null };
      return { status: b.status, imported: b.importados, rejected: b.rechazados.map((r) => ({ name: '', reason: r.motivo })), message: b.mensaje };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('bank import did not finish');
}

async function importVerdict(id: string) {
  for (let i = 0; i < 600; i++) {
    const s = await callApi(server.baseUrl, account.headers, 'GET', `/api/cfdi/import/${id}`);
    if (s.body.status === 'done' || s.body.status === 'failed') return s.body as { status: string; imported: number; rejected: { name: string; reason: string }[]; message: string | null };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}

describe('hostile uploads on every multipart entry (issue 12 §6)', () => {
  it('every multipart entry of the route table is in the sweep', () => {
    const names = multipartEntries().map(([name]) => name);
    expect(names.filter((n) => !FIELDS[n])).toEqual([]);
    expect(Object.keys(FIELDS).filter((n) => !names.includes(n))).toEqual([]);
  });

  it('XXE, billion laughs, 50 MB XML, ZIP bomb, ZIP path traversal → Spanish 4xx (or rejected by the import), never 5xx, nothing written', async () => {
    const dataDir = server.runtime.ctx.config.dataDir;
    const filesBefore = new Set(filesUnder(dataDir));
    const wrong: string[] = [];
    let requests = 0;
    for (const payload of PAYLOADS) {
      const data = payload.data();
      for (const [name, def] of multipartEntries()) {
        for (const field of payload.big ? FIELDS[name]!.slice(0, 1) : FIELDS[name]!) {
          requests++;
          const form = new FormData();
          form.append(field, new Blob([new Uint8Array(data)], { type: payload.type }), payload.name);
          if (name === 'profile.uploadCsd' || name === 'profile.uploadEfirma') {
            // The other half of the pair and the password, so the hostile file is the only thing wrong.
            const other = field === 'cer' ? 'key' : 'cer';
            form.append(other, new Blob([new Uint8Array(Buffer.from('x'))]), `otro.${other}`);
            form.append('password', '12345678a');
          }
          const url = `${server.baseUrl}${routePath(def.path, { folio, id: bankAccountId, entidad: 'clientes', slug: 'portal-inexistente' })}`;
          const res = await fetch(url, { method: def.method, headers: account.headers, body: form });
          const text = await res.text();
          let body: { message?: string; id?: string } = {};
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: flagged below
          }
          const label = `${name}.${field} ${payload.what} → ${res.status} ${text.slice(0, 140)}`;
          if (READ_IN_A_JOB.has(name) && res.status < 300 && body.id) {
            const verdict = name === 'bank.import' ? await bankVerdict(body.id) : await importVerdict(body.id);
            const reasons = verdict.rejected.map((r) => r.reason).join(' | ') || verdict.message || '';
            // 'failed' is the import's state for a refused archive (its reason in `rejected`, or the bank statement's
            // in `message`); 'done' with every file rejected.
            const refused = verdict.rejected.length > 0 || (name === 'bank.import' && verdict.status === 'failed');
            if (verdict.imported !== 0 || !refused || !SPANISH.test(reasons) || ENGLISH.test(reasons)) {
              wrong.push(`${label} → importación ${JSON.stringify(verdict).slice(0, 200)}`);
            }
            continue;
          }
          if (PREVIEWS.has(name) && res.status === 200) {
            const report = body as { validas?: number; errores?: { mensaje: string }[] };
            const why = (report.errores ?? []).map((e) => e.mensaje).join(' | ');
            if (report.validas !== 0 || !SPANISH.test(why) || ENGLISH.test(why)) wrong.push(label);
            continue;
          }
          const message = body.message ?? '';
          if (res.status < 400 || res.status >= 500 || !SPANISH.test(message) || ENGLISH.test(message)) wrong.push(label);
        }
      }
    }
    console.log(`[security] subidas hostiles: ${multipartEntries().length} rutas multipart, ${PAYLOADS.length} cargas, ${requests} peticiones`);
    expect(wrong).toEqual([]);

    // Nothing was written: no avatar, credential, constancia, acuse, CFDI; no new file in the data directory
    // but the import's own upload copies (imports/<user>/…), and nothing outside it.
    const get = async (p: string) => (await callApi(server.baseUrl, account.headers, 'GET', p)).body;
    expect((await fetch(`${server.baseUrl}/api/profile/avatar`, { headers: account.headers })).status).toBe(404);
    expect((await get('/api/profile/csd')).credential).toBeNull();
    expect((await get('/api/profile/efirma')).credential).toBeNull();
    expect((await get('/api/profile/csf')).total).toBe(0);
    expect((await get(`/api/diot/${folio}`)).urlAcuse).toBeNull();
    const now = new Date(Date.now() - 6 * 3_600_000);
    expect((await get(`/api/outcomes/${now.getUTCMonth() + 1}/${now.getUTCFullYear()}`)).total).toBe(0);
    // The import keeps its raw upload under storage/imports/<user>/<import>/<n>.xml|zip (the job reads it from
    // there); those copies are all it may add, with names of its own, never the archive's entry names.
    // A bank statement import keeps its upload the same way, as storage/bank/<user>/<import> (issue 27).
    const own = new RegExp(`^storage/imports/\\d+/[0-9a-f-]{36}/\\d+\\.(xml|zip)$|^storage/bank/\\d+/[0-9a-f-]{36}$`);
    const added = filesUnder(dataDir).filter((f) => !filesBefore.has(f)).map((f) => f.split(path.sep).join('/'));
    expect(added.filter((f) => !own.test(f))).toEqual([]);
    expect(added.length).toBeLessThanOrEqual(READ_IN_A_JOB.size * PAYLOADS.length);
    for (const evil of ['/tmp/facturo-evil.xml', '/tmp/facturo-evil-abs.xml', path.join(dataDir, '..', 'facturo-evil-win.xml')]) {
      expect(() => statSync(evil), evil).toThrow();
    }
  });
});
