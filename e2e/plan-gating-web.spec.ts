import { expect, test, type Page, type Request } from '@playwright/test';
import { createAccountViaApi, loginViaUi } from './support/account';
import { snap } from './support/screens';

/**
 * Issue 25 §6: features 5 (lista de ingresos), 6 (estadísticas de ingresos) and 7 (lista de egresos) are gated in
 * the web, not only by the server's 403. The seeded free plan includes the three (seed 0001), so this spec gives
 * the free account's session a plan without them — the answer of `GET /api/user/plan` with 5, 6 and 7 taken out,
 * as a plan catalog that leaves them out would send — and checks what the screens do with it: the locked panel
 * in each part's place, no call to the gated routes at all, and the panel leading to the upgrade page. The
 * server half (403 for a plan lacking them) is apps/api/test/security/plan-features.test.ts.
 */

const GATED = [5, 6, 7];
const LOCKED = 'Actualiza a premium para desbloquear esta funcionalidad';

/** Every request the page makes to a gated list or stats route (none may leave while locked). */
function gatedCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    const p = new URL(r.url()).pathname;
    if (/^\/api\/(incomes|outcomes)\/(stats\/)?\d{1,2}\/\d{4}$/.test(p) || /^\/api\/(incomes|outcomes)\/stats\/\d{4}$/.test(p)) seen.push(p);
  });
  return seen;
}

test('a free plan without features 5, 6 and 7: Ingresos and Gastos show the locked panels, ask nothing of the gated routes, and lead to the upgrade page', async ({ page, request }, info) => {
  test.setTimeout(240_000);
  const account = await createAccountViaApi(request);
  await page.route('**/api/user/plan', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: { rol: number; features: { id: number }[] } };
    expect(body.data.rol).toBe(10);
    body.data.features = body.data.features.filter((f) => !GATED.includes(f.id));
    await route.fulfill({ response: res, json: body });
  });
  const calls = gatedCalls(page);
  await loginViaUi(page, account);

  // Ingresos: the stats cards (6) and the list (5) are two locked panels; the year's figures (6) too.
  await page.goto('/incomes');
  // The locked panels of one tab (the other tabs stay mounted, hidden), found by the tab's name.
  const lockedIn = (tab: 'Comprobantes' | 'Cálculos del año') => page.getByRole('tabpanel', { name: tab }).getByTestId('locked-feature');
  const locked = lockedIn('Comprobantes');
  await expect(locked).toHaveCount(2);
  await expect(locked.first()).toContainText(LOCKED);
  await expect(page.getByTestId('stat-ingresos')).toHaveCount(0);
  await expect(page.getByTestId('incomes-table')).toHaveCount(0);
  await expect(page.getByPlaceholder('Buscar por UUID, folio, RFC o cliente')).toHaveCount(0);
  await snap(page, info, 'gating-incomes');
  await page.getByRole('tab', { name: 'Cálculos del año' }).click();
  await expect(page).toHaveURL(/\/incomes\?tab=anual$/);
  await expect(lockedIn('Cálculos del año')).toHaveCount(1);
  await expect(page.getByTestId('incomes-year-stats')).toHaveCount(0);

  // The panel opens the §6 dialog; "Quiero ser Premium" goes to the upgrade page, and from there to Planes.
  await lockedIn('Cálculos del año').click();
  await expect(page.getByText('Ahh... Aún no eres usuario premium.')).toBeVisible();
  await page.getByRole('button', { name: 'Quiero ser Premium' }).click();
  await expect(page).toHaveURL(/\/quiero-ser-premium$/);
  await expect(page.getByRole('heading', { name: 'Hazte Premium' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver planes' }).click();
  await expect(page).toHaveURL(/\/plans$/);

  // Gastos (7): the list and its cards are one locked panel, the year's figures another.
  await page.goto('/outcomes');
  await expect(locked).toHaveCount(1);
  await expect(locked).toContainText(LOCKED);
  await expect(page.getByTestId('stat-ingresos')).toHaveCount(0);
  await expect(page.getByTestId('outcomes-table')).toHaveCount(0);
  await snap(page, info, 'gating-outcomes');
  await page.getByRole('tab', { name: 'Cálculos del año' }).click();
  await expect(page).toHaveURL(/\/outcomes\?tab=anual$/);
  await expect(lockedIn('Cálculos del año')).toHaveCount(1);
  await lockedIn('Cálculos del año').click();
  await page.getByRole('button', { name: 'Quiero ser Premium' }).click();
  await expect(page).toHaveURL(/\/quiero-ser-premium$/);

  // Not one request reached the gated routes: the web did not lean on the server's 403.
  expect(calls).toEqual([]);

  // The same account with its real free plan (5, 6, 7 included): the list and the cards answer.
  await page.unroute('**/api/user/plan');
  await page.goto('/incomes');
  await expect(page.getByTestId('stat-ingresos')).toBeVisible();
  await expect(page.getByTestId('locked-feature')).toHaveCount(0);
  await expect.poll(() => calls.length).toBeGreaterThan(0);
});
