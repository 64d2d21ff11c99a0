import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/account';
import { randomRfc } from './support/rfc';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { settle, snap } from './support/screens';

// Issue 24 items 4, 5 and 6 in the invoice form: the two-thirds IVA retention figures the engine computes (the
// same code the server stamps with), the warning a persona moral gets for an ISR retention, and the refusal of
// IVA 8 % from a CP outside the región fronteriza (the SAT test account's CP is 06000, Ciudad de México).
const expect = baseExpect.configure({ timeout: 45_000 });

async function searchPick(page: Page, scope: Page | Locator, label: string, text: string, option: RegExp): Promise<void> {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('two-thirds retention figures, ISR warning for a persona moral, and IVA 8 % refused outside the border region', async ({ page, request }, info) => {
  test.setTimeout(360_000);
  const account = await satTestAccount(request);
  await uploadSatCsd(request, account.token);
  const customerRfc = randomRfc();
  const created = await request.post('/api/clients', {
    headers: { Authorization: `Bearer ${account.token}` },
    data: { rfc: customerRfc, r_social: 'MARÍA LÓPEZ GARCÍA', email: [`${customerRfc.toLowerCase()}@clientes.facturo.local`], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '44100' } },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signIn(page, request, account, '/invoicing/add');
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Nueva factura' })).toBeVisible();
  await searchPick(page, page, 'Cliente', customerRfc, new RegExp(customerRfc));
  await searchPick(page, page, 'Forma de pago', '03', /^03 - /);
  const card = page.getByTestId('concept-0');
  await searchPick(page, card, 'Clave de producto o servicio', '80111600', /^80111600 - /);
  await searchPick(page, card, 'Clave de unidad', 'E48', /^E48 - /);
  await card.getByLabel('Descripción', { exact: true }).fill('Servicios profesionales de noviembre');
  await card.getByLabel('Cantidad', { exact: true }).fill('1');
  await card.getByLabel('Valor unitario', { exact: true }).fill('15000');
  await pick(page, card, 'Retención ISR', 'ISR 10 %');
  await pick(page, card, 'Retención IVA', 'IVA 10.6667 % (dos terceras partes)');

  // 15,000 → IVA 2,400.00; ISR 1,500.00; IVA retained 1,600.00 (two thirds of 2,400, not 15,000 × 0.106667 = 1,600.01).
  await expect(page.getByTestId('total-traslado-002-0.160000')).toHaveText('$2,400.00');
  await expect(page.getByTestId('total-retencion-001')).toHaveText('− $1,500.00');
  await expect(page.getByTestId('total-retencion-002')).toHaveText('− $1,600.00');
  await expect(page.getByTestId('total-total')).toHaveText('$14,300.00');
  // EKU9003173C9 is a persona moral: the ISR retention gets a warning before "Timbrar" (it does not block).
  await expect(page.getByTestId('invoice-warning')).toContainText('ISR se retiene a personas físicas (honorarios, arrendamiento, RESICO), no a una persona moral');
  await snap(page, info, 'invoicing-retention-warning');

  // IVA 8 % from CP 06000: refused on the concept before anything is sent, naming the CP.
  await pick(page, card, 'IVA trasladado', 'IVA 8 % (frontera)');
  await page.getByRole('button', { name: 'Timbrar factura' }).click();
  await expect(card.getByText(/El IVA al 8 % solo aplica en la región fronteriza: el código postal 06000 del lugar de expedición/)).toBeVisible();
  await snap(page, info, 'invoicing-iva8-refused');
  await expect(page.getByTestId('stamp-success')).toHaveCount(0);

  // Back to 16 %: it stamps with the same figures the form showed.
  await pick(page, card, 'IVA trasladado', 'IVA 16 %');
  await page.getByRole('button', { name: 'Timbrar factura' }).click();
  await expect(page.getByTestId('stamp-success')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('stamp-success')).toContainText('$14,300.00');
  const uuid = (await page.getByTestId('stamped-uuid').innerText()).trim();
  const xml = await (await request.get(`/api/incomes/${uuid}/xml`, { headers: { Authorization: `Bearer ${account.token}` } })).text();
  expect(xml).toContain('TasaOCuota="0.106667" Importe="1600.00"');
  expect(xml).toContain('Total="14300.00"');
});
