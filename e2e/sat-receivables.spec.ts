import { expect as baseExpect, test } from '@playwright/test';
import { signIn } from './support/account';
import { randomRfc } from './support/rfc';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { snap } from './support/screens';

const expect = baseExpect.configure({ timeout: 45_000 });

test('receivables: a customer’s estado de cuenta from the aging, its PDF, sent by e-mail, reminders set and logged', async ({ page, request }, info) => {
  test.setTimeout(240_000);
  const account = await satTestAccount(request);
  await uploadSatCsd(request, account.token);
  const headers = { Authorization: `Bearer ${account.token}` };
  const rfc = randomRfc();
  const customer = await request.post('/api/clients', {
    headers, data: { rfc, r_social: 'COBRANZA DE PRUEBA', email: ['cxc@clientes.facturo.local'], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '44100' } },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const clientId = ((await customer.json()) as { id: number }).id;
  const invoice = await request.post('/api/invoice40', {
    headers, data: {
      clientId, usoCFDI: 'G03', formaPago: '99', metodoPago: 'PPD', serie: 'CXC',
      conceptos: [{ claveProdServ: '84111506', cantidad: '1', claveUnidad: 'E48', descripcion: 'Servicio contable', valorUnitario: '1000.00', objetoImp: '02',
        traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }] }],
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);

  try {
    await signIn(page, request, account, '/bancos');
    await page.getByTestId(`statement-${rfc}`).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Estado de cuenta de COBRANZA DE PRUEBA');
    await expect(dialog.getByTestId('statement-invoices')).toContainText('1160.00');
    await expect(dialog.getByTestId('statement-invoices')).toContainText('Al corriente');

    // Reminders on, credit term 0 days; then the statement goes by e-mail and shows in the log.
    await dialog.getByLabel('Plazo de crédito (días)').fill('0');
    await dialog.getByTestId('reminders-on').check();
    await dialog.getByTestId('reminders-save').click();
    await expect(page.getByText('Configuración de cobranza guardada')).toBeVisible();
    await dialog.getByTestId('statement-send').click();
    await expect(page.getByText('Se envió el estado de cuenta a cxc@clientes.facturo.local')).toBeVisible();
    await expect(dialog.getByTestId('reminder-log')).toContainText('Estado de cuenta');
    await expect(dialog.getByTestId('reminder-log')).toContainText('cxc@clientes.facturo.local');
    await snap(page, info, 'receivables-statement');
    await page.screenshot({ path: '/tmp/j27-receivables.png', fullPage: true });

    const pdf = await request.get(`/api/bancos/cobranza/${rfc}/pdf`, { headers });
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  } finally {
    // The SAT account is shared: its reminders for this customer go off again (the stamped invoice stays, it is a CFDI).
    await request.put(`/api/bancos/cobranza/${rfc}/recordatorios`, { headers, data: { diasCredito: 30, recordatorios: false, diasDespues: 1, intervalo: 7 } });
  }
});

/** A Banamex CLABE (bank 002) with random account digits and its right check digit. */
function randomClabe(): string {
  const first = `002180${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first[i]) * [3, 7, 1][i % 3]!) % 10;
  return `${first}${(10 - (sum % 10)) % 10}`;
}

test('"Facturar este depósito" opens the invoice form prefilled with the deposit', async ({ page, request }) => {
  test.setTimeout(180_000);
  const account = await satTestAccount(request);
  const headers = { Authorization: `Bearer ${account.token}` };
  const clabe = randomClabe();
  const created = await request.post('/api/bancos/cuentas', { headers, data: { banco: '002', clabe, moneda: 'MXN' } });
  expect(created.status(), await created.text()).toBe(201);
  const cuenta = ((await created.json()) as { id: number }).id;
  try {
    const day = new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>E2E</MsgId><CreDtTm>${day}T23:00:00</CreDtTm></GrpHdr>
<Stmt><Id>E2E-F-${day}</Id><Acct><Id><Othr><Id>E2E-CTA</Id></Othr></Id><Ccy>MXN</Ccy></Acct>
<Ntry><Amt Ccy="MXN">1813.57</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt><AcctSvcrRef>DEP-${Date.now()}</AcctSvcrRef>
<AddtlNtryInf>DEPOSITO EN EFECTIVO SUCURSAL</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>`;
    const job = await request.post(`/api/bancos/cuentas/${cuenta}/estados`, { headers, multipart: { file: { name: 'estado.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) } } });
    expect(job.status(), await job.text()).toBe(202);
    const { id } = (await job.json()) as { id: string };
    await expect.poll(async () => ((await (await request.get(`/api/bancos/estados/${id}`, { headers })).json()) as { status: string }).status, { timeout: 60_000 }).toBe('done');

    await signIn(page, request, account, '/bancos');
    await page.getByTestId('bank-account-select').click();
    await page.getByRole('option', { name: new RegExp(clabe) }).click();
    const deposit = page.getByTestId('bank-movement').filter({ hasText: 'DEPOSITO EN EFECTIVO' });
    await deposit.getByTestId('bank-invoice-deposit').click();
    await expect(page).toHaveURL(/\/invoicing\/add/);
    await expect(page.getByLabel('Valor unitario').first()).toHaveValue('1563.422414');
    await expect(page.getByLabel('Observaciones')).toHaveValue(new RegExp(`^Depósito del ${day}`));
    await expect(page.getByText('$1,813.57').first()).toBeVisible();
    await page.screenshot({ path: '/tmp/j27-invoice-deposit.png', fullPage: true });
  } finally {
    expect((await request.delete(`/api/bancos/cuentas/${cuenta}`, { headers })).status()).toBe(200);
  }
});
