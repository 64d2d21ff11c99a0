import { expect, test } from '@playwright/test';
import { fiscalData, newAccount, readCode, selectOption } from './support/account';
import { snap } from './support/screens';

test('register → verify with the emailed code → complete information → dashboard in Spanish', async ({ page, request }, info) => {
  const account = newAccount();

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible();
  await page.getByLabel('RFC').fill(account.rfc.toLowerCase());
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña').fill('corta');
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page.getByText('La contraseña es muy corto, quieres ser hackeado?')).toBeVisible();
  await page.getByLabel('Contraseña').fill(account.password);
  await snap(page, info, '01-register');
  await page.getByRole('button', { name: 'Registrarme' }).click();

  await expect(page).toHaveURL(/\/verify-account\?email=/);
  await expect(page.getByRole('heading', { name: /Verifica tu cuenta/ })).toBeVisible();
  const code = await readCode(request, account.email);
  await page.getByRole('textbox').first().click();
  await page.keyboard.type(code);
  await snap(page, info, '02-verify');
  await page.getByRole('button', { name: 'Verificar cuenta' }).click();

  await expect(page).toHaveURL(/\/register\/complete-information$/);
  await expect(page.getByText(account.rfc)).toBeVisible();
  await expect(page.getByText('Persona física')).toBeVisible();
  await page.getByLabel('Nombre o razón social').fill(fiscalData.fullName);
  // Persona física: moral-only regimes are not offered.
  await page.getByRole('combobox', { name: 'Régimen fiscal' }).click();
  await expect(page.getByRole('option', { name: /601 - General de Ley Personas Morales/ })).toHaveCount(0);
  await page.getByRole('option', { name: /^612 - / }).click();
  await selectOption(page, 'Estado', 'Ciudad de México');
  await selectOption(page, 'Municipio', 'Cuauhtémoc');
  await page.getByLabel('Código postal').fill(fiscalData.cp);
  await snap(page, info, '03-complete-information');
  await page.getByRole('button', { name: 'Guardar y continuar' }).click();

  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('heading', { name: `Hola, ${fiscalData.fullName}` })).toBeVisible();
  const nav = page.getByTestId('app-navbar');
  for (const area of ['Tablero', 'Ingresos', 'Gastos', 'Notas de crédito', 'Nómina', 'Retenciones', 'Declaraciones', 'Productos', 'Clientes']) {
    await expect(nav.getByText(area, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByTestId('period-filter')).toBeVisible();
  await snap(page, info, '04-dashboard');

  // An area still being built says so, inside the shell.
  await nav.getByText('Tutoriales', { exact: true }).click();
  await expect(page).toHaveURL(/\/tutorials$/);
  await expect(page.getByRole('heading', { name: 'Tutoriales' })).toBeVisible();
  await expect(page.getByTestId('period-filter')).toHaveCount(0);
});
