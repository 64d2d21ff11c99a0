import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { createAccountViaApi, loginViaUi, makePremium } from './support/account';
import { importZip, receivedZip } from './support/received-zip';
import { expectHeaderUsable, expectRowOnFirstScreen, overflowX, phoneExpect as expect, pickMonth, PHONE_VIEWPORT } from './support/phone';
import { snap } from './support/screens';

// Issue 18: every built screen at phone width (390 × 844, an iPhone 12-14): the header keeps the bell, the
// theme switch and the user menu on screen, nothing overflows sideways, and the user can log out. Fresh accounts
// only: the SAT test account's phone screen is sat-phone.spec.ts (its own chain, decision 321).
test.use({ viewport: PHONE_VIEWPORT });
// One test walks 26 screens: give it room on a loaded CI machine (the checks themselves do not time anything).
test.setTimeout(360_000);

/** [menu group (null for a top-level entry), href]. Every entry of the vertical menu (§2.1). */
const MENU: [string | null, string][] = [
  [null, '/dashboard/home'],
  ['Facturación', '/invoicing/add'], ['Facturación', '/invoicing/template'],
  [null, '/incomes'], [null, '/outcomes'],
  ['Cuentas', '/accounts/per-receive'], ['Cuentas', '/accounts/per-pay'],
  ['Notas de crédito', '/credit-notes/emitted'], ['Notas de crédito', '/credit-notes/received'],
  [null, '/payment-reception'],
  ['Nómina', '/payroll/emitted'], ['Nómina', '/payroll/received'], ['Nómina', '/employees'], ['Nómina', '/pre-payroll'], ['Nómina', '/payroll'],
  ['Retenciones', '/retentions/issued'], ['Retenciones', '/retentions/received'],
  [null, '/statements'], [null, '/products'], [null, '/clients'],
  ['Mi cuenta', '/profile'], ['Mi cuenta', '/plans'], ['Mi cuenta', '/payments'], ['Mi cuenta', '/payment-cards'],
  [null, '/tutorials'], [null, '/app/announcement'],
];

