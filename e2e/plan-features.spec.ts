import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccountViaApi, type TestAccount, signIn } from './support/account';
import { importZip, receivedZip } from './support/received-zip';
import { march2026, rowAction, setRole, UPGRADE } from './support/plan-features';
import { settle } from './support/screens';

/**
 * Spec §6 in the browser (fresh accounts, beside the SAT-account chain; feature 59 on the SAT test account is
 * sat-plan-features.spec.ts), one row per plan feature that has a control on a screen: a free account sees the
 * locked panel or the upgrade dialog where its plan lacks the feature, and the working control where it has it;
 * a premium account gets the working control everywhere. What each plan holds is read from the API
 * (`GET /api/user/plan`), so the table follows the seeded plans; the server side of the same ids is
 * apps/api/test/security/plan-features.test.ts. Features 71 and 72 (69-B blacklist mode) have no control on a
 * screen yet, so they are only checked on the server.
 */

const expect = baseExpect.configure({ timeout: 45_000 });

interface Probe {
  id: number;
  what: string;
  /** Does what a user would do to reach the feature. */
  act: (page: Page) => Promise<void>;
  /** The feature answered: its control or data is on the screen. */
  works: (page: Page) => Promise<void>;
  /** The plan lacks it: a locked panel on the page (clicked to open the dialog) instead of the upgrade dialog after `act`. */
  lockedPanel?: (page: Page) => ReturnType<Page['getByTestId']>;
}


async function goto(page: Page, url: string) {
  if (new URL(page.url()).pathname !== url) {
    await page.goto(url);
    await settle(page);
  }
}

const dashboardPart = (id: number): Probe => ({
  id,
  what: `tablero, sección ${id}`,
  act: (page) => goto(page, '/dashboard/home'),
  works: async (page) => {
    const part = page.getByTestId('dashboard-figures').locator(`[data-feature-id="${id}"]`);
    await expect(part).toBeVisible();
    await expect(part.getByTestId('locked-feature')).toHaveCount(0);
  },
  lockedPanel: (page) => page.getByTestId('dashboard-figures').locator(`[data-feature-id="${id}"]`).getByTestId('locked-feature'),
});

function probes(ppdUuid: string): Probe[] {
  return [
    {
      id: 5, what: 'lista de ingresos', act: (page) => goto(page, '/incomes'),
      // A fresh account has no issued CFDIs in March 2026: the list answered empty.
      works: (page) => expect(page.getByText('No hay ingresos en este periodo')).toBeVisible(),
    },
    {
      id: 6, what: 'estadísticas de ingresos', act: (page) => goto(page, '/incomes'),
      works: (page) => expect(page.getByTestId('stat-ingresos-count')).not.toHaveText('—'),
    },
    {
      id: 31, what: 'CSV de ingresos',
      act: async (page) => { await goto(page, '/incomes'); await page.getByRole('button', { name: 'Descargar CSV' }).click(); },
      works: async () => {},
    },
    {
      id: 55, what: 'cuentas por cobrar', act: (page) => goto(page, '/accounts/per-receive'),
      works: (page) => expect(page.getByTestId('receivable-with')).toBeVisible(),
      lockedPanel: (page) => page.getByTestId('locked-feature'),
    },
    {
      id: 7, what: 'lista de gastos', act: async (page) => { await goto(page, '/outcomes'); },
      works: (page) => expect(page.getByTestId(`outcome-${ppdUuid}`)).toBeVisible(),
    },
    {
      id: 8, what: 'gastos deducibles y no deducibles',
      act: async (page) => { await goto(page, '/outcomes'); await page.getByTestId('stat-deducibles').click(); },
      works: (page) => expect(page.getByTestId('stat-deducibles')).toHaveAttribute('aria-pressed', 'true'),
    },
    {
      id: 9, what: 'CSV de gastos',
      act: async (page) => { await goto(page, '/outcomes'); await page.getByRole('button', { name: 'Descargar CSV' }).click(); },
      works: async () => {},
    },
    {
      id: 57, what: 'cuentas por pagar', act: (page) => goto(page, '/accounts/per-pay'),
      works: (page) => expect(page.getByTestId('payable-table')).toContainText(ppdUuid),
      lockedPanel: (page) => page.getByTestId('locked-feature'),
    },
    {
      id: 58, what: 'solicitar complemento de pago',
      act: async (page) => {
        await goto(page, '/outcomes');
        await page.getByTestId('stat-ingresos').click();
        await rowAction(page, `outcome-${ppdUuid}`, 'Solicitar complemento de pago');
      },
      works: (page) => expect(page.getByRole('dialog', { name: 'Solicitar complemento de pago' })).toBeVisible(),
    },
    ...[62, 63, 64, 65, 66, 67, 68, 69, 70].map(dashboardPart),
  ];
}

