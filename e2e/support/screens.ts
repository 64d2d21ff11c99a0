import type { Page, TestInfo } from '@playwright/test';

/** Saves a full-page screenshot under test-results/screens/<name>.png (for a human to look at). */
export async function snap(page: Page, _info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}
