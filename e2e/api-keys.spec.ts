import { expect, test } from '@playwright/test';
import { createAccountViaApi, loginViaUi, makePremium } from './support/account';
import { snap } from './support/screens';

test('an owner creates an API key in «Llaves de API», copies it, the key reaches the API, and once revoked it gets a 401', async ({ page, request }, info) => {
  const owner = await createAccountViaApi(request);
  await makePremium(request, owner);
  await loginViaUi(page, owner);

  const nav = page.getByTestId('app-navbar');
  if (await nav.getByRole('link', { name: 'Llaves de API' }).count() === 0) await nav.getByRole('button', { name: 'Mi cuenta', exact: true }).click();
  await nav.getByRole('link', { name: 'Llaves de API' }).click();
  await expect(page).toHaveURL(/\/cuenta\/llaves-api$/);
  await expect(page.getByRole('heading', { name: 'Llaves de API' })).toBeVisible();

  await page.getByTestId('api-key-name').fill('Tienda en línea');
  await page.getByRole('button', { name: 'Crear llave' }).click();
  const secret = page.getByTestId('api-key-secret');
  await expect(secret).toHaveText(/^fk_test_[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'Copiar' }).click();
  const key = (await secret.textContent())!.trim();
  const row = page.getByTestId('api-keys-table').getByRole('row', { name: /Tienda en línea/ });
  await expect(row).toContainText(`fk_test_…${key.slice(-4)}`);
  await snap(page, info, 'api-keys-01-created');

  // The key, with no session, acts for the account.
  const auth = { authorization: `Bearer ${key}` };
  const list = await request.get('/api/clients', { headers: auth });
  expect(list.status(), await list.text()).toBe(200);
  expect(list.headers()['x-ratelimit-remaining']).toBeDefined();
  // A key never reaches the account's members or its keys.
  expect((await request.get('/api/api-keys', { headers: auth })).status()).toBe(403);

  await page.reload();
  await expect(row).not.toContainText('Nunca');
  await row.getByRole('button', { name: /Revocar/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revocar' }).click();
  await expect(row).toContainText('Revocada');
  const after = await request.get('/api/clients', { headers: auth });
  expect(after.status()).toBe(401);
  expect((await after.json()).message).toBe('La llave de API no es válida o fue revocada');

  // Webhooks: a loopback URL is refused in Spanish (SSRF guard), naming the field.
  await page.getByTestId('webhook-url').fill('https://127.0.0.1/hook');
  await page.getByRole('button', { name: 'Agregar endpoint' }).click();
  await expect(page.getByText(/dirección privada o local/).first()).toBeVisible();
  await snap(page, info, 'api-keys-02-webhooks');
});
