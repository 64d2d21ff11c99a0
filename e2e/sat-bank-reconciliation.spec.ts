import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './support/account';
import { randomRfc } from './support/rfc';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { snap } from './support/screens';

const expect = baseExpect.configure({ timeout: 45_000 });

/** A Banamex CLABE (bank 002) with random account digits and its right check digit: each run registers its own. */
function randomClabe(): string {
  const first = `002180${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`;
  // Banxico: Σ (dᵢ × 3,7,1… mod 10), check digit (10 − Σ mod 10) mod 10 (the spec cannot load the contract's catalogs).
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first[i]) * [3, 7, 1][i % 3]!) % 10;
  return `${first}${(10 - (sum % 10)) % 10}`;
}

/** Today in Mexico City (the invoice is dated now; the deposit the same day). */
const todayMx = () => new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);

async function ppdInvoice(request: APIRequestContext, headers: Record<string, string>, clientId: number, valor: string): Promise<{ uuid: string; total: string }> {
  const res = await request.post('/api/invoice40', {
    headers, data: {
      clientId, usoCFDI: 'G03', formaPago: '99', metodoPago: 'PPD', serie: 'BK',
      conceptos: [{ claveProdServ: '84111506', cantidad: '1', claveUnidad: 'E48', descripcion: 'Servicio contable', valorUnitario: valor, objetoImp: '02',
        traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }] }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { uuid } = (await res.json()) as { uuid: string };
  return { uuid, total: (Math.round(Number(valor) * 116) / 100).toFixed(2) };
}

/** A CAMT.053.001.08 statement with one deposit naming the customer's RFC, and one bank commission. */
const camt = (day: string, amount: string, rfc: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>E2E</MsgId><CreDtTm>${day}T23:00:00</CreDtTm></GrpHdr>
<Stmt><Id>E2E-${day}</Id><Acct><Id><Othr><Id>E2E-CTA</Id></Othr></Id><Ccy>MXN</Ccy></Acct>
<Ntry><Amt Ccy="MXN">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt><AcctSvcrRef>E2E-${Date.now()}</AcctSvcrRef>
<AddtlNtryInf>SPEI RECIBIDO ${rfc} PAGO FACTURA</AddtlNtryInf></Ntry>
<Ntry><Amt Ccy="MXN">12.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt><AddtlNtryInf>COMISION SPEI</AddtlNtryInf></Ntry>
</Stmt></BkToCstmrStmt></Document>`;

test('import a CAMT.053, accept the proposal, stamp the payment complement from the bank', async ({ page, request }, info) => {
  test.setTimeout(300_000);
  const account = await satTestAccount(request);
  await uploadSatCsd(request, account.token);
  const headers = { Authorization: `Bearer ${account.token}` };
  const rfc = randomRfc();
  // A word of its own per run: the shared account keeps earlier runs' customers, and two alike are nobody's deposit.
  const mark = Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ'[Math.floor(Math.random() * 24)]).join('');
  const customer = await request.post('/api/clients', {
    headers, data: { rfc, r_social: `FERRETERÍA EL BANCO ${mark}`, email: ['pagos@clientes.facturo.local'], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '44100' } },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const clientId = ((await customer.json()) as { id: number }).id;
  // An odd amount: the shared SAT account holds other specs' invoices, none of this total.
  const invoice = await ppdInvoice(request, headers, clientId, `${1000 + Math.floor(Math.random() * 8000)}.${String(Math.floor(Math.random() * 99)).padStart(2, '0')}`);
  let bankAccountId: number | null = null;

  try {
    await signIn(page, request, account, '/bancos');
    await expect(page.getByRole('heading', { name: 'Conciliación bancaria' })).toBeVisible();

    // The CLABE is checked as it is typed; its first digits pick the bank.
    await page.getByTestId('bank-add-account').click();
    const clabe = randomClabe();
    await page.getByTestId('bank-clabe').fill(`${clabe.slice(0, 17)}${(Number(clabe[17]) + 1) % 10}`);
    await expect(page.getByText('El dígito verificador de la CLABE no es correcto')).toBeVisible();
    await page.getByTestId('bank-clabe').fill(clabe);
    await expect(page.getByTestId('bank-banco')).toHaveValue(/BANAMEX/);
    await page.getByTestId('bank-save-account').click();
    await expect(page.getByTestId('bank-account-select')).toHaveValue(new RegExp(clabe));
    const accounts = await (await request.get('/api/bancos/cuentas', { headers })).json() as { data: { id: number; clabe: string }[] };
    bankAccountId = accounts.data.find((a) => a.clabe === clabe)!.id;

    // Import with live progress: 2 movements, the deposit proposed against the invoice.
    await page.locator('input[type=file]').setInputFiles({
      name: 'estado.xml', mimeType: 'application/xml', buffer: Buffer.from(camt(todayMx(), invoice.total, rfc)),
    });
    await page.getByTestId('bank-import').click();
    await expect(page.getByTestId('job-progress').first()).toHaveAttribute('data-status', 'success', { timeout: 60_000 });
    await expect(page.getByTestId('bank-import-result')).toContainText('2 movimientos importados, 0 ya estaban, 0 rechazados');
    const deposit = page.getByTestId('bank-movement').filter({ hasText: 'SPEI RECIBIDO' });
    await expect(deposit).toContainText(invoice.total);
    await expect(deposit).toContainText('FERRETERÍA EL BANCO');
    await expect(deposit.getByTestId('bank-confidence')).toBeVisible();
    await snap(page, info, 'bank-proposals');
    await page.screenshot({ path: '/tmp/i27-bank-proposals.png', fullPage: true });

    // Accept the proposal; the commission has none: "Sin CFDI".
    await deposit.getByTestId('bank-accept').click();
    await expect(deposit).toHaveAttribute('data-estado', 'conciliado');
    await expect(deposit).toContainText('Complemento de pago pendiente');
    // The deadline where the user works: the dashboard's alert and the invoice's row in the incomes list.
    const other = await page.context().newPage();
    await other.goto('/');
    await expect(other.getByTestId('rep-deadline-alert')).toContainText(/Complementos de pago por emitir: \d+, vencen? el/);
    await other.goto('/incomes');
    await expect(other.getByTestId(`income-${invoice.uuid}`).getByTestId('rep-deadline')).toContainText('REP pendiente · vence');
    await other.screenshot({ path: '/tmp/j27-incomes-rep.png', fullPage: true });
    await other.close();
    const fee = page.getByTestId('bank-movement').filter({ hasText: 'COMISION' });
    await fee.getByRole('button', { name: 'Sin CFDI' }).click();
    await expect(fee).toHaveAttribute('data-estado', 'sin_cfdi');

    // Stamp the complement in one step; the pending mark goes away and the invoice is settled.
    await page.getByTestId('bank-stamp').click();
    await expect(page.getByTestId('bank-rep-result')).toContainText('1 complemento de pago timbrado', { timeout: 90_000 });
    await expect(deposit).toContainText('timbrado');
    await expect(deposit).not.toContainText('Complemento de pago pendiente');
    const after = await (await request.get('/api/bancos/rep-pendientes', { headers })).json() as { data: { uuid: string }[] };
    expect(after.data.map((p) => p.uuid)).not.toContain(invoice.uuid);
    // Every movement of the month is accepted or marked: the month reads as reconciled.
    await expect(page.getByTestId('bank-months')).toContainText(/conciliado/);
    await expect(page.getByTestId('bank-months')).not.toContainText(/pendiente/);
    await page.screenshot({ path: '/tmp/i27-bank-stamped.png', fullPage: true });
    const payments = await (await request.get(`/api/getPagosFactura/${invoice.uuid}`, { headers })).json() as { data: unknown[] };
    expect(payments.data).toHaveLength(1);

    // Issue 27 §6: the dashboard says the month is reconciled with the bank (its cash basis takes the bank's dates).
    const monthName = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'][Number(todayMx().slice(5, 7)) - 1]!;
    await page.goto('/');
    await expect(page.getByTestId('bank-reconciled-months')).toContainText(`${monthName} conciliado`);
    await expect(page.getByTestId('bank-month-state')).toContainText('las cifras usan las fechas de pago del banco');
    await page.screenshot({ path: '/tmp/i27-dashboard-reconciled.png', fullPage: true });

    // §4: a new deposit naming the customer (as a bank writes it: no accents, any case) is invoiced to that customer.
    await page.goto('/bancos');
    await page.locator('input[type=file]').setInputFiles({
      name: 'estado-2.xml', mimeType: 'application/xml',
      buffer: Buffer.from(camt(todayMx(), '777.77', `Ferreteria el Banco ${mark.toLowerCase()}`).replace(/<Ntry><Amt Ccy="MXN">12\.50[\s\S]*?<\/Ntry>/, '')),
    });
    await page.getByTestId('bank-import').click();
    await expect(page.getByTestId('bank-import-result')).toContainText('1 movimiento');
    const named = page.getByTestId('bank-movement').filter({ hasText: '777.77' });
    await named.getByTestId('bank-invoice-deposit').click();
    await expect(page).toHaveURL(/\/invoicing\/add/);
    await expect(page.getByRole('combobox', { name: 'Cliente', exact: true })).toHaveValue(new RegExp(`FERRETERÍA EL BANCO ${mark}`));
    await page.screenshot({ path: '/tmp/i27-deposit-customer.png', fullPage: true });
  } finally {
    // The SAT account is shared: leave it as found (the stamped complement stays, it is a CFDI).
    if (bankAccountId) expect((await request.delete(`/api/bancos/cuentas/${bankAccountId}`, { headers })).status()).toBe(200);
  }
});
