import { writeZip } from '../src/modules/cfdi-import/zip-writer';
import type { TestAccount } from './accounts';
import { callApi } from './http';

/** Imports XML documents for `account` through `POST /api/cfdi/import` (one ZIP) and waits for the job's result (with the import's id). */
export async function importXmls(baseUrl: string, account: TestAccount, xmls: string[]) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(writeZip(xmls.map((data, i) => ({ name: `${i}.xml`, data }))))]), 'mes.zip');
  const res = await fetch(`${baseUrl}/api/cfdi/import`, { method: 'POST', headers: account.headers, body: form });
  const { id } = (await res.json()) as { id: string };
  for (let i = 0; i < 200; i++) {
    const s = await callApi(baseUrl, account.headers, 'GET', `/api/cfdi/import/${id}`);
    if (s.body.status === 'done') return { ...s.body, id };
    if (s.body.status === 'failed') throw new Error(JSON.stringify(s.body));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}
