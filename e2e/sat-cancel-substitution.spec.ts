import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { makePremium, type TestAccount } from './support/account';
import { randomRfc } from './support/rfc';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { snap, settle } from './support/screens';

// The machine runs several suites at once: the first paint of a screen can take well over the default 15 s.
const expect = baseExpect.configure({ timeout: 45_000 });

/** loginViaUi with this file's patience: on a loaded machine the login answer can take longer than 15 s. */
async function login(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('RFC o correo electrónico').fill(account.rfc);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/, { timeout: 90_000 });
}
const iva = [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }];

async function stamp(request: APIRequestContext, bearer: string, clientId: number, descripcion: string, related?: string): Promise<string> {
  const res = await request.post('/api/invoice40', {
    headers: { Authorization: `Bearer ${bearer}` },
    data: {
      clientId, usoCFDI: 'G03', formaPago: '03', metodoPago: 'PUE', serie: 'SUS',
      ...(related ? { cfdiRelacionados: [{ tipoRelacion: '04', uuids: [related] }] } : {}),
      conceptos: [{ claveProdServ: '84111506', cantidad: '1', claveUnidad: 'E48', unidad: 'Servicio', descripcion, valorUnitario: '800.00', objetoImp: '02', traslados: iva }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { uuid: string }).uuid;
}

/** Opens "Cancelar factura" on a row of /incomes and picks motivo 01. */
async function cancelWith01(page: Page, uuid: string) {
  const row = page.getByTestId(`income-${uuid}`);
  await row.getByRole('button', { name: /^Acciones de / }).click();
  await page.getByRole('menuitem', { name: 'Cancelar factura' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar factura' });
  await dialog.getByRole('combobox', { name: 'Motivo de cancelación' }).click();
  await page.getByRole('option', { name: /^01 - / }).click();
  return { row, dialog };
}

test('cancel with a substitute from the screen: «Sustituir» stamps the corrected copy and cancels the original (motivo 01); «Elegir factura sustituta» lists the CFDI that substitute it; the acuse downloads from the row menu', async ({ page, request }, info) => {
  test.setTimeout(480_000);
  const account = await satTestAccount(request);
  await uploadSatCsd(request, account.token);
  const bearer = await makePremium(request, account);
  const created = await request.post('/api/clients', {
    headers: { Authorization: `Bearer ${bearer}` },
    data: { rfc: randomRfc(), r_social: 'MARÍA LÓPEZ GARCÍA', email: [], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '44100' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const clientId = ((await created.json()) as { id: number }).id;
  const original = await stamp(request, bearer, clientId, 'Servicio facturado con un error');

  await login(page, account);
  await page.goto('/incomes');
  await settle(page);

  // The guided way: «Sustituir» opens a copy of the original related with 04; the user corrects it and stamps.
  const first = await cancelWith01(page, original);
  await expect(first.dialog.getByText(/«Sustituir» abre una copia de esta factura/)).toBeVisible();
  await first.dialog.getByRole('button', { name: 'Sustituir' }).click();
  await expect(page).toHaveURL(/\/invoicing\/add$/);
  await expect(page.getByTestId('substitution-banner')).toContainText(original);
  const card = page.getByTestId('concept-0');
  await expect(card.getByLabel('Descripción', { exact: true })).toHaveValue('Servicio facturado con un error');
  await card.getByLabel('Descripción', { exact: true }).fill('Servicio facturado correctamente');
  await snap(page, info, 'substitution-form');
  await page.getByRole('button', { name: 'Timbrar factura' }).click();
  const result = page.getByTestId('substitution-result');
  await expect(result).toContainText('La factura quedó cancelada ante el SAT');
  await snap(page, info, 'substitution-done');

  await page.goto('/incomes');
  await settle(page);
  const originalRow = page.getByTestId(`income-${original}`);
  await expect(originalRow).toContainText('Cancelada');
  // The acuse: the PAC's signed XML for that UUID, from the row menu.
  await originalRow.getByRole('button', { name: /^Acciones de / }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Descargar acuse de cancelación' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`acuse-cancelacion-${original}.xml`);
  const acuse = await readFile((await download.path())!, 'utf8');
  expect(acuse).toContain('<Folios xmlns="http://cancelacfd.sat.gob.mx">');
  expect(acuse).toContain(`<UUID>${original}</UUID><EstatusUUID>201</EstatusUUID>`);
  expect(acuse).toContain('<SignatureValue>');

  // The picker (issue 25 §8: it used to end in "No estás autorizado"): the substitute issued apart is offered.
  const second = await stamp(request, bearer, clientId, 'Otro servicio con error');
  const substitute = await stamp(request, bearer, clientId, 'Otro servicio corregido', second);
  await page.reload();
  await settle(page);
  const again = await cancelWith01(page, second);
  await again.dialog.getByRole('button', { name: 'Elegir factura sustituta' }).click();
  const drawer = page.getByRole('dialog', { name: 'Factura sustituta' });
  await expect(drawer.getByText(substitute)).toBeVisible();
  await expect(drawer.getByText(original)).toHaveCount(0);
  await expect(page.getByText('No estás autorizado')).toHaveCount(0);
  await snap(page, info, 'substitution-picker');
  await drawer.getByRole('button', { name: 'Usar' }).click();
  await expect(again.dialog.getByLabel('UUID de la factura que la sustituye')).toHaveValue(substitute);
  await again.dialog.getByRole('button', { name: 'Cancelar factura' }).click();
  await expect(again.dialog).toHaveCount(0);
  await expect(page.getByTestId(`income-${second}`)).toContainText('Cancelada');
  await expect(page.getByTestId(`income-${substitute}`)).toContainText('Vigente');
});
