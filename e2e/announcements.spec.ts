import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccountViaApi, loginViaUi, type TestAccount, signIn } from './support/account';
import { snap } from './support/screens';

async function bearer(request: APIRequestContext, account: TestAccount): Promise<string> {
  const login = await request.post('/api/login', { data: { username: account.rfc, password: account.password } });
  return ((await login.json()) as { access_token: string }).access_token;
}

test('an administrator publishes a SAT change; a user sees it unread in the menu, reads it and the badge goes away', async ({ browser, request }, info) => {
  const admin = await createAccountViaApi(request);
  const flags = await request.post('/api/dev/account-flags', { data: { rol: 1 }, headers: { Authorization: `Bearer ${await bearer(request, admin)}` } });
  expect(flags.ok(), await flags.text()).toBe(true);
  const reader = await createAccountViaApi(request);
  const title = `Nueva versión del catálogo c_ClaveProdServ ${Date.now()}`;

  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, request, admin, '/app/announcement');
  await adminPage.getByRole('button', { name: 'Publicar novedad' }).click();
  const drawer = adminPage.getByRole('dialog', { name: 'Publicar novedad' });
  await drawer.getByText('SAT', { exact: true }).click();
  await drawer.getByRole('button', { name: 'Publicar' }).click();
  await expect(drawer.getByText('Escribe el título')).toBeVisible();
  await drawer.getByLabel('Título').fill(title);
  await drawer.getByLabel('Texto').fill('El SAT publicó una nueva versión del catálogo de productos y servicios.');
  await drawer.getByLabel('Enlace (opcional)').fill('javascript:alert(1)');
  await drawer.getByRole('button', { name: 'Publicar' }).click();
  await expect(drawer.getByText('El enlace debe empezar con https://')).toBeVisible();
  await drawer.getByLabel('Enlace (opcional)').fill('/products');
  await drawer.getByRole('button', { name: 'Publicar' }).click();
  await expect(adminPage.getByText('Novedad publicada')).toBeVisible();
  await expect(adminPage.getByTestId('announcement').first()).toContainText(title);

  const unread = (await (await request.get('/api/announcements/unread', { headers: { Authorization: `Bearer ${await bearer(request, reader)}` } })).json()) as { unread: number };
  expect(unread.unread).toBeGreaterThanOrEqual(3);

  const page = await (await browser.newContext()).newPage();
  await loginViaUi(page, reader);
  const navbar = page.getByTestId('app-navbar');
  await expect(navbar.getByLabel(`${unread.unread} sin leer`)).toBeVisible();
  await navbar.getByText('Novedades', { exact: true }).click();
  await expect(page).toHaveURL(/\/app\/announcement$/);
  const newest = page.getByTestId('announcement').first();
  await expect(newest).toContainText(title);
  await expect(newest.getByText('Nueva', { exact: true })).toBeVisible();
  await snap(page, info, 'announcements-01-unread');

  await page.locator('label').filter({ hasText: /^Facturo$/ }).click();
  await expect(page.getByTestId('announcement').filter({ hasText: title })).toHaveCount(0);
  await page.locator('label').filter({ hasText: /^SAT$/ }).click();
  await expect(page.getByTestId('announcement').first()).toContainText(title);

  await newest.getByRole('button', { name: 'Marcar como leída' }).click();
  await expect(navbar.getByLabel(`${unread.unread - 1} sin leer`)).toBeVisible();
  await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await expect(navbar.getByLabel(/sin leer$/)).toHaveCount(0);
  await newest.getByRole('link', { name: 'Ir a la pantalla' }).click();
  await expect(page).toHaveURL(/\/products$/);
});
