import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/account';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { snap, settle } from './support/screens';

// The machine runs several suites at once: the first paint of a screen can take well over the default 15 s.
const expect = baseExpect.configure({ timeout: 45_000 });

/** A customer on the 69-B sample list shipped with the app (MAQUILADORA ÁGIL DEL NORTE, presunto). */
const EFOS_RFC = 'MAQ180704KL6';

async function searchPick(page: Page, scope: Page | Locator, label: string, text: string, option: RegExp): Promise<void> {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: option }).first().click();
}


test('a 69-B customer gets the warning before stamping; cancelled, "Consultar estado en el SAT" says Cancelado', async ({ page, request }, info) => {
  test.setTimeout(420_000);
  const account = await satTestAccount(request);
  await uploadSatCsd(request, account.token);
  const headers = { Authorization: `Bearer ${account.token}` };
  // The 69-B list loads by itself on the first start (the sample shipped with the app).
  await expect.poll(async () => ((await (await request.get(`/api/blacklist/${EFOS_RFC}`, { headers })).json()) as { listed: boolean }).listed, { timeout: 60_000 }).toBe(true);
  const created = await request.post('/api/clients', {
    headers,
    data: { rfc: EFOS_RFC, r_social: 'MAQUILADORA AGIL DEL NORTE', email: ['compras@maquiladora.facturo.local'], regimen: '601', uso_cfdi: 'G03', domicilio: { cp: '64000' } },
  });
  // A rerun over the same database finds the customer already there.
  expect([201, 409, 422], await created.text()).toContain(created.status());

  await signIn(page, request, account, '/invoicing/add');
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Nueva factura' })).toBeVisible();
  await searchPick(page, page, 'Cliente', EFOS_RFC, new RegExp(EFOS_RFC));
  await searchPick(page, page, 'Forma de pago', '03', /^03 - /);
  const card = page.getByTestId('concept-0');
  await searchPick(page, card, 'Clave de producto o servicio', '84111506', /^84111506 - /);
  await searchPick(page, card, 'Clave de unidad', 'E48', /^E48 - /);
  await card.getByLabel('Descripción', { exact: true }).fill('Servicio de maquila');
  await card.getByLabel('Cantidad', { exact: true }).fill('1');
  await card.getByLabel('Valor unitario', { exact: true }).fill('2500.00');
  await expect(page.getByTestId('total-total')).toHaveText('$2,900.00');

  // The warning comes before stamping; going back stamps nothing.
  await page.getByRole('button', { name: 'Timbrar factura' }).click();
  const warning = page.getByRole('dialog', { name: 'Cliente en la lista 69-B del SAT' });
  await expect(warning.getByTestId('blacklist-warning')).toContainText(`(${EFOS_RFC}) aparece como presunto`);
  await snap(page, info, 'sat-status-69b-warning');
  await warning.getByRole('button', { name: 'Regresar' }).click();
  await expect(warning).toHaveCount(0);
  await expect(page.getByTestId('stamp-success')).toHaveCount(0);
  // Confirming stamps it anyway.
  await page.getByRole('button', { name: 'Timbrar factura' }).click();
  await page.getByRole('dialog', { name: 'Cliente en la lista 69-B del SAT' }).getByRole('button', { name: 'Timbrar de todas formas' }).click();
  await expect(page.getByTestId('stamp-success')).toBeVisible({ timeout: 60_000 });
  const uuid = (await page.getByTestId('stamped-uuid').innerText()).trim();

  // The list flags the customer and SAT says vigente.
  await page.goto('/incomes');
  await settle(page);
  const row = page.getByTestId(`income-${uuid}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('badge-69b')).toHaveText('Lista 69-B');
  const menu = row.getByRole('button', { name: /^Acciones de / });
  await menu.click();
  await page.getByRole('menuitem', { name: 'Consultar estado en el SAT' }).click();
  let status = page.getByRole('dialog', { name: 'Estado del CFDI en el SAT' });
  await expect(status.getByTestId('sat-estado')).toContainText('Vigente');
  await status.getByRole('button', { name: 'Cerrar' }).click();
  await expect(status).toHaveCount(0);

  // Cancel it (motivo 02), then ask SAT again.
  await menu.click();
  await page.getByRole('menuitem', { name: 'Cancelar factura' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar factura' });
  await cancel.getByRole('combobox', { name: 'Motivo de cancelación' }).click();
  await page.getByRole('option', { name: /^02 - / }).click();
  await cancel.getByRole('button', { name: 'Cancelar factura' }).click();
  await expect(cancel).toHaveCount(0);
  await expect(row).not.toContainText('Vigente');

  await menu.click();
  await page.getByRole('menuitem', { name: 'Consultar estado en el SAT' }).click();
  status = page.getByRole('dialog', { name: 'Estado del CFDI en el SAT' });
  await expect(status.getByTestId('sat-estado')).toContainText('Cancelado');
  await expect(status).toContainText('Cancelado sin aceptación');
  await snap(page, info, 'sat-status-cancelado');
});
