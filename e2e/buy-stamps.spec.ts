import { expect, test } from '@playwright/test';
import { createAccountViaApi, loginViaUi, selectOption } from './support/account';

/**
 * Issue 25 §2 with the local (offline) payments provider: the low-stamps warning and the stamp badge lead to
 * «Comprar timbres»; a package is bought with the provider's test card after a confirmation naming the amount
 * and the card; the receipt is in Pagos and the balance rises. A card whose charges fail shows the declined
 * message and a rejected row in Pagos, and the balance does not move. Issue 25 §3: the test-mode banner.
 */
test('low stamps → Comprar timbres → confirm $50.00 on 4242 → receipt and new balance; a declined card → message and rejected row', async ({ page, request }) => {
  const account = await createAccountViaApi(request);
  const login = await request.post('/api/login', { data: { username: account.rfc, password: account.password } });
  const { access_token } = (await login.json()) as { access_token: string };
  // Premium (invoicing screen) with 3 stamps left.
  const flags = await request.post('/api/dev/account-flags', { data: { rol: 11, timbres: 3 }, headers: { Authorization: `Bearer ${access_token}` } });
  expect(flags.ok(), await flags.text()).toBe(true);
  await loginViaUi(page, account);

  // The invoicing screen warns at 5 or fewer, and the badge links to the purchase screen.
  await page.goto('/invoicing/add');
  await expect(page.getByTestId('low-stamps')).toContainText('Te quedan 3 timbres');
  await expect(page.getByTestId('low-stamps').getByRole('link', { name: 'Comprar timbres' })).toHaveAttribute('href', '/buy-stamps');
  await page.getByTestId('stamp-balance').click();
  await expect(page).toHaveURL(/\/buy-stamps$/);
  await expect(page.getByRole('heading', { name: 'Comprar timbres' })).toBeVisible();
  await expect(page.getByTestId('buy-stamps-balance')).toContainText('Tienes 3 timbres disponibles');
  // Packages with the catalog's prices.
  await expect(page.getByTestId('paquete-10')).toContainText('$50.00');
  await expect(page.getByTestId('paquete-500')).toContainText('$1,750.00');

  // A new card with the test provider's form (Visa 4242), then the 10-stamp package.
  await selectOption(page, 'Tarjeta de prueba', /Visa •••• 4242/);
  await page.getByRole('button', { name: 'Agregar tarjeta' }).click();
  await expect(page.getByRole('combobox', { name: 'Tarjeta guardada' })).toHaveValue(/4242/);
  await page.getByTestId('paquete-10').click();
  await page.getByTestId('buy-stamps-submit').click();
  // Nothing is charged before the confirmation naming the amount and the card.
  await expect(page.getByText('Se cargarán $50.00 MXN a la tarjeta terminación 4242. Por el paquete de 10 timbres.')).toBeVisible();
  await page.screenshot({ path: '/tmp/h5-buy-stamps-confirm.png' });
  await page.getByRole('button', { name: 'Pagar $50.00' }).click();
  await expect(page.getByTestId('buy-stamps-done')).toContainText('Se agregaron 10 timbres a tu saldo');
  await expect(page.getByTestId('buy-stamps-done')).toContainText('Saldo actual: 13 timbres');
  await expect(page.getByTestId('buy-stamps-balance')).toContainText('Tienes 13 timbres disponibles');

  // A card whose charges fail: the declined message, the balance unchanged.
  await selectOption(page, 'Tarjeta de prueba', /Visa •••• 0341/);
  await page.getByRole('button', { name: 'Agregar tarjeta' }).click();
  await expect(page.getByRole('combobox', { name: 'Tarjeta guardada' })).toHaveValue(/0341/);
  await page.getByTestId('paquete-50').click();
  await page.getByTestId('buy-stamps-submit').click();
  await expect(page.getByText('Se cargarán $225.00 MXN a la tarjeta terminación 0341. Por el paquete de 50 timbres.')).toBeVisible();
  await page.getByRole('button', { name: 'Pagar $225.00' }).click();
  await expect(page.getByTestId('buy-stamps-error')).toContainText('La tarjeta fue rechazada por el banco');
  await expect(page.getByTestId('buy-stamps-error')).toContainText('Tu saldo de timbres no cambió');
  await expect(page.getByTestId('buy-stamps-balance')).toContainText('Tienes 13 timbres disponibles');
  await page.screenshot({ path: '/tmp/h5-buy-stamps.png', fullPage: true });

  // Pagos: the rejected charge (no receipt) above the paid package (receipt).
  await page.goto('/payments');
  const rows = page.getByTestId('payments-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Paquete de 50 timbres');
  await expect(rows.nth(0)).toContainText('Rechazado');
  await expect(rows.nth(0).getByRole('button', { name: 'Descargar' })).toHaveCount(0);
  await expect(rows.nth(1)).toContainText('Paquete de 10 timbres');
  await expect(rows.nth(1)).toContainText('$50.00');
  await expect(rows.nth(1)).toContainText('Pagado');
  const download = page.waitForEvent('download');
  await rows.nth(1).getByRole('button', { name: 'Descargar' }).click();
  expect((await download).suggestedFilename()).toMatch(/^comprobante-\d+\.html$/);
  await page.screenshot({ path: '/tmp/h5-payments.png', fullPage: true });

  // With no stamps the disabled «Timbrar factura» says why and links to the purchase screen.
  const empty = await request.post('/api/dev/account-flags', { data: { timbres: 0 }, headers: { Authorization: `Bearer ${access_token}` } });
  expect(empty.ok(), await empty.text()).toBe(true);
  await page.goto('/invoicing/add');
  await expect(page.getByRole('button', { name: 'Timbrar factura' })).toBeDisabled();
  await expect(page.getByTestId('stamp-disabled-reason')).toContainText('no tienes timbres disponibles');
  await expect(page.getByTestId('no-stamps').getByRole('link', { name: 'Comprar timbres' })).toHaveAttribute('href', '/buy-stamps');
});

