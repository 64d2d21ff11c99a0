import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { signIn } from './support/account';
import { march2026, rowAction, setRole, UPGRADE } from './support/plan-features';
import { importZip, receivedZip } from './support/received-zip';
import { satTestAccount, SAT_RFC } from './support/sat-account';
import { settle } from './support/screens';

const expect = baseExpect.configure({ timeout: 45_000 });

test('feature 59 (send an issued invoice by e-mail) with the SAT test account: locked while free, the send dialog once premium', async ({ page, request }) => {
  test.setTimeout(240_000);
  const account = await satTestAccount(request);
  // A CFDI the SAT test taxpayer issues to itself counts as issued: an income row to act on.
  const zip = path.join(tmpdir(), `plan-59-${Date.now()}.zip`);
  const [issued] = receivedZip(zip, SAT_RFC, [{ name: 'emitida.xml', options: { fecha: '2026-03-15T10:00:00', valor: '1000', regimenReceptor: '601' } }]);
  await importZip(request, account.token, zip);
  await setRole(request, account.token, 10);
  try {
    await signIn(page, request, account, '/incomes');
    await settle(page);
    await march2026(page);
    await rowAction(page, `income-${issued!.uuid}`, 'Enviar por correo');
    await expect(page.getByText(UPGRADE)).toBeVisible();
    await page.keyboard.press('Escape');

    // Premium now (same session: the plan is read from the server on the next load).
    await setRole(request, account.token, 11);
    await page.reload();
    await settle(page);
    await rowAction(page, `income-${issued!.uuid}`, 'Enviar por correo');
    await expect(page.getByRole('dialog', { name: 'Enviar Facturas' })).toBeVisible();
    await expect(page.getByText(UPGRADE)).toHaveCount(0);
  } finally {
    // Other specs of the run expect the SAT test account premium.
    await setRole(request, account.token, 11);
  }
});
