import { expect, test, type Page } from '@playwright/test';
import { createAccountViaApi, loginViaUi, makePremium, newAccount, selectOption, type TestAccount } from './support/account';
import { randomRfc } from './support/rfc';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { snap } from './support/screens';
import { Secret, TOTP } from 'otpauth';

/** The path of the newest invitation link mailed to `email` (local outbox). */
async function invitationPath(page: Page, email: string): Promise<string> {
  let path: string | undefined;
  await expect.poll(async () => {
    const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const body = (await res.json()) as { data: { text: string }[] };
    path = /(\/invitacion\/\S+)/.exec(body.data[0]?.text ?? '')?.[1];
    return path;
  }).toBeTruthy();
  return path!;
}

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

const bearer = (page: Page) => page.evaluate(() => `Bearer ${localStorage.getItem('accessToken')}`);

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
  await loginViaUi(other, accountant);
  await other.goto(link);
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

/** A bearer token of `account` (API login). */
async function apiToken(page: Page, account: TestAccount): Promise<string> {
  const login = await page.request.post('/api/login', { data: { username: account.rfc, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { access_token: string }).access_token;
}

/** `owner` invites `person` with `rol`; `person` accepts from the mailed link (signed in through the API). */
async function join(page: Page, ownerToken: string, person: TestAccount, personToken: string, rol: string): Promise<void> {
  const invited = await page.request.post('/api/cuenta/miembros', { headers: { authorization: `Bearer ${ownerToken}` }, data: { email: person.email, rol } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = (await invitationPath(page, person.email)).split('/').pop()!;
  const accepted = await page.request.post(`/api/invitaciones/${token}/aceptar`, { headers: { authorization: `Bearer ${personToken}` } });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

async function searchPick(page: Page, label: string, text: string, option: RegExp): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Issue 26's story with the one RFC that has a test CSD: the accountant is a contador in EKU and a capturista in
 * a second RFC. It stamps in EKU through the UI (where, as contador, it is offered the cancellation), switches
 * to the other RFC in one click, and there, as capturista, the cancellation is refused with the role's message;
 * the EKU owner sees the stamp and the membership in the activity log. The membership is removed at the end,
 * so EKU is left as found (its new invoice is this spec's own data).
 */
test('the accountant stamps in the SAT test RFC as contador, is refused the cancellation as capturista in the other RFC, and the owner sees it in the log', async ({ page, browser, request }, info) => {
  test.setTimeout(420_000);
  const slow = expect.configure({ timeout: 45_000 });
  const eku = await satTestAccount(request);
  await uploadSatCsd(request, eku.token);
  const owner = await createAccountViaApi(request);
  const ownerToken = await makePremium(request, owner);
  const accountant = await createAccountViaApi(request, newAccount());
  const accountantToken = await apiToken(page, accountant);
  const ekuHeaders = { authorization: `Bearer ${eku.token}` };
  await join(page, eku.token, accountant, accountantToken, 'contador');
  try {
    await join(page, ownerToken, accountant, accountantToken, 'capturista');
    const customerRfc = randomRfc();
    const created = await request.post('/api/clients', {
      headers: ekuHeaders, data: { rfc: customerRfc, r_social: 'CLIENTE DEL DESPACHO', regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '44100' } },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The accountant signs in and switches to EKU from the header.
    await loginViaUi(page, accountant);
    await page.getByTestId('account-switcher').click();
    await page.getByTestId(`switch-${eku.rfc}`).click();
    await slow(page.getByTestId('account-switcher')).toContainText(eku.rfc);

    // Stamps a one-concept invoice through the form.
    await page.goto('/invoicing/add');
    await slow(page.getByRole('heading', { name: 'Nueva factura' })).toBeVisible();
    await searchPick(page, 'Cliente', customerRfc, new RegExp(customerRfc));
    await slow(page.getByRole('combobox', { name: 'Uso del CFDI' })).toHaveValue(/^G03 - /);
    await searchPick(page, 'Forma de pago', '03', /^03 - /);
    const card = page.getByTestId('concept-0');
    const pick = async (label: string, text: string) => {
      const box = card.getByRole('combobox', { name: label, exact: true });
      await box.click();
      await box.fill(text);
      await page.getByRole('option', { name: new RegExp(`^${text} - `) }).first().click();
    };
    await pick('Clave de producto o servicio', '84111506');
    await pick('Clave de unidad', 'E48');
    await card.getByLabel('Descripción', { exact: true }).fill('Servicio contable del despacho');
    await card.getByLabel('Cantidad', { exact: true }).fill('1');
    await card.getByLabel('Valor unitario', { exact: true }).fill('1000.00');
    await slow(page.getByTestId('total-total')).toHaveText('$1,160.00');
    await page.getByRole('button', { name: 'Timbrar factura' }).click();
    await slow(page.getByTestId('stamp-success')).toBeVisible();
    const uuid = (await page.getByTestId('stamped-uuid').innerText()).trim();

    // In EKU's list, a contador's menu offers «Cancelar factura» (not used here).
    await page.goto('/incomes');
    const row = page.getByTestId(`income-${uuid}`);
    await slow(row).toBeVisible();
    await row.getByRole('button', { name: /^Acciones de / }).click();
    await slow(page.getByRole('menuitem', { name: 'Descargar XML' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Cancelar factura' })).toBeVisible();
    await snap(page, info, 'workspace-05-contador-menu');
    await page.keyboard.press('Escape');

    // One click to the other RFC, where it is a capturista: the server refuses a cancellation with the role's message.
    await page.getByTestId('account-switcher').click();
    await page.getByTestId(`switch-${owner.rfc}`).click();
    await slow(page.getByTestId('account-switcher')).toContainText(owner.rfc);
    // A capturista has no screen of «Mi cuenta»: the menu follows the new account's role.
    await expect(page.getByTestId('app-navbar').getByRole('button', { name: 'Mi cuenta', exact: true })).toHaveCount(0);
    const refused = await page.request.post('/api/incomes/cancel', { headers: { authorization: await bearer(page) }, data: { pIdPago: uuid, option: '02' } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('Tu rol en esta cuenta (Capturista) no permite esta acción; se necesita Contador');

    // The EKU owner sees who stamped, and the membership, in the activity log.
    const ctx = await browser.newContext();
    const ownerPage = await ctx.newPage();
    await loginViaUi(ownerPage, eku);
    await ownerPage.goto('/cuenta/actividad');
    const log = ownerPage.getByTestId('activity-table');
    await slow(log.getByRole('row').filter({ hasText: 'Timbró un CFDI' }).filter({ hasText: accountant.email }).first()).toBeVisible();
    await expect(log.getByText('Aceptó la invitación como Contador').first()).toBeVisible();
    await snap(ownerPage, info, 'workspace-06-eku-activity');
    await ctx.close();
  } finally {
    // Leave EKU as found: the accountant is no longer its member.
    const members = (await (await request.get('/api/cuenta/miembros', { headers: ekuHeaders })).json()) as { id: number; email: string; estado: string }[];
    for (const m of members.filter((x) => x.email === accountant.email)) {
      const path = m.estado === 'activo' ? `/api/cuenta/miembros/${m.id}` : `/api/cuenta/invitaciones/${m.id}`;
      expect((await request.delete(path, { headers: ekuHeaders })).ok()).toBe(true);
    }
  }
});
