import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fixturePath } from '../packages/cfdi/test/fixtures';
import { fiscalData, readCode, type TestAccount, signIn } from './support/account';
import { snap } from './support/screens';

const CSD_CER = fixturePath('certs/csd/EKU9003173C9.cer');
const CSD_KEY = fixturePath('certs/csd/EKU9003173C9.key');
const FIEL_KEY = fixturePath('certs/fiel/EKU9003173C9.key');

/**
 * The SAT test taxpayer (persona moral). Its RFC is unique per database and the e2e database lives
 * for the whole run, so this is the only e2e test that may register it (sat-invoicing.spec.ts runs after it,
 * alphabetically with one worker, and logs into the same account).
 */
async function createSatTestAccount(request: APIRequestContext): Promise<TestAccount> {
  const account = { rfc: 'EKU9003173C9', email: `eku.${Date.now()}@pruebas.facturo.local`, password: 'Prueba#2026x' };
  expect((await request.post('/api/pre-registro', { data: account })).status()).toBe(201);
  const verified = await request.post('/api/verificar-cuenta', { data: { email: account.email, code: await readCode(request, account.email) } });
  const { access_token } = (await verified.json()) as { access_token: string };
  const done = await request.post('/api/crear-cuenta', {
    data: { ...fiscalData, fullName: 'Escuela Kemper Urgate SA de CV', regimen: '601' }, headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(done.ok(), await done.text()).toBe(true);
  return account;
}

async function pickFiles(page: Page, dialogName: string, cer: string, key: string, password: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  const inputs = dialog.locator('input[type="file"]');
  await inputs.nth(0).setInputFiles(cer);
  await inputs.nth(1).setInputFiles(key);
  await dialog.getByLabel('Contraseña de la llave privada').fill(password);
  await dialog.getByRole('button', { name: 'Validar y guardar' }).click();
  return dialog;
}

test('uploading the SAT test CSD validates live and shows the certificate facts', async ({ page, request }, info) => {
  const account = await createSatTestAccount(request);
  await signIn(page, request, account, '/profile/3');
  await expect(page.getByTestId('summary-csd')).toContainText('Sin registrar');
  await page.getByTestId('open-csd').click();

  // A key that is not the certificate's is refused at once, on the key field, and nothing is stored.
  let dialog = await pickFiles(page, 'Certificado de Sello Digital (CSD)', CSD_CER, FIEL_KEY, '12345678a');
  await expect(dialog.getByText('La llave privada (.key) no corresponde al certificado (.cer)')).toBeVisible();
  await snap(page, info, 'profile-csd-key-mismatch');

  dialog = await pickFiles(page, 'Certificado de Sello Digital (CSD)', CSD_CER, CSD_KEY, '12345678a');
  const bar = dialog.getByTestId('job-progress');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  await expect(bar).toHaveAttribute('data-progress', '100');
  await expect(dialog.getByTestId('credential-serial')).toHaveText('30001000000500003416');
  await expect(dialog.getByTestId('days-to-expiry')).toContainText('días para vencer');
  // Issue 18: the validated certificate is shown and the form is reset (no files, nothing to resend).
  await expect(dialog.getByTestId('credential-validated')).toContainText('30001000000500003416');
  await expect(dialog.getByRole('button', { name: 'Validar y guardar' })).toBeDisabled();
  expect(await dialog.locator('input[type="file"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).files?.length ?? 0))).toEqual([0, 0]);
  await snap(page, info, 'profile-csd-validated');

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('summary-csd')).toContainText('Vigente');
  await expect(page.getByTestId('summary-csd')).toContainText('30001000000500003416');
  await snap(page, info, 'profile-tax-tab');
});
