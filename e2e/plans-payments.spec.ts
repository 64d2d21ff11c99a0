import { expect, test } from '@playwright/test';
import { createAccountViaApi, loginViaUi, selectOption } from './support/account';
import { liveConnected } from './support/screens';

/**
 * Issue 14 end to end with the local (offline) payments provider: a free account adds pm_card_visa, subscribes
 * and the employees area unlocks; a renewal charged to pm_card_chargeCustomerFail (POST /api/dev/payments/renew,
 * the provider's own signed webhook events) leads to the 402 page; retrying with another card restores it.
 */
test('free → card → Premium → failed renewal → 402 → retry with another card → normal, with charge toasts', async ({ page, request }) => {
  const account = await createAccountViaApi(request);
  await loginViaUi(page, account);

  // Free: the employees area is not in the plan (→ /plans).
  await page.goto('/employees');
  await expect(page).toHaveURL(/\/plans$/);
  // The blocked route opens the §6 upgrade dialog over /plans; we are already where it leads.
  await expect(page.getByText('Ahh... Aún no eres usuario premium.')).toBeVisible();
  await page.getByRole('button', { name: 'Ahora no' }).click();
  const premium = page.getByTestId('plan-card').filter({ hasText: 'Premium' });
  await premium.getByRole('link', { name: 'Agregar tarjeta' }).click();

  // Add pm_card_visa with the test provider's form.
  await expect(page).toHaveURL(/\/payment-cards$/);
  await expect(page.getByText('Proveedor de pruebas')).toBeVisible();
  await selectOption(page, 'Tarjeta de prueba', /Visa •••• 4242/);
  await page.getByRole('button', { name: 'Agregar tarjeta' }).click();
  await expect(page.getByTestId('card-row')).toHaveCount(1);
  await expect(page.getByTestId('card-row')).toContainText('4242');

  // Subscribe monthly from /plans.
  await page.goto('/plans');
  await premium.getByRole('button', { name: 'Contratar Premium mensual' }).click();
  // Issue 25 §9: the amount and the card are confirmed before the charge.
  await expect(page.getByText('Se cargarán $299.00 MXN a la tarjeta terminación 4242.')).toBeVisible();
  await page.getByRole('button', { name: 'Pagar $299.00' }).click();
  await expect(page.getByText('Tu suscripción Premium está activa')).toBeVisible();
  await expect(page.getByText('Recibimos tu pago de $299.00 MXN')).toBeVisible(); // 'frontStEvent' code 200 → success toast
  await expect(premium.getByText('Tu plan actual')).toBeVisible();

  // The employees area unlocks (the Nómina submenu's Empleados no longer lands on /plans).
  await page.goto('/employees');
  await expect(page).toHaveURL(/\/employees$/);
  await expect(page.getByRole('heading', { name: 'Empleados' })).toBeVisible();

  // A renewal whose charge fails (the provider's signed events, no forged ones), once this page hears live events.
  await liveConnected(page);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const renew = await request.post('/api/dev/payments/renew', { data: { paymentMethod: 'pm_card_chargeCustomerFail' }, headers: { Authorization: `Bearer ${token}` } });
  expect(renew.ok(), await renew.text()).toBe(true);
  await expect(page.getByText('No pudimos cobrar tu suscripción. Actualiza tu método de pago.')).toBeVisible(); // warning toast

  // The next request answers 402: the menu hides and the subscription-payment page opens.
  await page.goto('/dashboard/home');
  await expect(page).toHaveURL(/\/suspended-account\/pay-subscription$/);
  await expect(page.getByRole('heading', { name: 'Tu suscripción tiene un pago pendiente' })).toBeVisible();

  // Retry with another card (added right there).
  const retry = page.getByTestId('retry-payment');
  await selectOption(page, 'Tarjeta de prueba', /Mastercard •••• 4444/, retry);
  await retry.getByRole('button', { name: 'Agregar tarjeta' }).click();
  await expect(retry.getByRole('combobox', { name: 'Pagar con' })).toHaveValue(/4444/);
  await retry.getByRole('button', { name: 'Reintentar pago' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByTestId('app-navbar')).toBeVisible();
  await page.goto('/employees');
  await expect(page.getByRole('heading', { name: 'Empleados' })).toBeVisible();

  // History: two paid, the failed renewal flagged in between.
  await page.goto('/payments');
  const rows = page.getByTestId('payments-table').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Pagado');
  await expect(rows.nth(1)).toContainText('Rechazado');
  await expect(page.getByTestId('last-payment-failed')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await rows.nth(0).getByRole('button', { name: 'Descargar' }).click();
  expect((await download).suggestedFilename()).toMatch(/^comprobante-\d+\.html$/);
});
