import { expect, test, type Page } from '@playwright/test';
import { createAccountViaApi, loginViaUi, signIn } from './support/account';
import { snap } from './support/screens';

/**
 * Clicks Ingresos unless the app already left the shell: after an account flag changes, the dashboard's
 * periodic refresh may get the 402/451 first and redirect before the click lands (both are correct).
 */
async function openIncomesFromMenu(page: Page): Promise<void> {
  const item = page.getByTestId('app-navbar').getByText('Ingresos', { exact: true });
  if (await item.isVisible()) await item.click({ timeout: 10_000 }).catch(() => undefined);
}

test('402 hides the menu and sends the user to pay the subscription', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  await loginViaUi(page, account);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const flags = (body: object) => request.post('/api/dev/account-flags', { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect((await flags({ unpaid: true })).ok()).toBe(true);

  // The next API answer is a 402: the click's or the dashboard's own refresh, whichever comes first.
  await openIncomesFromMenu(page);
  await expect(page).toHaveURL(/\/suspended-account\/pay-subscription$/);
  await expect(page.getByRole('heading', { name: 'Tu suscripción tiene un pago pendiente' })).toBeVisible();
  await snap(page, info, '08-pay-subscription');

  // Paid again: the next successful response shows the menu again.
  expect((await flags({ unpaid: false })).ok()).toBe(true);
  await page.getByRole('link', { name: 'Ver planes' }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByTestId('plan-card').first()).toBeVisible();
  await expect(page.getByTestId('app-navbar')).toBeVisible();
  await snap(page, info, '09-plans');
});

test('451 sends a suspended account to the suspended page', async ({ page, request }) => {
  const account = await createAccountViaApi(request);
  await loginViaUi(page, account);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await request.post('/api/dev/account-flags', { data: { suspended: true }, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  await openIncomesFromMenu(page);
  await expect(page).toHaveURL(/\/suspended-account$/);
  await expect(page.getByRole('heading', { name: 'Tu cuenta está suspendida' })).toBeVisible();
});

test('a free plan cannot open premium product routes (→ /plans)', async ({ page, request }) => {
  const account = await createAccountViaApi(request);
  await signIn(page, request, account, '/payroll/emitted');
  await expect(page).toHaveURL(/\/plans$/);
});
