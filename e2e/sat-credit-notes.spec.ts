import { expect as baseExpect, test } from '@playwright/test';
import { signIn } from './support/account';
import { randomRfc } from './support/rfc';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { snap, settle } from './support/screens';

const expect = baseExpect.configure({ timeout: 45_000 });

test('a credit note issued from an invoice\u2019s row is related to it, lowers its balance and shows in the credit-note cards', async ({ page, request }, info) => {
  test.setTimeout(300_000);
  const account = await satTestAccount(request);
  await uploadSatCsd(request, account.token);
  const headers = { Authorization: `Bearer ${account.token}` };
  const customerRfc = randomRfc();
  const customer = await request.post('/api/clients', {
    headers, data: { rfc: customerRfc, r_social: 'ROSA MÉNDEZ PAZ', email: ['rosa@clientes.facturo.local'], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '44100' } },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  // A PPD invoice of $1,000.00 + IVA = $1,160.00, open until paid.
  const invoice = await request.post('/api/invoice40', {
    headers, data: {
      clientId: (await customer.json()).id, usoCFDI: 'G03', formaPago: '99', metodoPago: 'PPD', serie: 'NCE',
      conceptos: [{ claveProdServ: '84111506', cantidad: '1', claveUnidad: 'E48', descripcion: 'Mantenimiento mensual', valorUnitario: '1000.00', objetoImp: '02',
        traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }] }],
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  const invoiceUuid = ((await invoice.json()) as { uuid: string }).uuid;

  await signIn(page, request, account, '/credit-notes/emitted');
  await settle(page);
  await expect(page.getByTestId('note-card-1-count')).not.toHaveText('—');
  const before = Number(await page.getByTestId('note-card-1-count').innerText());

  await page.goto('/incomes');
  await settle(page);
  const row = page.getByTestId(`income-${invoiceUuid}`);
  await expect(row).toContainText('$1,160.00');
  await row.getByRole('button', { name: /^Acciones de / }).click();
  await page.getByRole('menuitem', { name: 'Emitir nota de crédito' }).click();

  // The invoicing form as a credit note: Egreso, uso G02, related 01 to the invoice, one bonus concept.
  await expect(page).toHaveURL(/\/invoicing\/add$/);
  await expect(page.getByRole('heading', { name: 'Nueva nota de crédito' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Uso del CFDI' })).toHaveValue(/^G02 - /);
  await expect(page.getByLabel('UUID relacionados (separa con comas)', { exact: true })).toHaveValue(invoiceUuid);
  const forma = page.getByRole('combobox', { name: 'Forma de pago', exact: true });
  await forma.click();
  await forma.fill('03');
  await page.getByRole('option', { name: /^03 - / }).first().click();
  await page.getByTestId('concept-0').getByLabel('Valor unitario', { exact: true }).fill('100.00');
  // The clave the note carries (84111506, SAT's guide for a bonus) is shown with its description, not empty (issue 25 item 9).
  await expect(page.getByTestId('concept-0').getByRole('combobox', { name: 'Clave de producto o servicio' })).toHaveValue(/^84111506 - \S/);
  await expect(page.getByTestId('total-total')).toHaveText('$116.00');
  await snap(page, info, 'credit-note-form');
  await page.getByRole('button', { name: 'Timbrar factura' }).click();
  await expect(page.getByTestId('stamp-success')).toBeVisible({ timeout: 60_000 });
  const noteUuid = (await page.getByTestId('stamped-uuid').innerText()).trim();

  // Listed among the month's emitted credit notes, and counted.
  await page.goto('/credit-notes/emitted');
  await settle(page);
  await expect(page.getByTestId(`note-${noteUuid}`)).toContainText('$116.00');
  await expect(page.getByTestId('note-card-1-count')).toHaveText(String(before + 1));
  await page.getByTestId('note-card-2').click();
  await expect(page.getByTestId(`note-${noteUuid}`)).toBeVisible();
  await page.getByTestId('note-card-6').click();
  await expect(page.getByTestId(`note-${noteUuid}`)).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByTestId('note-card-1').click();
  await page.getByRole('button', { name: /^Descargar XML de / }).first().click();
  expect((await download).suggestedFilename()).toMatch(/\.xml$/);
  await snap(page, info, 'credit-notes-emitted');

  // The invoice's open balance dropped by the note: 1,160.00 − 116.00.
  await page.goto('/incomes');
  await settle(page);
  await expect(page.getByTestId(`income-${invoiceUuid}`)).toContainText('$1,044.00');
});
