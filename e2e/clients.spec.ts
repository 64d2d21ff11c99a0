import { expect, test } from '@playwright/test';
import { createAccountViaApi, selectOption, signIn } from './support/account';
import { randomRfc } from './support/rfc';
import { snap } from './support/screens';
import { csfLinesMoral, textPdf } from '../apps/api/src/modules/clients/text-pdf.test-support';

test('adds a customer using the CP lookup (estado, municipio and the border-region note fill in)', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  await signIn(page, request, account, '/clients');
  await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
  await expect(page.getByText('Aún no tienes clientes')).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo cliente' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nuevo cliente' });
  const rfc = randomRfc('moral');
  await drawer.getByRole('textbox', { name: 'RFC' }).fill(rfc);
  await expect(drawer.getByText('Persona moral')).toBeVisible();
  await drawer.getByLabel('Nombre o razón social').fill('Maquiladora Frontera Norte');
  await selectOption(page, 'Régimen fiscal', /^601 - General de Ley Personas Morales/);
  await selectOption(page, 'Uso del CFDI predeterminado', /^G03 - /);
  const emails = drawer.getByLabel('Correos electrónicos');
  await emails.fill('pagos@frontera.mx');
  await emails.press('Enter');

  // Tijuana: the CP alone fills estado and municipio, and it is in the northern border region.
  await drawer.getByLabel('Código postal (domicilio fiscal)').fill('22000');
  await expect(drawer.getByRole('combobox', { name: 'Estado' })).toHaveValue('Baja California');
  await expect(drawer.getByRole('combobox', { name: 'Municipio' })).toHaveValue('Tijuana');
  await expect(drawer.getByTestId('border-region')).toHaveText('Región fronteriza: IVA 8 %');
  await snap(page, info, 'clients-01-new-customer-cp-lookup');

  await drawer.getByRole('button', { name: 'Guardar' }).click();
  await expect(drawer).toBeHidden();
  const table = page.getByTestId('clients-table');
  await expect(table.getByText(`${rfc} - Maquiladora Frontera Norte`)).toBeVisible();
  await expect(table.getByText('601 - General de Ley Personas Morales')).toBeVisible();
  await expect(table.getByText('Tijuana')).toBeVisible();
  await snap(page, info, 'clients-02-list');

  // The edit panel opens with the stored values.
  await page.getByRole('button', { name: `Editar ${rfc} - Maquiladora Frontera Norte` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar cliente' });
  await expect(edit.getByRole('textbox', { name: 'RFC' })).toHaveValue(rfc);
  await expect(edit.getByRole('combobox', { name: 'Régimen fiscal' })).toHaveValue('601 - General de Ley Personas Morales');
  await expect(edit.getByRole('combobox', { name: 'Municipio' })).toHaveValue('Tijuana');
  await edit.getByRole('button', { name: 'Cancelar' }).click();

  // The same RFC again: the API's message lands on the RFC field.
  await page.getByRole('button', { name: 'Nuevo cliente' }).click();
  await drawer.getByRole('textbox', { name: 'RFC' }).fill(rfc);
  await drawer.getByLabel('Nombre o razón social').fill('Otra');
  await selectOption(page, 'Régimen fiscal', /^601 - /);
  await selectOption(page, 'Uso del CFDI predeterminado', /^G03 - /);
  await drawer.getByLabel('Código postal (domicilio fiscal)').fill('06600');
  await expect(drawer.getByRole('combobox', { name: 'Estado' })).toHaveValue('Ciudad de México');
  await drawer.getByRole('button', { name: 'Guardar' }).click();
  await expect(drawer.getByText(`Ya tienes un cliente con el RFC ${rfc}`)).toBeVisible();
  await snap(page, info, 'clients-03-duplicate-rfc');
  await drawer.getByRole('button', { name: 'Cancelar' }).click();

  // Delete after a confirmation.
  await page.getByRole('button', { name: `Eliminar ${rfc} - Maquiladora Frontera Norte` }).click();
  await page.getByRole('dialog', { name: 'Eliminar cliente' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Aún no tienes clientes')).toBeVisible();
});

test('fills the customer form from the customer\'s Constancia de Situación Fiscal (PDF)', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  await signIn(page, request, account, '/clients');
  await page.getByRole('button', { name: 'Nuevo cliente' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nuevo cliente' });
  const rfc = randomRfc('moral');
  await drawer.locator('input[type=file]').setInputFiles({ name: 'csf.pdf', mimeType: 'application/pdf', buffer: textPdf(csfLinesMoral(rfc, '44100')) });
  await expect(drawer.getByRole('textbox', { name: 'RFC' })).toHaveValue(rfc);
  await expect(drawer.getByLabel('Nombre o razón social')).toHaveValue('ESCUELA KEMPER URGATE');
  await expect(drawer.getByRole('combobox', { name: 'Régimen fiscal' })).toHaveValue('601 - General de Ley Personas Morales');
  await expect(drawer.getByLabel('Código postal (domicilio fiscal)')).toHaveValue('44100');
  await expect(drawer.getByRole('combobox', { name: 'Estado' })).toHaveValue('Jalisco');
  await expect(drawer.getByRole('combobox', { name: 'Municipio' })).toHaveValue('Guadalajara');
  await snap(page, info, 'clients-04-csf-prefill');

  // A PDF that is not a constancia: the API's message in the error toast, nothing filled.
  await drawer.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: 'Nuevo cliente' }).click();
  await drawer.locator('input[type=file]').setInputFiles({ name: 'factura.pdf', mimeType: 'application/pdf', buffer: textPdf(['FACTURA', 'Total 1,160.00']) });
  await expect(page.getByText('El archivo no es una Constancia de Situación Fiscal del SAT', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'RFC' })).toHaveValue('');
});

