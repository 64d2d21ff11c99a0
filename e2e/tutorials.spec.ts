import { expect, test } from '@playwright/test';
import { createAccountViaApi, loginViaUi } from './support/account';

test('the help center finds a guide by what the user wants to do, shows real screenshots and leads to the screen', async ({ page, request }) => {
  const account = await createAccountViaApi(request);
  await loginViaUi(page, account);
  await page.getByTestId('app-navbar').getByText('Tutoriales', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Tutoriales' })).toBeVisible();
  const all = await page.getByTestId('guide-card').count();
  expect(all).toBeGreaterThanOrEqual(7);

  const search = page.getByRole('textbox', { name: /¿Qué quieres hacer\?/ });
  await search.fill('sustitucion');
  await expect(page.getByTestId('guide-card')).toHaveCount(1);
  await search.fill('zzz nada');
  await expect(page.getByText('Ninguna guía coincide con tu búsqueda.')).toBeVisible();
  await search.fill('CSD');
  await page.getByTestId('guide-card').filter({ hasText: 'Sube tu Certificado de Sello Digital' }).click();
  await expect(page).toHaveURL(/\/tutorials\?guia=subir-csd$/);
  await expect(page.getByTestId('guide-step')).toHaveCount(4);

  // Every picture is a real file the browser decodes (not a broken image).
  const images = page.getByTestId('guide-step').locator('img');
  await expect(images).toHaveCount(3);
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(600);
  }
  await page.getByRole('button', { name: 'Ampliar la imagen del paso 2' }).click();
  await expect(page.getByRole('dialog', { name: 'Sube tu Certificado de Sello Digital (CSD)' }).locator('img')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Ir a la pantalla' }).click();
  await expect(page).toHaveURL(/\/profile\/3$/);
  await page.goBack();
  await page.getByRole('button', { name: 'Todas las guías' }).click();
  await expect(page.getByTestId('guide-card')).toHaveCount(all);

  // The guides of issue 19 §5 are all there, each with its screenshots: payment, received XML, payroll, DIOT.
  for (const [query, title, shots] of [
    ['complemento de pago', 'Registra el pago de una factura PPD (complemento de pago)', 3],
    ['importar xml', 'Importa los XML de tus facturas recibidas', 3],
    ['prenomina', 'Timbra la nómina de tus empleados', 3],
    ['diot', 'Genera y lee tu DIOT', 2],
  ] as const) {
    await search.fill(query);
    await page.getByTestId('guide-card').filter({ hasText: title }).click();
    const pictures = page.getByTestId('guide-step').locator('img');
    await expect(pictures).toHaveCount(shots);
    for (const img of await pictures.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(600);
    }
    await page.getByRole('button', { name: 'Todas las guías' }).click();
  }
});
