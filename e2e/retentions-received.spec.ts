import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { createAccountViaApi, makePremium, signIn } from './support/account';
import { pickPeriod, snap, settle } from './support/screens';

const expect = baseExpect.configure({ timeout: 45_000 });

// On a fresh account: beside the SAT-account chain, not in it.
test('import the retention fixture on /retentions/received and see it listed with its stats', async ({ page, request }, info) => {
  test.setTimeout(180_000);
  const account = await createAccountViaApi(request);
  await makePremium(request, account);
  const file = path.join(tmpdir(), `retencion-${account.rfc}.xml`);
  const uuid = execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support', 'received-retention-cli.ts'), file, account.rfc, '2026-10-15T10:00:00'], {
    cwd: path.join(import.meta.dirname, '..'), encoding: 'utf8',
  }).trim();

  await signIn(page, request, account, '/retentions/received');
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Retenciones recibidas' })).toBeVisible();
  await pickPeriod(page, 10, 2026);
  await expect(page.getByTestId('retention-stat-total_retenido')).toContainText('$0.00');

  await page.getByRole('button', { name: 'Importar XML' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar CFDI (XML)' });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(dialog.getByTestId('import-imported')).toHaveText('1');
  await dialog.getByRole('button', { name: 'Listo' }).click();

  await expect(page.getByTestId('retention-stat-total_isr_retenido')).toContainText('$200.00');
  await expect(page.getByTestId('retention-stat-total_iva_retenido')).toContainText('$150.00');
  await expect(page.getByTestId('retention-stat-total_retenido')).toContainText('$350.00');
  await expect(page.getByTestId('retention-stat-total_operacion')).toContainText('$55,578,643.00');
  const row = page.getByTestId(`retention-${uuid}`);
  await expect(row).toContainText('EKU9003173C9 - ESCUELA KEMPER URGATE');
  await expect(row).toContainText('Vigente');
  await expect(row.getByRole('button', { name: `Cancelar la retención ${uuid}` })).toHaveCount(0);
  await snap(page, info, 'retentions-received');
});