test('a customer lacking CFDI 4.0 data is flagged in the list and completed in "Completar datos CFDI 4.0", also from the invoice form', async ({ page, request }, info) => {
  test.setTimeout(180_000);
  const account = await createAccountViaApi(request);
  const login = await request.post('/api/login', { data: { username: account.rfc, password: account.password } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  // Two personas morales saved with the régimen capital in the name (CFDI 4.0 Nombre goes without it).
  const [first, second] = [randomRfc('moral'), randomRfc('moral')];
  for (const [rfc, name] of [[first, 'ABARROTES LA PAZ SA DE CV'], [second, 'TRANSPORTES DEL NORTE, S. DE R.L. DE C.V.']]) {
    const res = await request.post('/api/clients', { headers, data: { rfc, r_social: name, regimen: '601', uso_cfdi: 'G03', domicilio: { cp: '06600' } } });
    expect(res.status(), await res.text()).toBe(201);
  }

  await signIn(page, request, account, '/clients');
  const table = page.getByTestId('clients-table');
  await expect(table.getByTestId('client-v4-flag')).toHaveCount(2);
  await expect(page.getByTestId('clients-v4-notice')).toContainText('2 clientes de esta página no tienen completos sus datos de CFDI 4.0');
  await page.getByRole('button', { name: `Completar datos CFDI 4.0 de ${first} - ABARROTES LA PAZ SA DE CV` }).click();
  const dialog = page.getByRole('dialog', { name: 'Completar datos CFDI 4.0' });
  await expect(dialog.getByTestId('client-v4-gaps')).toContainText('En CFDI 4.0 la razón social va sin el régimen capital (SA DE CV)');
  await expect(dialog.getByLabel('Razón social')).toHaveValue('ABARROTES LA PAZ');
  await snap(page, info, 'clients-05-complete-v4');
  await dialog.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByText(`${first} - ABARROTES LA PAZ`, { exact: true })).toBeVisible();
  await expect(table.getByTestId('client-v4-flag')).toHaveCount(1);

  // The invoice form offers the same dialog for a chosen customer that still lacks 4.0 data.
  await page.goto('/invoicing/add');
  const cliente = page.getByRole('combobox', { name: 'Cliente', exact: true });
  await cliente.click();
  await cliente.fill(second);
  await page.getByRole('option', { name: new RegExp(second) }).first().click();
  const notice = page.getByTestId('invoice-client-v4');
  await expect(notice).toContainText('A este cliente le faltan datos de CFDI 4.0');
  await notice.getByRole('button', { name: 'Completar datos' }).click();
  const fromInvoice = page.getByRole('dialog', { name: 'Completar datos CFDI 4.0' });
  await expect(fromInvoice.getByLabel('Razón social')).toHaveValue('TRANSPORTES DEL NORTE');
  await fromInvoice.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(fromInvoice).toBeHidden();
  await expect(notice).toBeHidden();
  await expect(cliente).toHaveValue(`${second} - TRANSPORTES DEL NORTE`);
  await expect(page.getByRole('combobox', { name: 'Uso del CFDI' })).toHaveValue(/^G03 - /);
});
