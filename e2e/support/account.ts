import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { LoginResponse } from '@facturo/contract';
import { sessionEntries } from '../../apps/web/src/shared/session/session-entries';
import { randomRfc } from './rfc';

export interface TestAccount {
  rfc: string;
  email: string;
  password: string;
}

/** A fresh, unique account identity. */
export function newAccount(): TestAccount {
  const rfc = randomRfc();
  return { rfc, email: `${rfc.toLowerCase()}.${Date.now()}@pruebas.facturo.local`, password: 'Prueba#2026x' };
}

/** Reads the newest 6-digit code mailed to `email` from the local outbox. */
export async function readCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      if (!res.ok()) return undefined;
      const body = (await res.json()) as { data: { text: string }[] };
      code = body.data[0]?.text.match(/\b(\d{6})\b/)?.[1];
      return code;
    }, { timeout: 15_000 })
    .toBeTruthy();
  return code!;
}

/** Fiscal data that passes the SAT postal-code checks (CP 06000 is Cuauhtémoc, CDMX). */
export const fiscalData = { fullName: 'Persona de Pruebas E2E', regimen: '612', cp: '06000', estado: 'CMX', municipio: '015', timeZone: 'America/Mexico_City' };

/** Creates a complete account through the API (fast path for tests not about registration). */
export async function createAccountViaApi(request: APIRequestContext, account = newAccount()): Promise<TestAccount> {
  const pre = await request.post('/api/pre-registro', { data: { rfc: account.rfc, email: account.email, password: account.password } });
  expect(pre.status(), await pre.text()).toBe(201);
  const code = await readCode(request, account.email);
  const verified = await request.post('/api/verificar-cuenta', { data: { email: account.email, code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const { access_token } = (await verified.json()) as { access_token: string };
  const done = await request.post('/api/crear-cuenta', { data: fiscalData, headers: { Authorization: `Bearer ${access_token}` } });
  expect(done.ok(), await done.text()).toBe(true);
  return account;
}

/** Logs in through the login screen and waits for the dashboard. */
export async function loginViaUi(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('RFC o correo electrónico').fill(account.rfc);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
}

/**
 * Opens `path` signed in, for tests where the login screen is not what they check: logs in through the
 * API and gives the page exactly what a login stores (session-entries.ts) before its first script runs.
 * Saves the login form and the dashboard a test would otherwise load only to leave it.
 */
export async function signIn(page: Page, request: APIRequestContext, account: TestAccount, path = '/dashboard/home'): Promise<void> {
  const login = await request.post('/api/login', { data: { username: account.rfc, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const entries = sessionEntries((await login.json()) as LoginResponse);
  // Once per tab (sessionStorage survives this tab's navigations): a later logout in the test must stay
  // logged out on the next page load.
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem('e2e:signed-in')) return;
    sessionStorage.setItem('e2e:signed-in', '1');
    for (const [key, value] of stored) localStorage.setItem(key, value);
  }, entries);
  await page.goto(path);
}

/**
 * Picks an option of a Mantine Select by its exact label and option text. Mantine 9 renders the
 * input as role=combobox; its options live in a portal, so they are looked up on the page even
 * when `scope` (a drawer, a card) narrows the field.
 */
export async function selectOption(page: Page, label: string, option: string | RegExp, scope: Page | Locator = page): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Turns an account premium (role 11: plan with product 10, employees) through the test-only endpoint; returns the new token. */
export async function makePremium(request: APIRequestContext, account: TestAccount): Promise<string> {
  const login = await request.post('/api/login', { data: { username: account.rfc, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const { access_token } = (await login.json()) as { access_token: string };
  const flags = await request.post('/api/dev/account-flags', { data: { rol: 11 }, headers: { Authorization: `Bearer ${access_token}` } });
  expect(flags.ok(), await flags.text()).toBe(true);
  return ((await flags.json()) as { access_token: string }).access_token;
}
