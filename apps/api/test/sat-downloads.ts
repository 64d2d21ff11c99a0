// Test support for SAT downloads: an e.firma on file without the upload job, a poll until a download ends,
// and CFDI stamped by the server's own sandbox PAC store (so its local SAT knows them) for any past date.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadCredential } from '@facturo/cfdi/credentials';
import { buildCfdi40 } from '@facturo/cfdi/model';
import { sealCfdi } from '@facturo/cfdi/seal';
import { SandboxPac } from '@facturo/cfdi/stamp';
import { writeXml } from '@facturo/cfdi/xml';
import { readFixture } from '../../../packages/cfdi/test/fixtures';
import { fiscalCredentials, users } from '../src/db/schema';
import { encodeFiles, secretPurpose } from '../src/modules/profile/credential-check';
import { fileSandboxStore } from '../src/providers/pac/file-sandbox-store';
import type { TestServer } from './server';
import type { TestAccount } from './accounts';
import { callApi } from './http';
import { receivedInput, type ReceivedOptions } from './received-cfdis';

export const FIEL = { cer: readFixture('certs/fiel/EKU9003173C9.cer'), key: readFixture('certs/fiel/EKU9003173C9.key'), password: '12345678a' };

export async function userIdOf(server: TestServer, rfc: string): Promise<number> {
  const [u] = await server.runtime.ctx.db.select({ id: users.id }).from(users).where(eq(users.rfc, rfc));
  return u!.id;
}

/** Puts SAT's test e.firma (EKU9003173C9) on file as valid, as the upload's validation job would. */
export async function giveEfirma(server: TestServer, rfc: string, opts: { password?: string; validTo?: Date } = {}): Promise<void> {
  const ctx = server.runtime.ctx;
  const files = { ...FIEL, password: opts.password ?? FIEL.password };
  await ctx.db.insert(fiscalCredentials).values({
    userId: await userIdOf(server, rfc), kind: 'efirma', status: 'valid', secret: ctx.secrets.seal(encodeFiles(files), secretPurpose('efirma')),
    certificateNumber: '30001000000500003415', certificateRfc: 'EKU9003173C9',
    validFrom: new Date('2023-05-18T04:37:14Z'), validTo: opts.validTo ?? new Date('2027-05-17T04:37:14Z'),
  });
}

/** Polls GET /api/sat/descargas/:id until done or failed. */
export async function downloadEnded(server: TestServer, account: TestAccount, id: string, ms = 60_000): Promise<any> {
  const end = Date.now() + ms;
  for (;;) {
    const res = await callApi(server.baseUrl, account.headers, 'GET', `/api/sat/descargas/${id}`);
    if (res.status !== 200) throw new Error(`GET download → ${res.status} ${JSON.stringify(res.body)}`);
    if (res.body.status === 'done' || res.body.status === 'failed') return res.body;
    if (Date.now() > end) throw new Error(`the download did not end: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A CFDI issued by SAT's test taxpayer EKU9003173C9 (sealed with its test CSD) stamped into the server's
 * sandbox PAC store an hour after its Fecha: what an account EKU9003173C9 issued, in SAT's eyes.
 */
export async function stampIntoServer(server: TestServer, o: ReceivedOptions & { fecha: string }): Promise<{ xml: string; uuid: string }> {
  const at = new Date(`${o.fecha}-06:00`);
  const csd = loadCredential({ cer: readFixture('certs/csd/EKU9003173C9.cer'), key: readFixture('certs/csd/EKU9003173C9.key'), password: '12345678a' }, { purpose: 'sello', now: at });
  const { root } = buildCfdi40(receivedInput(o));
  const sealed = writeXml(sealCfdi(root, csd, { now: at }));
  const store = fileSandboxStore(path.join(server.runtime.ctx.config.dataDir, 'sandbox-pac'));
  const stamped = await new SandboxPac({ store, clock: () => new Date(at.getTime() + 3_600_000) }).stamp(sealed);
  return { xml: stamped.xml, uuid: stamped.uuid.toUpperCase() };
}
