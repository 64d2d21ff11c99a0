import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { createAccountViaApi, makePremium, signIn } from './support/account';
import { importZip } from './support/received-zip';
import { snap, settle } from './support/screens';

const expect = baseExpect.configure({ timeout: 45_000 });

test('compute a statement and open its PDF; generate a DIOT, download it, pay a received CFDI and see the diff', async ({ page, request }, info) => {
  test.setTimeout(300_000);
  const account = await createAccountViaApi(request);
  const token = await makePremium(request, account);
  const first = path.join(tmpdir(), `dec-1-${account.rfc}.zip`);
  const second = path.join(tmpdir(), `dec-2-${account.rfc}.zip`);
  execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support', 'statements-zip-cli.ts'), first, second, account.rfc], {
    cwd: path.join(import.meta.dirname, '..'), encoding: 'utf8',
  });
  await importZip(request, token, first);

  await signIn(page, request, account, '/statements');
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Declaraciones' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Año' }).click();
  await page.getByRole('option', { name: '2026', exact: true }).click();
  await page.getByRole('combobox', { name: 'Mes' }).click();
  await page.getByRole('option', { name: 'Marzo', exact: true }).click();

  // Tab 0: March 2026 for a 612 persona física with only expenses: ISR 0, IVA saldo a favor 320 (2,000 × 16 %).
  await page.getByTestId('statement-start').click();
  const detail = page.getByTestId('statement-detail');
  await expect(detail).toContainText('Declaración Marzo 2026');
  await expect(detail).toContainText('ISR pago provisional (612');
  await expect(detail).toContainText('Saldo a favor para el mes siguiente: $320.00');
  await expect(page.getByTestId('statement-2026-3')).toBeVisible();
  await snap(page, info, 'statement-march');
  const popup = page.waitForEvent('popup');
  await page.getByTestId('statement-pdf').click();
  const pdf = await popup;
  expect(pdf.url()).toMatch(/^blob:/);
  await pdf.close();

  // Tab 1: settings.
  await page.getByRole('tab', { name: 'Configuración' }).click();
  await expect(page.getByTestId('statement-settings')).toBeVisible();
  await page.getByTestId('settings-automatic').click();
  await page.getByTestId('settings-save').click();
  await expect(page.getByText('Configuración guardada')).toBeVisible();

  // DIOT: the PUE only (the PPD is not paid yet).
  await page.getByRole('tab', { name: 'DIOT' }).click();
  await page.getByTestId('diot-generate').click();
  const result = page.getByTestId('diot-result');
  await expect(result).toContainText('EKU9003173C9');
  await expect(result.getByTestId('diot-rows')).toContainText('$2,000.00');
  const download = page.waitForEvent('download');
  await result.getByTestId('diot-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^DIOT_${account.rfc}_202603_\\d+\\.txt$`));
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text).toBe('04|85|EKU9003173C9|||||||||2000||||||||||320||||||||||||||||||||||||||||||||01\r\n');
  await snap(page, info, 'diot-first');

  // Sent to SAT, waiting for its acuse: §4 status 1 "En proceso".
  const firstRow = page.getByTestId('diot-history').locator('tbody tr').first();
  await firstRow.getByRole('button', { name: 'Marcar como enviada' }).click();
  await expect(firstRow).toContainText('En proceso');
  // The supplier's tipo de operación is kept in the DIOT catalog: 06 (uso o goce temporal, arrendamiento).
  const suppliers = page.getByTestId('diot-suppliers-table');
  await expect(suppliers).toContainText('$2,000.00');
  await suppliers.getByLabel(/^Tipo de operación de /).selectOption('06');
  await expect(page.getByText('EKU9003173C9: guardado para la DIOT')).toBeVisible();
  await expect(suppliers).toContainText('Guardado');
  await snap(page, info, 'diot-suppliers');

  // The supplier's PPD gets paid (half) in March: the new DIOT shows the change against the previous one.
  await importZip(request, token, second);
  await page.getByTestId('diot-generate').click();
  const diff = page.getByTestId('diot-diff');
  await expect(diff).toContainText('Cambios contra la DIOT presentada folio');
  await expect(diff).toContainText('modificado');
  await expect(diff).toContainText('Tipo de operación: 85 → 06');
  await expect(diff).toContainText('Base 16 %: $2,000.00 → $2,500.00');
  await expect(diff).toContainText('IVA acreditable 16 %: $320.00 → $400.00');
  await expect(page.getByTestId('diot-history').locator('tbody tr')).toHaveCount(2);
  await snap(page, info, 'diot-diff');
});
