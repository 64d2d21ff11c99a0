import { expect } from 'vitest';
import type { InvoiceBody } from '@facturo/contract';
import { readFixture } from '../../../../../packages/cfdi/test/fixtures';
import { createAccount, randomRfc, type TestAccount } from '../../../test/accounts';

/** Test support for the invoicing suites (not a test file itself). */

export const CSD_RFC = 'EKU9003173C9';
const CSD = { cer: readFixture('certs/csd/EKU9003173C9.cer'), key: readFixture('certs/csd/EKU9003173C9.key'), password: '12345678a' };

export async function api<T = any>(baseUrl: string, account: TestAccount | undefined, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(account?.headers ?? {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const type = res.headers.get('content-type') ?? '';
  const data = type.includes('json') ? ((await res.json()) as T) : (Buffer.from(await res.arrayBuffer()) as unknown as T);
  return { status: res.status, data, headers: res.headers };
}

/** Uploads the SAT test CSD and waits for the live validation job to mark it valid. */
export async function uploadCsd(baseUrl: string, account: TestAccount): Promise<void> {
  const form = new FormData();
  form.append('cer', new Blob([new Uint8Array(CSD.cer)]), 'certificado.cer');
  form.append('key', new Blob([new Uint8Array(CSD.key)]), 'llave.key');
  form.append('password', CSD.password);
  const res = await fetch(`${baseUrl}/api/profile/csd`, { method: 'POST', headers: account.headers, body: form });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  for (let i = 0; i < 300; i++) {
    const status = (await (await fetch(`${baseUrl}/api/profile/csd`, { headers: account.headers })).json()) as { credential: { status: string } | null };
    if (status.credential?.status === 'valid') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the CSD never became valid');
}

/** The account of the SAT test CSD (persona moral, régimen 601, CP 06600) with its CSD on file; free unless `rol` says. */
export async function invoicingAccount(baseUrl: string, withCsd = true, rol?: 1 | 10 | 11): Promise<TestAccount> {
  const account = await createAccount(baseUrl, { rfc: CSD_RFC, persona: 'moral', ...(rol ? { rol } : {}) });
  if (withCsd) await uploadCsd(baseUrl, account);
  return account;
}

/** A persona física customer (régimen 612, uso G03 allowed). */
export async function createCustomer(baseUrl: string, account: TestAccount, over: Record<string, unknown> = {}): Promise<{ id: number; rfc: string }> {
  const rfc = randomRfc('fisica');
  const res = await api(baseUrl, account, 'POST', '/api/clients', {
    rfc, r_social: 'MARÍA LÓPEZ GARCÍA', email: ['maria@ejemplo.mx'], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '44100' }, ...over,
  });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data as { id: number; rfc: string };
}

/** Three concepts with IVA 16 % and a discount: 2×1,500.00 − 100.00, 1×850.50 and 3×99.99 with ISR retention. */
export function invoiceBody(clientId: number, over: Partial<InvoiceBody> = {}): InvoiceBody {
  return {
    clientId,
    usoCFDI: 'G03',
    formaPago: '03',
    metodoPago: 'PUE',
    serie: 'A',
    conceptos: [
      {
        claveProdServ: '84111506', cantidad: '2', claveUnidad: 'E48', unidad: 'Servicio', descripcion: 'Consultoría contable', valorUnitario: '1500.00',
        descuento: '100.00', objetoImp: '02', traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }],
      },
      {
        claveProdServ: '43211500', cantidad: '1', claveUnidad: 'H87', descripcion: 'Teclado inalámbrico', valorUnitario: '850.50', objetoImp: '02',
        traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }],
      },
      {
        claveProdServ: '84111506', cantidad: '3', claveUnidad: 'E48', descripcion: 'Asesoría fiscal por hora', valorUnitario: '99.99', objetoImp: '02',
        traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }],
      },
    ],
    ...over,
  };
}