test('production on a test provider: the banner is on every screen, signed in or not (issue 25 §3)', async ({ page, request }) => {
  // The e2e server runs NODE_ENV=test (no banner); the answer a production server with both test providers gives.
  await page.route('**/api/modo-pruebas', (route) => route.fulfill({
    json: { banner: 'Modo de pruebas: los pagos no se cobran / los timbres no tienen validez fiscal', payments: 'local', pac: 'sandbox' },
  }));
  await page.goto('/login');
  await expect(page.getByTestId('test-mode-banner')).toHaveText('Modo de pruebas: los pagos no se cobran / los timbres no tienen validez fiscal');
  const account = await createAccountViaApi(request);
  await loginViaUi(page, account);
  await expect(page.getByTestId('test-mode-banner')).toBeVisible();
  await page.goto('/payments');
  await expect(page.getByTestId('test-mode-banner')).toBeVisible();
  // The real answer of this (NODE_ENV=test) server: no banner.
  const real = await (await request.get('/api/modo-pruebas')).json();
  expect(real).toEqual({ banner: null, payments: 'local', pac: 'sandbox' });
});

test('OXXO: a voucher with reference, amount, expiry and barcode, nothing credited until the store payment; Pagos opens the provider pay link and portal (issue 25 §4)', async ({ page, request }) => {
  const account = await createAccountViaApi(request);
  const login = await request.post('/api/login', { data: { username: account.rfc, password: account.password } });
  const { access_token } = (await login.json()) as { access_token: string };
  const flags = await request.post('/api/dev/account-flags', { data: { rol: 11, timbres: 3 }, headers: { Authorization: `Bearer ${access_token}` } });
  expect(flags.ok(), await flags.text()).toBe(true);
  const bearer = { Authorization: `Bearer ${((await flags.json()) as { access_token: string }).access_token}` };
  await loginViaUi(page, account);

  // No card needed: the 10-stamp package as a cash voucher, after a confirmation naming the amount.
  await page.goto('/buy-stamps');
  await page.getByTestId('paquete-10').click();
  await page.getByTestId('oxxo-generate').click();
  await expect(page.getByText('Generaremos una ficha por $50.00 MXN para pagar en efectivo en OXXO')).toBeVisible();
  await page.getByRole('button', { name: 'Generar ficha', exact: true }).click();
  const voucher = page.getByTestId('oxxo-voucher');
  await expect(voucher).toContainText('Ficha de pago en OXXO · 10 timbres');
  await expect(page.getByTestId('oxxo-reference')).toHaveText(/^\d{4} \d{4} \d{4} \d{2}$/);
  await expect(page.getByTestId('oxxo-amount')).toHaveText('$50.00 MXN');
  await expect(page.getByTestId('oxxo-expires')).toContainText('Paga antes del');
  // The barcode: Code 128 C of the 14 digits = start, 7 pairs, checksum (3 bars each) and the stop (4 bars).
  await expect(page.getByTestId('oxxo-barcode').locator('rect')).toHaveCount(3 * 9 + 4);
  const pi = (await voucher.getAttribute('data-payment-intent'))!;
  expect(pi).toMatch(/^pi_/);
  await expect(page.getByTestId('oxxo-hosted')).toHaveAttribute('href', new RegExp(`/api/payments/local/${pi}$`));
  await page.screenshot({ path: '/tmp/i25-oxxo-voucher.png', fullPage: true });
  // The provider's own voucher page shows the same reference.
  const reference = (await page.getByTestId('oxxo-reference').textContent())!.replace(/ /g, '');
  const hosted = await request.get(`/api/payments/local/${pi}`);
  expect(await hosted.text()).toContain(reference);
  // Generating the voucher credits nothing.
  expect(((await (await request.get('/api/timbres', { headers: bearer })).json()) as { balance: number }).balance).toBe(3);

  // Paid at the store (the local provider's clock): its webhook credits the package once; the receipt is in Pagos.
  const paid = await request.post(`/api/dev/payments/oxxo/${pi}/pay`, { headers: bearer });
  expect(paid.ok(), await paid.text()).toBe(true);
  await expect.poll(async () => ((await (await request.get('/api/timbres', { headers: bearer })).json()) as { balance: number }).balance).toBe(13);
  await page.goto('/payments');
  const row = page.getByTestId('payments-table').locator('tbody tr').filter({ hasText: 'Paquete de 10 timbres' });
  await expect(row).toContainText('Pagado');
  await expect(row).toContainText('$50.00');

  // The monthly pay link and the provider portal: the URLs the API returns, opened after the leave-the-app confirm.
  for (const [button, heading] of [['Liga de pago mensual', 'Pago de la mensualidad'], ['Portal del proveedor de pagos', 'Portal de pagos']] as const) {
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByText('estarás saliendo de la app')).toBeVisible();
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Abrir enlace' }).click();
    const tab = await popup;
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/\/api\/payments\/local\/[A-Za-z0-9_]+$/);
    await expect(tab.getByRole('heading', { name: heading })).toBeVisible();
    await expect(tab.getByText('Proveedor de pagos de pruebas: no se cobra dinero real.')).toBeVisible();
    await tab.close();
  }
});