test('at 390 px every menu entry opens with the header usable and no sideways overflow; the user logs out', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  await makePremium(request, account);
  await page.goto('/login');
  expect(await overflowX(page)).toBeLessThanOrEqual(0);
  await snap(page, info, 'phone-01-login');
  await loginViaUi(page, account);
  await expectHeaderUsable(page);
  // The month/year filter moves below the header on a phone, still on screen.
  await expect(page.getByTestId('period-filter')).toBeInViewport();
  await snap(page, info, 'phone-02-dashboard');

  const navbar = page.getByTestId('app-navbar');
  const burger = page.getByRole('button', { name: 'Mostrar u ocultar el menú' });
  for (const [group, href] of MENU) {
    await burger.click();
    await expect(navbar).toBeInViewport();
    const link = navbar.locator(`a[href="${href}"]`);
    if (!(await link.isVisible())) await navbar.getByRole('button', { name: group!, exact: true }).first().click();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/\//g, '\\/')}$`));
    await expect(navbar).not.toBeInViewport();
    await expectHeaderUsable(page);
  }
  await snap(page, info, 'phone-03-announcement');

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('at 390 px the customer list and the profile fit the screen; the table scrolls inside its card', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  const login = await request.post('/api/login', { data: { username: account.rfc, password: account.password } });
  const { access_token } = (await login.json()) as { access_token: string };
  const created = await request.post('/api/clients', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: {
      rfc: 'EKU9003173C9', r_social: 'ESCUELA KEMPER URGATE', regimen: '601', email: ['facturas@kemper.example.mx'], uso_cfdi: 'G03',
      domicilio: { cp: '42501', estado: 'HID', municipio: '023' }, pais: 'MEX',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await loginViaUi(page, account);

  await page.goto('/clients');
  const table = page.getByTestId('clients-table');
  await expect(table.getByText('EKU9003173C9 - ESCUELA KEMPER URGATE')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo cliente' })).toBeInViewport({ ratio: 1 });
  await expectHeaderUsable(page);
  // The wide table scrolls inside its container: its row actions are reachable, the page does not move.
  const edit = page.getByRole('button', { name: /^Editar .*ESCUELA KEMPER URGATE/ });
  await edit.scrollIntoViewIfNeeded();
  await expect(edit).toBeInViewport({ ratio: 1 });
  expect(await overflowX(page)).toBeLessThanOrEqual(0);
  await snap(page, info, 'phone-04-clients');

  await page.goto('/profile/3');
  await expect(page.getByLabel('Registro patronal (IMSS)')).toBeVisible();
  await expectHeaderUsable(page);
  await snap(page, info, 'phone-05-profile-tax');
});

test('at 390 px the incomes, outcomes, payments and payroll lists show total, status and the menu on the first screen; the stat cards are filter chips', async ({ page, request }, info) => {
  // Outcomes and Pagos of a fresh premium account: two received CFDIs (paid PUE, open PPD) and two charges (paid, rejected).
  const account = await createAccountViaApi(request);
  const bearer = { Authorization: `Bearer ${await makePremium(request, account)}` };
  const zip = path.join(tmpdir(), `phone-${account.rfc}.zip`);
  const [pue, ppd] = receivedZip(zip, account.rfc, [
    { name: 'pue.xml', options: { fecha: '2026-03-09T10:00:00', valor: '1000' } },
    { name: 'ppd.xml', options: { fecha: '2026-03-11T10:00:00', valor: '2000', metodoPago: 'PPD', formaPago: '99' } },
  ]);
  await importZip(request, bearer.Authorization.slice(7), zip);
  for (const [pm, paquete] of [['pm_card_visa', '10'], ['pm_card_chargeCustomerFail', '50']] as const) {
    expect((await request.post('/api/payments/cards', { headers: bearer, data: { paymentMethod: pm } })).status()).toBe(201);
    await request.post('/api/timbres', { headers: bearer, data: { paquete, paymentMethod: pm } });
  }
  await loginViaUi(page, account);

  // Gastos: no stat cards above the rows, one row of chips; each row shows total, estado and menu at once.
  await page.goto('/outcomes');
  await pickMonth(page, '2026', 'Marzo');
  const chips = page.getByTestId('stat-chips');
  await expect(chips).toBeInViewport();
  await expect(page.getByTestId('stat-ingresos')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('stat-ingresos-count')).toHaveText('2');
  const outPue = page.getByTestId(`outcome-${pue!.uuid}`);
  const outPpd = page.getByTestId(`outcome-${ppd!.uuid}`);
  await expectRowOnFirstScreen(page, outPue);
  await expectRowOnFirstScreen(page, outPpd);
  await expect(outPpd.getByTestId('row-total')).toHaveText('$2,320.00');
  // The chips scroll sideways inside their row (the page does not) and filter like the cards: "No pagadas" leaves the PPD.
  expect(await chips.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await page.getByTestId('stat-nopagados').click();
  await expect(page.getByTestId('stat-nopagados')).toHaveAttribute('aria-pressed', 'true');
  await expect(outPpd).toBeVisible();
  await expect(outPue).toHaveCount(0);
  expect(await overflowX(page)).toBeLessThanOrEqual(0);
  await snap(page, info, 'phone-06-outcomes');
  await page.getByTestId('stat-ingresos').click();
  await expect(outPue).toBeVisible();
  await outPue.getByRole('button', { name: /^Acciones/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Ver PDF' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Pagos: the paid and the rejected charge, each with amount and status; the chips filter the history.
  await page.goto('/payments');
  const payRows = page.getByTestId('payments-table').locator('tbody tr');
  await expect(payRows).toHaveCount(2);
  await expectRowOnFirstScreen(page, payRows.filter({ hasText: 'Paquete de 10 timbres' }));
  await expect(payRows.filter({ hasText: 'Paquete de 50 timbres' }).getByTestId('row-estado')).toHaveText('Rechazado');
  await expect(payRows.filter({ hasText: 'Paquete de 50 timbres' }).getByTestId('row-total')).toBeInViewport({ ratio: 1 });
  await page.getByTestId('stat-rechazados').click();
  await expect(payRows).toHaveCount(1);
  await expect(payRows.first()).toContainText('Paquete de 50 timbres');
  await snap(page, info, 'phone-07-payments');
  await page.getByTestId('stat-pagados').click();
  await expect(payRows).toHaveCount(1);
  await expect(payRows.first()).toContainText('Paquete de 10 timbres');

  // Nómina: the three totals fold into chips; the search and the list follow on the first screen.
  await page.goto('/payroll/emitted');
  await expect(page.getByTestId('payroll-chips')).toBeInViewport();
  await expect(page.getByTestId('stat-total')).toBeInViewport();
  await expect(page.getByTestId('payroll-total-total')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /^Buscar/ })).toBeInViewport();
  expect(await overflowX(page)).toBeLessThanOrEqual(0);
  await snap(page, info, 'phone-08-payroll');
});
