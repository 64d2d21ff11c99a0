import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { pickPeriod } from './screens';

/** What a free plan shows where a paid feature would be (spec §6). */
export const UPGRADE = 'Ahh... Aún no eres usuario premium.';

/** The shell's month/year filter on March 2026, where the specs put their received CFDIs. */
export const march2026 = (page: Page) => pickPeriod(page, 3, 2026);

export async function rowAction(page: Page, rowTestId: string, item: string) {
  await page.getByTestId(rowTestId).getByRole('button', { name: /^Acciones/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

export async function setRole(request: APIRequestContext, token: string, rol: 10 | 11): Promise<string> {
  const res = await request.post('/api/dev/account-flags', { data: { rol }, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

