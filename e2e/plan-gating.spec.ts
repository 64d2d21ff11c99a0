import { expect, test } from '@playwright/test';
import { createAccountViaApi } from './support/account';

/**
 * Issue 25 §6: features 5 and 6 (incomes list and stats) and 7 (outcomes list) are gated in the web too. Both
 * seeded plans include them, so the plan answer is narrowed in the browser as an administrator's plan without
 * them would be: the page shows the locked panel and does not ask the API for the list (the server's 403).
 */
test('a plan without features 5, 6 and 7 sees the locked panels on incomes and outcomes, and no list is asked for', async ({ page, request }) => {
  test.setTimeout(240_000);
  const account = await createAccountViaApi(request);
  await page.route('**/api/user/plan', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: { features: { id: number }[] } };
    body.data.features = body.data.features.filter((f) => ![5, 6, 7].includes(f.id));
    await route.fulfill({ response: res, json: body });
  });
  const listCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(incomes|outcomes)\/(\d+\/\d+|stats)/.test(new URL(r.url()).pathname)) listCalls.push(r.url());
  });
  await page.goto('/login');
  await page.getByLabel('RFC o correo electrónico').fill(account.rfc);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/, { timeout: 60_000 });

  await page.goto('/incomes');
  await expect(page.getByTestId('locked-feature')).toHaveCount(2);
  await expect(page.getByText('Actualiza a premium para desbloquear esta funcionalidad').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/h6-incomes-locked.png' });
  await page.getByTestId('locked-feature').first().click();
  await expect(page.getByText('Ahh... Aún no eres usuario premium.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/outcomes');
  await expect(page.getByTestId('locked-feature')).toHaveCount(1);
  expect(listCalls).toEqual([]);

  // The same account with the plan as it is: the list is there.
  await page.unroute('**/api/user/plan');
  await page.reload();
  await expect(page.getByTestId('locked-feature')).toHaveCount(0);
});
