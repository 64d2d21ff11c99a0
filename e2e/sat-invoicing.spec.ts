import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { makePremium, signIn } from './support/account';
import { randomRfc } from './support/rfc';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { snap, settle } from './support/screens';

// The machine runs several suites at once: the first paint of a screen can take well over the default 15 s.
const expect = baseExpect.configure({ timeout: 45_000 });

/** Types into a searchable Mantine Select (role combobox) and picks the option whose text matches. */
async function searchPick(page: Page, scope: Page | Locator, label: string, text: string, option: RegExp): Promise<void> {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

async function fillConcept(page: Page, i: number, c: { clave: string; unidad: string; descripcion: string; cantidad: string; valor: string; descuento?: string }) {
  const card = page.getByTestId(`concept-${i}`);
  await searchPick(page, card, 'Clave de producto o servicio', c.clave, new RegExp(`^${c.clave} - `));
  await searchPick(page, card, 'Clave de unidad', c.unidad, new RegExp(`^${c.unidad} - `));
  await card.getByLabel('Descripción', { exact: true }).fill(c.descripcion);
  await card.getByLabel('Cantidad', { exact: true }).fill(c.cantidad);
  await card.getByLabel('Valor unitario', { exact: true }).fill(c.valor);
  if (c.descuento) await card.getByLabel('Descuento', { exact: true }).fill(c.descuento);
}


const count = async (page: Page, key: string) => Number(await page.getByTestId(`stat-${key}-count`).innerText());

test('issue a 3-concept CFDI 4.0 with IVA and a discount, preview, stamp, list, download, send and cancel it', async ({ page, request }, info) => {
  test.setTimeout(480_000);
  const account = await satTestAccount(request);
  await uploadSatCsd(request, account.token);
  // Premium: e-mail (feature 59), CSV (31) and accounts receivable (55) belong to the paid plan (spec §6).
  const bearer = await makePremium(request, account);
  const customerRfc = randomRfc();
  const email = `${customerRfc.toLowerCase()}@clientes.facturo.local`;
  const created = await request.post('/api/clients', {
    headers: { Authorization: `Bearer ${bearer}` },
    data: { rfc: customerRfc, r_social: 'MARÍA LÓPEZ GARCÍA', email: [email], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '44100' } },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signIn(page, request, account, '/incomes');
  await settle(page);
  await expect(page.getByTestId('stat-ingresos-count')).not.toHaveText('—');
  const before = { ingresos: await count(page, 'ingresos'), cancelados: await count(page, 'cancelados') };

  // The form: customer, uso (prefilled from the customer, allowed for régimen 612), forma de pago, three concepts.
  await page.goto('/invoicing/add');
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Nueva factura' })).toBeVisible();
  await expect(page.getByText(/^\d+ timbres? disponibles?$/)).toBeVisible();
  await searchPick(page, page, 'Cliente', customerRfc, new RegExp(customerRfc));
  await expect(page.getByRole('combobox', { name: 'Uso del CFDI' })).toHaveValue(/^G03 - /);
  await searchPick(page, page, 'Forma de pago', '03', /^03 - /);
  await fillConcept(page, 0, { clave: '84111506', unidad: 'E48', descripcion: 'Consultoría contable', cantidad: '2', valor: '1500.00', descuento: '100.00' });
  await page.getByRole('button', { name: 'Agregar concepto' }).click();
  await fillConcept(page, 1, { clave: '43211500', unidad: 'H87', descripcion: 'Teclado inalámbrico', cantidad: '1', valor: '850.50' });
  await page.getByRole('button', { name: 'Agregar concepto' }).click();
  await fillConcept(page, 2, { clave: '84111506', unidad: 'E48', descripcion: 'Asesoría fiscal por hora', cantidad: '3', valor: '99.99' });

  // Live totals with the engine: 3000 + 850.50 + 299.97; IVA per concept 464.00 + 136.08 + 48.00.
  await expect(page.getByTestId('total-subtotal')).toHaveText('$4,150.47');
  await expect(page.getByTestId('total-descuento')).toHaveText('− $100.00');
  await expect(page.getByTestId('total-traslado-002-0.160000')).toHaveText('$648.08');
  await expect(page.getByTestId('total-total')).toHaveText('$4,698.55');
  await snap(page, info, 'invoicing-form');

  // Preview: the unsigned PDF inside the page.
  await page.getByRole('button', { name: 'Vista previa' }).click();
  const frame = page.getByTestId('preview-frame');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('src', /^blob:/);
  await page.waitForTimeout(1000); // let the PDF viewer paint before the picture
  await snap(page, info, 'invoicing-preview');
  await page.keyboard.press('Escape');
  await expect(frame).toHaveCount(0);

  // Stamp.
  await page.getByRole('button', { name: 'Timbrar factura' }).click();
  await expect(page.getByTestId('stamp-success')).toBeVisible({ timeout: 30_000 });
  const uuid = (await page.getByTestId('stamped-uuid').innerText()).trim();
  expect(uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
  await expect(page.getByTestId('stamp-success')).toContainText('$4,698.55');

  // It is in /incomes and the cards changed.
  await page.goto('/incomes');
  await settle(page);
  const row = page.getByTestId(`income-${uuid}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('$4,698.55');
  await expect(page.getByTestId('stat-ingresos-count')).toHaveText(String(before.ingresos + 1));
  await snap(page, info, 'incomes-list');

  // Download the XML: the stamped document.
  const menu = row.getByRole('button', { name: /^Acciones de / });
  await menu.click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Descargar XML' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xml$/);
  const xml = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
  expect(xml).toContain(`UUID="${uuid}"`);
  expect(xml).toContain('Total="4698.55"');

  // Send it: the customer's address is prefilled; the outbox gets the mail with XML and PDF attached.
  await menu.click();
  await page.getByRole('menuitem', { name: 'Enviar por correo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar Facturas' });
  await expect(dialog.getByLabel('Correo electrónico')).toHaveValue(email);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Hecho!')).toBeVisible();
  await expect.poll(async () => {
    const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const body = (await res.json()) as { data: { attachments?: { filename: string }[] }[] };
    return (body.data[0]?.attachments ?? []).map((a) => a.filename.split('.').pop()).sort().join(',');
  }).toBe('pdf,xml');

  // Cancel with motivo 02: the cards change again.
  await menu.click();
  await page.getByRole('menuitem', { name: 'Cancelar factura' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar factura' });
  await cancel.getByRole('combobox', { name: 'Motivo de cancelación' }).click();
  await page.getByRole('option', { name: /^02 - / }).click();
  await cancel.getByRole('button', { name: 'Cancelar factura' }).click();
  await expect(cancel).toHaveCount(0);
  await expect(page.getByTestId('stat-cancelados-count')).toHaveText(String(before.cancelados + 1));
  await expect(row).not.toContainText('Vigente');
  await snap(page, info, 'incomes-after-cancel');
});
