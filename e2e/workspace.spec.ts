import { expect, test, type Page } from '@playwright/test';
import { createAccountViaApi, loginViaUi, makePremium, newAccount, selectOption, signIn } from './support/account';
import { snap } from './support/screens';
import { bearer, invitationPath } from './support/workspace';
import { Secret, TOTP } from 'otpauth';

/** Opens the menu's «Mi cuenta» group (once) and tells whether it lists Miembros. */
async function menuHasMembers(page: Page): Promise<boolean> {
  const nav = page.getByTestId('app-navbar');
  const group = nav.getByRole('button', { name: 'Mi cuenta', exact: true });
  await expect(nav.getByRole('link', { name: 'Tablero' })).toBeVisible();
  // A capturista has no screen of «Mi cuenta» at all: the group is not offered.
  if (await group.count() === 0) return false;
  if (await nav.getByRole('link', { name: 'Miembros' }).count() === 0) await group.click();
  await expect(nav.getByRole('link', { name: 'Planes' }).or(nav.getByRole('link', { name: 'Actividad' })).first()).toBeVisible();
  return (await nav.getByRole('link', { name: 'Miembros' }).count()) > 0;
}

test('an owner invites an accountant, who accepts, switches between two RFCs, is refused by role, and the owner sees it in the log', async ({ page, browser, request }, info) => {
  const owner = await createAccountViaApi(request);
  await makePremium(request, owner);
  const accountant = await createAccountViaApi(request, newAccount());

  // The owner invites the accountant as capturista from Miembros.
  await loginViaUi(page, owner);
  expect(await menuHasMembers(page)).toBe(true);
  await page.getByTestId('app-navbar').getByRole('link', { name: 'Miembros' }).click();
  await expect(page.getByRole('heading', { name: 'Miembros' })).toBeVisible();
  await page.getByTestId('invite-email').fill(accountant.email);
  await selectOption(page, 'Rol', 'Capturista');
  await page.getByRole('button', { name: 'Invitar' }).click();
  const invitedRow = page.getByTestId(`member-${accountant.email}`);
  await expect(invitedRow.getByText('Invitado')).toBeVisible();
  await snap(page, info, 'workspace-01-members');

  // The accountant, signed in to its own account, opens the link from the e-mail and accepts.
  const link = await invitationPath(page, accountant.email);
  const ctx = await browser.newContext();
  const other = await ctx.newPage();
  await signIn(other, request, accountant, link);
  await expect(other.getByText(`RFC ${owner.rfc}`)).toBeVisible();
  await other.getByTestId('accept-invitation').click();
  await expect(other).toHaveURL(/\/dashboard\/home$/);
  const switcher = other.getByTestId('account-switcher');
  await expect(switcher).toContainText(owner.rfc);

  // As capturista the menu offers no Miembros, and the server refuses a cancellation with the role's message.
  expect(await menuHasMembers(other)).toBe(false);
  const refused = await other.request.post('/api/incomes/cancel', {
    headers: { authorization: await bearer(other) }, data: { uuid: '00000000-0000-4000-8000-000000000000', motivo: '02' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toContain('Tu rol en esta cuenta (Capturista) no permite');

  // One click to its own account and back: the header follows.
  await switcher.click();
  await other.getByTestId(`switch-${accountant.rfc}`).click();
  await expect(other.getByTestId('account-switcher')).toContainText(accountant.rfc);
  await expect(other).toHaveURL(new RegExp(`\\?cuenta=${accountant.rfc}$`));
  await expect.poll(() => menuHasMembers(other)).toBe(true);
  // A link naming the other account switches to it.
  await other.goto(`/clients?cuenta=${owner.rfc}`);
  await expect(other.getByTestId('account-switcher')).toContainText(owner.rfc);
  await other.getByTestId('account-switcher').click();
  await other.getByTestId(`switch-${accountant.rfc}`).click();
  await expect(other.getByTestId('account-switcher')).toContainText(accountant.rfc);
  await other.getByTestId('account-switcher').click();
  await other.getByTestId(`switch-${owner.rfc}`).click();
  await expect(other.getByTestId('account-switcher')).toContainText(owner.rfc);

  // The board: one row per account.
  await other.goto('/despacho');
  await expect(other.getByTestId(`despacho-${owner.rfc}`)).toBeVisible();
  await expect(other.getByTestId(`despacho-${accountant.rfc}`)).toBeVisible();
  await snap(other, info, 'workspace-02-despacho');
  await ctx.close();

  // The owner sees the invitation and the acceptance in the activity log.
  await page.goto('/cuenta/actividad');
  const log = page.getByTestId('activity-table');
  await expect(log.getByText(`Invitó a ${accountant.email} como Capturista`)).toBeVisible();
  await expect(log.getByText('Aceptó la invitación como Capturista')).toBeVisible();
  await expect(log.getByText(accountant.email).first()).toBeVisible();
  await snap(page, info, 'workspace-03-activity');
});

test('two-factor sign-in: enrol with the QR and a first code, then the login asks for a code after the password', async ({ page, browser, request }, info) => {
  const account = await createAccountViaApi(request);
  await loginViaUi(page, account);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Verificación en dos pasos' }).click();
  await page.getByTestId('totp-start').click();
  await expect(page.getByRole('img', { name: 'Código QR para tu app de autenticación' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  await page.getByTestId('totp-code').fill(totp.generate());
  await page.getByRole('button', { name: 'Confirmar y activar' }).click();
  await expect(page.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
  await snap(page, info, 'workspace-04-two-factor');

  const ctx = await browser.newContext();
  const fresh = await ctx.newPage();
  await fresh.goto('/login');
  await fresh.getByLabel('RFC o correo electrónico').fill(account.rfc);
  await fresh.getByLabel('Contraseña').fill(account.password);
  await fresh.getByRole('button', { name: 'Iniciar sesión' }).click();
  const code = fresh.getByLabel('Código de verificación');
  await expect(code).toBeVisible();
  // The activation spent the current code (decision 291: one use per code): the next step's is accepted.
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await fresh.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(fresh).toHaveURL(/\/dashboard\/home$/);

  // Turning it off with a recovery code, back on the security screen.
  const recovery = (await page.getByTestId('recovery-codes').locator('code').first().textContent())!.trim();
  await fresh.goto('/cuenta/seguridad');
  await expect(fresh.getByTestId('totp-on')).toContainText('Te quedan 10 códigos de recuperación');
  await fresh.getByTestId('totp-off-code').fill(recovery);
  await fresh.getByRole('button', { name: 'Desactivar' }).click();
  await expect(fresh.getByText('La verificación en dos pasos se desactivó.')).toBeVisible();
  await expect(fresh.getByTestId('totp-start')).toBeVisible();
  await snap(fresh, info, 'workspace-07-two-factor-off');
  await ctx.close();
});

