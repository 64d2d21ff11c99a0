import { expect as baseExpect, type Page } from '@playwright/test';

/** Issue 18: a phone's window (390 × 844, an iPhone 12-14). */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** The phone screens walk many pages on a loaded CI machine: room per step (the checks themselves time nothing). */
export const phoneExpect = baseExpect.configure({ timeout: 45_000 });
const expect = phoneExpect;

/** How many CSS pixels the page is wider than the window (0 when nothing overflows sideways). */
export const overflowX = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

export async function expectHeaderUsable(page: Page) {
  const header = page.locator('header');
  await expect(header.getByRole('button', { name: 'Notificaciones urgentes' })).toBeInViewport({ ratio: 1 });
  await expect(header.getByRole('button', { name: /^Tema (claro|oscuro)$/ })).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('user-menu')).toBeInViewport({ ratio: 1 });
  await expect.poll(() => overflowX(page)).toBeLessThanOrEqual(0);
}

/** The shell's month/year filter (§2.6), below the header on a phone. */
export async function pickMonth(page: Page, year: string, month: string) {
  await page.getByRole('combobox', { name: 'Año' }).click();
  await page.getByRole('option', { name: year, exact: true }).click();
  await page.getByRole('combobox', { name: 'Mes' }).click();
  await page.getByRole('option', { name: month, exact: true }).click();
}

/** Issue 25 §9: a phone row shows its total, its status and its menu on the first screen, without scrolling. */
export async function expectRowOnFirstScreen(page: Page, row: ReturnType<Page['getByTestId']>) {
  await expect(row.getByTestId('row-total')).toBeInViewport({ ratio: 1 });
  await expect(row.getByTestId('row-estado')).toBeInViewport({ ratio: 1 });
  await expect(row.getByRole('button', { name: /^(Acciones|Descargar comprobante)/ })).toBeInViewport({ ratio: 1 });
  expect(await overflowX(page)).toBeLessThanOrEqual(0);
}
