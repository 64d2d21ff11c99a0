import { expect, test } from '@playwright/test';
import { createAccountViaApi, loginViaUi, newAccount, signIn } from './support/account';
import { snap } from './support/screens';

test('wrong password shows the API message on the login form', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  await page.goto('/login');
  await page.getByLabel('RFC o correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña').fill('Equivocada#1');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('El RFC, correo o contraseña son incorrectos');
  await expect(page).toHaveURL(/\/login$/);
  await snap(page, info, '05-wrong-password');
});

test('logout clears the session and guarded pages go back to login', async ({ page, request }) => {
  const account = await createAccountViaApi(request);
  await loginViaUi(page, account);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const left = await page.evaluate(() => ['accessToken', 'userData', 'urgentNotifications', 'lastReviewNotifications'].map((k) => localStorage.getItem(k)));
  expect(left).toEqual([null, null, null, null]);
  await page.goto('/incomes');
  await expect(page).toHaveURL(/\/login$/);
});

test('a logged-in user on /login goes to the dashboard', async ({ page, request }) => {
  const account = await createAccountViaApi(request);
  await signIn(page, request, account, '/login');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
});

test('unknown paths show the 404 page', async ({ page }, info) => {
  await page.goto('/esto/no/existe');
  await expect(page).toHaveURL(/\/error-404$/);
  await expect(page.getByRole('heading', { name: /Página no encontrada/ })).toBeVisible();
  await snap(page, info, '06-not-found');
});

test('hammering login ends in one "Demasiadas solicitudes" toast', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request, newAccount());
  await page.goto('/login');
  await page.getByLabel('RFC o correo electrónico').fill(account.rfc);
  await page.getByLabel('Contraseña').fill('Equivocada#1');
  const toast = page.getByText('Demasiadas solicitudes', { exact: true });
  for (let i = 0; i < 12 && !(await toast.isVisible()); i++) {
    const reply = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await reply;
  }
  await expect(toast).toBeVisible();
  await expect(page.getByText('Has enviando demasiadas solicitudes a nuestros servidores, espera aprox 1 minuto y vuelve a intentar')).toBeVisible();
  // Within the 3 s guard another 429 does not stack a second toast.
  const again = page.waitForResponse((r) => r.url().endsWith('/api/login'));
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  expect((await again).status()).toBe(429);
  await expect(toast).toHaveCount(1);
  await snap(page, info, '07-too-many-requests');
});

test('the local outbox page shows the verification mail of an address', async ({ page, request }, info) => {
  const account = newAccount();
  const pre = await request.post('/api/pre-registro', { data: { rfc: account.rfc, email: account.email, password: account.password } });
  expect(pre.status()).toBe(201);
  await page.goto(`/dev/outbox?to=${encodeURIComponent(account.email)}`);
  await expect(page.getByRole('heading', { name: 'Bandeja de correo local' })).toBeVisible();
  await expect(page.getByTestId('outbox-message').first()).toContainText(/\d{6}/);
  await snap(page, info, '13-dev-outbox');
});
