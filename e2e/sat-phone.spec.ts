import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { signIn } from './support/account';
import { importZip, receivedZip } from './support/received-zip';
import { satTestAccount, SAT_RFC } from './support/sat-account';
import { expectRowOnFirstScreen, phoneExpect as expect, pickMonth, PHONE_VIEWPORT } from './support/phone';
import { snap } from './support/screens';

// Issue 18 and 25 §9 at phone width on the SAT test account's own incomes (phone.spec.ts has the fresh accounts').
test.use({ viewport: PHONE_VIEWPORT });
test.setTimeout(360_000);

test('at 390 px the incomes list of the SAT test account: folio, customer, total, status and menu per row; the chips filter', async ({ page, request }, info) => {
  // Two invoices the SAT test taxpayer issues to itself in January 2026 (a month no other spec uses): incomes of that account.
  const account = await satTestAccount(request);
  const zip = path.join(tmpdir(), `phone-incomes-${Date.now()}.zip`);
  const [pue, ppd] = receivedZip(zip, SAT_RFC, [
    { name: 'pue.xml', options: { fecha: '2026-01-19T10:00:00', valor: '1500', regimenReceptor: '601' } },
    { name: 'ppd.xml', options: { fecha: '2026-01-20T10:00:00', valor: '2500', regimenReceptor: '601', metodoPago: 'PPD', formaPago: '99' } },
  ]);
  await importZip(request, account.token, zip);
  await signIn(page, request, account, '/incomes');
  await pickMonth(page, '2026', 'Enero');
  const rowPue = page.getByTestId(`income-${pue!.uuid}`);
  const rowPpd = page.getByTestId(`income-${ppd!.uuid}`);
  await expect(page.getByTestId('stat-chips')).toBeInViewport();
  await expect(page.getByTestId('stat-ingresos')).toHaveAttribute('aria-pressed', 'true');
  await expectRowOnFirstScreen(page, rowPpd);
  await expect(rowPpd.getByTestId('row-party')).toContainText('JUANA PEREZ NUNEZ');
  await expect(rowPpd.getByTestId('row-total')).toHaveText('$2,900.00');
  await expect(rowPpd.getByTestId('row-estado')).toHaveText('Vigente');
  await expect(rowPue).toBeVisible();
  await snap(page, info, 'phone-09-incomes');
  await page.getByTestId('stat-nopagados').click();
  await expect(page.getByTestId('stat-nopagados')).toHaveAttribute('aria-pressed', 'true');
  await expect(rowPpd).toBeVisible();
  await expect(rowPue).toHaveCount(0);
  await rowPpd.getByRole('button', { name: /^Acciones/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Ver PDF' })).toBeVisible();
  await snap(page, info, 'phone-10-incomes-menu');
});
