import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccountViaApi, loginViaUi, makePremium, selectOption } from './support/account';
import { importZip, receivedZip } from './support/received-zip';
import { snap } from './support/screens';

/**
 * Issue 25 §5: the calls that were served with no screen get the screen a user looks for — "Cálculos del año"
 * in Ingresos and Gastos, the régimen's detail where a régimen is chosen (profile, new customer), and the plan
 * descriptions with the provider's price on Planes.
 */

async function pickYear(page: Page, year: string) {
  await page.getByRole('combobox', { name: 'Año' }).click();
  await page.getByRole('option', { name: year, exact: true }).click();
}

test('Cálculos del año in Gastos and Ingresos, the régimen detail beside its select, the plans compared with the provider price', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  const token = await makePremium(request, account);
  // Two received CFDIs in March 2026: $1,160.00 (PUE, paid) and $2,320.00 (PPD, open).
  const zip = path.join(tmpdir(), `year-${account.rfc}.zip`);
  receivedZip(zip, account.rfc, [
    { name: 'pue.xml', options: { fecha: '2026-03-09T10:00:00', valor: '1000' } },
    { name: 'ppd.xml', options: { fecha: '2026-03-11T10:00:00', valor: '2000', metodoPago: 'PPD', formaPago: '99' } },
  ]);
  await importZip(request, token, zip);
  await loginViaUi(page, account);

  // Gastos → Cálculos del año 2026: March holds both, the other months nothing, the year's row the sum.
  await page.goto('/outcomes');
  await pickYear(page, '2026');
  await page.getByRole('tab', { name: 'Cálculos del año' }).click();
  await expect(page).toHaveURL(/\/outcomes\?tab=anual$/);
  const out = page.getByTestId('outcomes-year-stats');
  await expect(out.getByTestId('year-3-ingresos')).toContainText('$3,480.00');
  await expect(out.getByTestId('year-3-ingresos')).toContainText('2');
  await expect(out.getByTestId('year-3-nopagados')).toContainText('$2,320.00');
  await expect(out.getByTestId('year-2-ingresos')).toContainText('$0.00');
  await expect(out.getByTestId('year-total-ingresos')).toContainText('$3,480.00');
  await expect(out.getByTestId('year-bar-3')).toContainText('$3,480.00');
  await expect(out.getByTestId('year-row-total')).toContainText('Total 2026');
  // The open balance (cuentas por pagar) is a month-end figure: it is not summed over the year.
  await expect(out.getByTestId('year-3-cuentaspor')).toContainText('$2,320.00');
  await expect(out.getByTestId('year-total-cuentaspor')).toHaveText('—');
  await snap(page, info, 'year-outcomes');

  // Ingresos → Cálculos del año: the account issued nothing, every month is zero.
  await page.goto('/incomes');
  await page.getByRole('tab', { name: 'Cálculos del año' }).click();
  const inc = page.getByTestId('incomes-year-stats');
  await expect(inc.getByTestId('year-row-12')).toContainText('Diciembre');
  await expect(inc.getByTestId('year-total-ingresos')).toContainText('$0.00');
  await page.getByRole('tab', { name: 'Comprobantes' }).click();
  await expect(page.getByTestId('stat-ingresos')).toBeVisible();

  // The profile's régimen (612 at registration) with its detail; choosing another updates it.
  await page.goto('/profile/3');
  const detail = page.getByTestId('regime-detail');
  await expect(detail).toContainText('612 - Personas Físicas con Actividades Empresariales y Profesionales');
  await expect(detail).toContainText('Personas físicas');
  await expect(detail).not.toContainText('Personas morales');
  await expect(page.getByTestId('regime-usos')).toContainText('G03');
  await snap(page, info, 'regime-profile');

  // A new customer: the detail appears once a régimen is picked.
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Nuevo cliente' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nuevo cliente' });
  await expect(drawer.getByTestId('regime-detail')).toHaveCount(0);
  await selectOption(page, 'Régimen fiscal', /^601 - General de Ley Personas Morales/, drawer);
  await expect(drawer.getByTestId('regime-detail')).toContainText('601 - General de Ley Personas Morales');
  await expect(drawer.getByTestId('regime-detail')).toContainText('Personas morales');
  await snap(page, info, 'regime-client');
  await page.keyboard.press('Escape');

  // Planes: each plan's description and what it includes, and the amount the provider charges for it.
  await page.goto('/plans');
  const compare = page.getByTestId('plan-comparison');
  await expect(compare.getByTestId('plan-desc-2')).toContainText('Todo lo del plan gratuito más nómina');
  await expect(compare.getByTestId('plan-desc-1')).toContainText('Factura, consulta tus ingresos');
  await expect(compare.getByRole('row', { name: /^Declaraciones/ }).getByLabel('Incluido', { exact: true })).toHaveCount(1);
  await expect(compare.getByRole('row', { name: /^Declaraciones/ }).getByLabel('No incluido', { exact: true })).toHaveCount(1);
  await expect(compare.getByTestId('plan-price-2')).toContainText('$299.00 MXN al mes');
  await expect(compare.getByTestId('plan-price-2')).toContainText('$2,990.00 MXN al año');
  await snap(page, info, 'plans-compare');
});
