import { expect, test, type Page } from '@playwright/test';
import { createAccountViaApi, loginViaUi, makePremium, newAccount, type TestAccount, signIn } from './support/account';
import { randomRfc } from './support/rfc';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { snap } from './support/screens';
import { bearer, invitationPath } from './support/workspace';

// Issue 26's story on the SAT test account (its own chain, decision 321); workspace.spec.ts has the fresh accounts'.

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
    await signIn(ownerPage, request, eku, '/cuenta/actividad');
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
