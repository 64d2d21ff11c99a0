import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccountViaApi, type TestAccount } from './support/account';

async function bearer(request: APIRequestContext, account: TestAccount): Promise<string> {
  const login = await request.post('/api/login', { data: { username: account.rfc, password: account.password } });
  return ((await login.json()) as { access_token: string }).access_token;
}

test('the bell: a notification link navigates inside the app, one is marked read, then all (issue 25 §7)', async ({ page, request }) => {
  test.setTimeout(240_000); // a loaded shared machine: each step is slow, none is timed
  const account = await createAccountViaApi(request);
  const headers = { Authorization: `Bearer ${await bearer(request, account)}` };
  for (const [title, link] of [['Aviso uno', '/outcomes?tab=cancelaciones'], ['Aviso dos', null], ['Aviso tres', null]] as const) {
    const res = await request.post('/api/dev/notificacion', { data: { title, message: `Texto de ${title}`, link }, headers });
    expect(res.status(), await res.text()).toBe(201);
  }
  // The login screen, with a wider wait for the dashboard than loginViaUi's (a loaded shared machine).
  await page.goto('/login');
  await page.getByLabel('RFC o correo electrónico').fill(account.rfc);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/, { timeout: 60_000 });
  const bell = page.getByRole('button', { name: 'Notificaciones urgentes' });
  await bell.click();
  const notes = page.getByTestId('notification');
  await expect(notes).toHaveCount(3);

  // In-app link: the same tab goes to the page, no "estarás saliendo de la app" confirm, no new tab.
  let popups = 0;
  page.context().on('page', () => popups++);
  await notes.filter({ hasText: 'Aviso uno' }).getByRole('link', { name: 'Ver más' }).click();
  await expect(page).toHaveURL(/\/outcomes\?tab=cancelaciones$/);
  await expect(page.getByText(/estarás saliendo de la app/)).toHaveCount(0);
  expect(popups).toBe(0);

  // A fresh page (the menu of the previous one was re-rendered by the navigation), then mark one read.
  await page.reload();
  await bell.click();
  await page.getByRole('button', { name: 'Marcar como leída: Aviso uno' }).click({ timeout: 60_000 });
  await expect(notes).toHaveCount(2);
  // It stays read after a reload: the server no longer lists it.
  const after = (await (await request.get('/api/notificaciones/urgentes', { headers })).json()) as { data: { title: string }[] };
  expect(after.data.map((n) => n.title).sort()).toEqual(['Aviso dos', 'Aviso tres']);

  await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await expect(page.getByText('No tienes notificaciones urgentes')).toBeVisible();
  const none = (await (await request.get('/api/notificaciones/urgentes', { headers })).json()) as { data: unknown[] };
  expect(none.data).toEqual([]);
  await page.reload();
  await bell.click();
  await expect(page.getByText('No tienes notificaciones urgentes')).toBeVisible();
  await page.screenshot({ path: '/tmp/h6-bell.png' });
});