/** Feature ids of the account's plan, as the web reads them. */
async function planFeatures(request: APIRequestContext, token: string): Promise<Set<number>> {
  const res = await request.get('/api/user/plan', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  const { data } = (await res.json()) as { data: { features: number[] | { id: number }[] } };
  return new Set(data.features.map((f) => (typeof f === 'number' ? f : f.id)));
}

async function tokenOf(request: APIRequestContext, account: TestAccount): Promise<string> {
  const login = await request.post('/api/login', { data: { username: account.rfc, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { access_token: string }).access_token;
}

/** Runs every probe: the feature works when the plan has it, else shows the lock and the §6 dialog. */
async function checkTable(page: Page, list: Probe[], has: Set<number>, plan: string) {
  for (const p of list) {
    await test.step(`${plan}: ${p.id} ${p.what} → ${has.has(p.id) ? 'funciona' : 'bloqueada'}`, async () => {
      const download = has.has(p.id) && (p.id === 31 || p.id === 9) ? page.waitForEvent('download') : null;
      await p.act(page);
      if (has.has(p.id)) {
        await p.works(page);
        if (download) expect((await download).suggestedFilename()).toMatch(/\.csv$/);
        await expect(page.getByText(UPGRADE)).toHaveCount(0);
      } else {
        if (p.lockedPanel) {
          await expect(p.lockedPanel(page)).toHaveCount(1);
          await expect(p.lockedPanel(page)).toContainText('Actualiza a premium para desbloquear esta funcionalidad');
          await p.lockedPanel(page).click();
        }
        await expect(page.getByText(UPGRADE)).toBeVisible();
        await expect(page.getByRole('button', { name: 'Quiero ser Premium' })).toBeVisible();
      }
      await page.keyboard.press('Escape');
      await expect(page.getByText(UPGRADE)).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }
}

for (const plan of ['gratuito', 'premium'] as const) {
  test(`plan ${plan}: each plan feature with a screen control works or shows the upgrade dialog (spec §6)`, async ({ page, request }) => {
    test.setTimeout(300_000);
    const account = await createAccountViaApi(request);
    let token = await tokenOf(request, account);
    if (plan === 'premium') token = await setRole(request, token, 11);
    // A PPD expense from the SAT test taxpayer with its balance open: rows for the list, payable and complement rows.
    const zip = path.join(tmpdir(), `plan-${plan}-${account.rfc}.zip`);
    const [ppd] = receivedZip(zip, account.rfc, [{ name: 'ppd.xml', options: { fecha: '2026-03-12T10:00:00', valor: '2000', metodoPago: 'PPD', formaPago: '99' } }]);
    await importZip(request, token, zip);
    const has = await planFeatures(request, token);
    if (plan === 'premium') expect([...has].sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9, 31, 55, 57, 58, 59, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72]);
    else expect(has.has(31)).toBe(false);

    await signIn(page, request, account, '/outcomes');
    await settle(page);
    await march2026(page);
    await checkTable(page, probes(ppd!.uuid), has, plan);
  });
}
