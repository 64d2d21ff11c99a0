import { expect, test } from '@playwright/test';
import { createAccountViaApi, loginViaUi } from './support/account';
import { snap } from './support/screens';

test('a free plan sees its three dashboard cards (taxes "Estimado" with ¿Cómo se calculó?); the rest is locked, the non-IVA expenses masked, and each locked part opens the upgrade dialog', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  await loginViaUi(page, account);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  const figures = page.getByTestId('dashboard-figures');
  // Features 62-64 of the free plan: incomes, expenses and taxes, with their figures.
  await expect(figures.getByTestId('figure-ingresosmes')).toHaveText('$0.00');
  await expect(figures.getByTestId('figure-gastosmes')).toHaveText('$0.00');
  await expect(figures.getByTestId('figure-isrmes')).toBeVisible();
  // 65-67 and the charts 68-70 are locked: six panels, none of their figures on the page.
  await expect(figures.getByTestId('locked-feature')).toHaveCount(6);
  await expect(figures.getByTestId('figure-porcobrar')).toHaveCount(0);
  await expect(figures.getByTestId('chart-year')).toHaveCount(0);
  // Without a paid plan the non-IVA expenses are masked with the prompt (spec §6).
  await expect(figures.getByTestId('masked-montonoiva')).toContainText('Suscríbete para verlo');
  await snap(page, info, 'dashboard-free');
  await figures.getByTestId('masked-montonoiva').click();
  await expect(page.getByText('Ahh... Aún no eres usuario premium.')).toBeVisible();
  await page.keyboard.press('Escape');
  await figures.getByTestId('locked-feature').first().click();
  await expect(page.getByRole('button', { name: 'Quiero ser Premium' })).toBeVisible();
  await page.keyboard.press('Escape');
  // Issue 24 §8: the taxes card is the month's declaration computed now, "Estimado" until filed, explained by its detail.
  const taxes = figures.getByTestId('dashboard-card-impuestos');
  await expect(taxes.getByTestId('taxes-estado')).toHaveText('Estimado');
  await expect(taxes.getByTestId('figure-isrmes')).toHaveText('$0.00');
  await expect(taxes.getByTestId('figure-ivames')).toHaveText('$0.00');
  await expect(taxes.getByText('ISR a pagar')).toBeVisible();
  await expect(taxes.getByText('IVA a cargo')).toBeVisible();
  await snap(page, info, 'dashboard-taxes-estimado');
  // The link opens the month's declaration; statements are a paid feature, so a free plan lands on the plans page.
  await expect(taxes.getByTestId('taxes-how')).toHaveAttribute('href', /\/statements\?tab=0&month=\d{1,2}&year=\d{4}$/);
  await taxes.getByTestId('taxes-how').click();
  await expect(page).toHaveURL(/\/plans$/);
  await page.goto('/dashboard/home');
  // A card leads to its list.
  await figures.getByTestId('figure-ingresosmes').click();
  await expect(page).toHaveURL(/\/incomes$/);
});
