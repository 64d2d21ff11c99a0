import { expect, test } from '@playwright/test';
import { createAccountViaApi, loginViaUi, selectOption } from './support/account';
import { randomRfc } from './support/rfc';
import { snap } from './support/screens';
import { csfLinesMoral, textPdf } from '../apps/api/src/modules/clients/text-pdf.test-support';

test('adds a customer using the CP lookup (estado, municipio and the border-region note fill in)', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  await loginViaUi(page, account);
  await page.goto('/clients');
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
  await loginViaUi(page, account);
  await page.goto('/clients');
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
