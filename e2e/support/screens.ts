import { expect, type Page, type TestInfo } from '@playwright/test';
import { guideShots } from '../../apps/web/src/features/tutorials/model/guides';

/**
 * Saves a full-page screenshot under test-results/screens/<name>.png (for a human to look at),
 * once the navigation overlay is gone (it hides 300 ms after a navigation ends, spec §2.5).
 * E2E_SHOTS_DIR keeps a copy out of the shared test-results folder. With TUTORIAL_SHOTS=1
 * (`npm run tutorials:shots`) a shot a guide of /tutorials shows is also written, as the window
 * sees it, to apps/web/public/guides/<name>.jpg: the help center's pictures are the real screens.
 */
export async function snap(page: Page, _info: TestInfo, name: string): Promise<void> {
  await page.getByTestId('navigation-overlay').waitFor({ state: 'detached', timeout: 5_000 });
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
  if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}.png`, fullPage: true });
  if (process.env.TUTORIAL_SHOTS === '1' && guideShots.has(name)) {
    await page.screenshot({ path: `apps/web/public/guides/${name}.jpg`, type: 'jpeg', quality: 72 });
  }
}

/**
 * After a full page load the first bundle parse keeps a busy machine's browser unresponsive for a moment; locator
 * polling started in that window was seen never to resolve. So wait for the events, not a fixed time (1.5-3 s
 * each, ~30 times in the SAT chain): the page's load, then two painted frames — the main thread is free again.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Waits until the page's live channel is connected (the `data-live` mark live-channel.ts sets): a server event the
 * test triggers next (a renewal, a job) reaches this page only once its socket is up; one sent before is not replayed.
 */
export async function liveConnected(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-live', 'conectado');
}

// The shell's month names (the contract's MONTH_NAMES; its package pulls the engine's JSON catalogs, which
// Playwright's loader cannot import).
const MONTH_NAMES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];

/** The shell's month/year filter (§2.6), as a user picks it: the year, then the month by its Spanish name. */
export async function pickPeriod(page: Page, month: number, year: number): Promise<void> {
  await page.getByRole('combobox', { name: 'Año' }).click();
  await page.getByRole('option', { name: String(year), exact: true }).click();
  await page.getByRole('combobox', { name: 'Mes' }).click();
  await page.getByRole('option', { name: MONTH_NAMES[month - 1]!, exact: true }).click();
}
