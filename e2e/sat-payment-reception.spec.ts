import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginViaUi } from './support/account';
import { randomRfc } from './support/rfc';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { snap, settle } from './support/screens';

const expect = baseExpect.configure({ timeout: 45_000 });

/** A PPD invoice of `valor` + 16 % IVA to the customer, stamped through the API; its UUID. */
async function ppdInvoice(request: APIRequestContext, headers: Record<string, string>, clientId: number, valor: string): Promise<string> {
  const res = await request.post('/api/invoice40', {
    headers, data: {
      clientId, usoCFDI: 'G03', formaPago: '99', metodoPago: 'PPD', serie: 'RP',
      conceptos: [{ claveProdServ: '84111506', cantidad: '1', claveUnidad: 'E48', descripcion: 'Servicio contable', valorUnitario: valor, objetoImp: '02',
        traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }] }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { uuid: string }).uuid;
}

test('a partial payment and then one payment over two invoices of a customer settle their balances with Pagos 2.0 complements', async ({ page, request }, info) => {
  test.setTimeout(300_000);
  const account = await satTestAccount(request);
  await uploadSatCsd(request, account.token);
  const headers = { Authorization: `Bearer ${account.token}` };
  const customer = await request.post('/api/clients', {
    headers, data: { rfc: randomRfc(), r_social: 'ABARROTES LA ESPIGA', email: ['pagos@clientes.facturo.local'], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '44100' } },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const clientId = ((await customer.json()) as { id: number }).id;
  const first = await ppdInvoice(request, headers, clientId, '1000.00'); // 1,160.00
  const second = await ppdInvoice(request, headers, clientId, '500.00'); // 580.00

  await loginViaUi(page, account);
  // The month's collected income before any payment (the SAT account is shared by specs: compare, not absolute).
  await page.goto('/dashboard/home');
  const ingresosBefore = await moneyOf(page, 'figure-ingresosmes');
  await expect(page.getByTestId('chart-year')).toBeVisible();

  await page.goto('/payment-reception');
  await expect(page.getByRole('heading', { name: 'Recepción de pagos' })).toBeVisible();
  await page.getByPlaceholder('Buscar por RFC, cliente, UUID o folio').fill('ABARROTES LA ESPIGA');
  await settle(page);
  await expect(page.getByTestId(`saldo-${first}`)).toHaveText('$1,160.00');

  // A bad amount is refused with the field named, and nothing is stamped.
  const firstRow = page.getByTestId(`mother-${first}`);
  await firstRow.getByRole('button', { name: /^Registrar pago de / }).click();
  await page.getByRole('textbox', { name: 'Monto' }).fill('2000.00');
  await page.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
  await expect(page.getByTestId('payment-form-error')).toBeVisible();
  await expect(page.getByTestId('payment-stamped')).toHaveCount(0);

  // A partial payment of 500.00: the complement is stamped and the balance drops to 660.00.
  await page.getByRole('textbox', { name: 'Monto' }).fill('500.00');
  await page.getByLabel('Número de operación').fill('TRF-0001');
  await snap(page, info, 'payment-reception-form');
  await page.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
  await expect(page.getByTestId('payment-stamped')).toBeVisible({ timeout: 60_000 });
  const paymentUuid = (await page.getByTestId('payment-uuid').innerText()).trim();
  const download = page.waitForEvent('download');
  await page.getByTestId('payment-stamped').getByRole('button', { name: 'Descargar XML' }).click();
  const xml = readFileSync(await (await download).path(), 'utf8');
  expect(xml).toContain('pago20:Pagos');
  expect(xml).toContain(`IdDocumento="${first}"`);
  expect(xml).toMatch(/ImpPagado="500\.00"/);
  expect(xml).toMatch(/ImpSaldoInsoluto="660\.00"/);
  await page.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByTestId(`saldo-${first}`)).toHaveText('$660.00');

  // The invoice's payments: parcialidad 1, 1,160.00 → 500.00 → 660.00.
  await firstRow.getByRole('button', { name: /^Pagos de / }).click();
  const payment = page.getByTestId(`payment-${paymentUuid}`);
  await expect(payment).toContainText('$1,160.00');
  await expect(payment).toContainText('$500.00');
  await expect(payment).toContainText('$660.00');
  await page.keyboard.press('Escape');

  // One payment over both invoices: the amounts default to each open balance and Monto follows their sum.
  await page.getByRole('checkbox', { name: /^Seleccionar / }).first().waitFor();
  await firstRow.getByRole('checkbox').check();
  await page.getByTestId(`mother-${second}`).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Pago a 2 facturas' }).click();
  await expect(page.getByRole('textbox', { name: 'Monto' })).toHaveValue('1240.00');
  await snap(page, info, 'payment-reception-multiple');
  await page.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
  await expect(page.getByTestId('payment-stamped')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Cerrar' }).click();

  // Both are paid now: gone from the pending set, listed among the paid ones.
  await expect(page.getByTestId(`mother-${first}`)).toHaveCount(0);
  await page.getByText('Pagadas', { exact: true }).click();
  await settle(page);
  await expect(page.getByTestId(`mother-${first}`)).toContainText('Pagada');
  await expect(page.getByTestId(`mother-${second}`)).toContainText('Pagada');
  await snap(page, info, 'payment-reception-paid');

  // The dashboard's collected income grew by the base part of both payments: 1,740.00 paid of 1,740.00
  // invoiced (1,500.00 base) — cash basis (docs/cash-basis.md).
  await page.goto('/dashboard/home');
  await expect.poll(() => moneyOf(page, 'figure-ingresosmes')).toBeCloseTo(ingresosBefore + 1500, 2);
  await snap(page, info, 'dashboard-premium');
});

/** A dashboard figure as a number ("$1,234.56" → 1234.56), once it has loaded. */
async function moneyOf(page: Page, testId: string): Promise<number> {
  const text = await page.getByTestId(testId).innerText({ timeout: 45_000 });
  return Number(text.replace(/[$,]/g, ''));
}
