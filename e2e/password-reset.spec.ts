import { expect, test } from '@playwright/test';
import { createAccountViaApi, loginViaUi, readCode } from './support/account';

test('forgot password: code by mail, new password, log in with it', async ({ page, request }) => {
  const account = await createAccountViaApi(request);
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The router pushes the URL before React paints the new screen: until the heading shows, the login form (whose
  // "RFC o correo electrónico" a loose label match would also find) can still be on the page.
  await expect(page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeVisible();
  await page.getByLabel('Correo electrónico', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByRole('heading', { name: 'Restablece tu contraseña' })).toBeVisible();

  // The newest mail is the reset code (the verification one is older).
  const code = await readCode(request, account.email);
  const newPassword = 'Nueva#Clave2027';
  await page.getByLabel('Código').fill(code);
  await page.getByLabel('Nueva contraseña').fill(newPassword);
  await page.getByLabel('Confirma la contraseña').fill('Otra#Clave2027');
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByLabel('Confirma la contraseña').fill(newPassword);
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await loginViaUi(page, { ...account, password: newPassword });
});

test('the v2 forgot-password path serves the same screen', async ({ page }) => {
  await page.goto('/pages/authentication/forgot-password-v2');
  await expect(page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeVisible();
});
