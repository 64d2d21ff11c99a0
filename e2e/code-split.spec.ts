import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { createAccountViaApi, loginViaUi } from './support/account';

test('/login downloads at most 260 kB of gzipped JavaScript and none of the screens behind it', async ({ page }) => {
  const scripts: { url: string; gz: number }[] = [];
  page.on('response', async (res) => {
    if (res.url().endsWith('.js')) scripts.push({ url: res.url(), gz: gzipSync(await res.body()).length });
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const kb = scripts.reduce((s, x) => s + x.gz, 0) / 1024;
  console.log(`[first-load] /login: ${scripts.length} scripts, ${kb.toFixed(1)} kB gzip`);
  // 250 → 260 kB (issue 25): the test-mode banner renders on /login too, and the shell's texts live in es.json.
  // Features whose texts are their own travel in their chunk (registerTexts, decision 288): 264.1 → 257.5 kB
  // after bank, contabilidad, bulk, recurring, workspace, retentions, payment reception and prenómina moved out.
  expect(kb).toBeLessThanOrEqual(260);
  // Screens and the engine's catalogs arrive with their screens.
  expect(scripts.filter((s) => /(products-page|dashboard-home-page|app-layout|cfdi)-/.test(s.url)).map((s) => s.url)).toEqual([]);
});

test('a screen whose code does not arrive shows the retry message, and Reintentar loads it', async ({ page, request }) => {
  const account = await createAccountViaApi(request);
  await loginViaUi(page, account);
  await page.route(/\/assets\/products-page-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.getByTestId('app-navbar').getByText('Productos', { exact: true }).click();
  await expect(page.getByText('No pudimos cargar esta pantalla')).toBeVisible();
  await page.unroute(/\/assets\/products-page-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('button', { name: 'Nuevo producto' })).toBeVisible();
});
