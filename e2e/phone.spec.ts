import { expect as baseExpect, test, type Page } from '@playwright/test';
import { createAccountViaApi, loginViaUi, makePremium } from './support/account';
import { snap } from './support/screens';

// Issue 18: every built screen at phone width (390 × 844, an iPhone 12-14): the header keeps the bell, the
// theme switch and the user menu on screen, nothing overflows sideways, and the user can log out.
test.use({ viewport: { width: 390, height: 844 } });
// One test walks 26 screens: give it room on a loaded CI machine (the checks themselves do not time anything).
test.setTimeout(360_000);
const expect = baseExpect.configure({ timeout: 45_000 });

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

/** How many CSS pixels the page is wider than the window (0 when nothing overflows sideways). */
const overflowX = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function expectHeaderUsable(page: Page) {
  const header = page.locator('header');
  await expect(header.getByRole('button', { name: 'Notificaciones urgentes' })).toBeInViewport({ ratio: 1 });
  await expect(header.getByRole('button', { name: /^Tema (claro|oscuro)$/ })).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('user-menu')).toBeInViewport({ ratio: 1 });
  await expect.poll(() => overflowX(page)).toBeLessThanOrEqual(0);
}

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
