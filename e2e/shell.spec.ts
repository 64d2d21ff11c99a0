import { expect, test } from '@playwright/test';
import { createAccountViaApi, loginViaUi } from './support/account';
import { snap } from './support/screens';

test('at 1500 px or less the menu collapses behind the burger', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  await page.setViewportSize({ width: 1500, height: 850 });
  await loginViaUi(page, account);
  const burger = page.getByRole('button', { name: 'Mostrar u ocultar el menú' });
  await expect(burger).toBeVisible();
  await expect(page.getByTestId('app-navbar')).not.toBeInViewport();
  await burger.click();
  await expect(page.getByTestId('app-navbar')).toBeInViewport();
  await page.waitForTimeout(400); // let the slide-in finish for the screenshot
  await snap(page, info, '12-collapsed-menu-open');
  await page.getByTestId('app-navbar').getByText('Tutoriales', { exact: true }).click();
  await expect(page).toHaveURL(/\/tutorials$/);
  await expect(page.getByTestId('app-navbar')).not.toBeInViewport();

  await page.setViewportSize({ width: 1501, height: 850 });
  await expect(burger).toBeHidden();
  await expect(page.getByTestId('app-navbar')).toBeInViewport();
});

test('month filter choice is kept locally and shown only on its paths', async ({ page, request }) => {
  const account = await createAccountViaApi(request);
  await loginViaUi(page, account);
  const filter = page.getByTestId('period-filter');
  await filter.getByRole('combobox', { name: 'Año' }).click();
  const lastYear = String(new Date().getFullYear() - 1);
  await page.getByRole('option', { name: lastYear }).click();
  await filter.getByRole('combobox', { name: 'Mes' }).click();
  await page.getByRole('option', { name: 'Diciembre' }).click();
  expect(await page.evaluate(() => [localStorage.getItem('month'), localStorage.getItem('year')])).toEqual(['12', lastYear]);
  await page.reload();
  await expect(page.getByTestId('period-filter').getByRole('combobox', { name: 'Mes' })).toHaveValue('Diciembre');
  await page.goto('/tutorials');
  await expect(page.getByRole('heading', { name: 'Tutoriales' })).toBeVisible();
  await expect(page.getByTestId('period-filter')).toHaveCount(0);
});

test('the skin switch turns the dark theme on and keeps it under the "skin" key', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  await loginViaUi(page, account);
  await page.getByRole('button', { name: 'Tema oscuro' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('skin'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await snap(page, info, '14-dark-dashboard');
  await page.goto('/error-404');
  await snap(page, info, '15-dark-full-layout');
});
