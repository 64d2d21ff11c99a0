import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fixturePath } from '../packages/cfdi/test/fixtures';
import { signIn } from './support/account';
import { satTestAccount } from './support/sat-account';
import { snap } from './support/screens';

// The machine runs several suites at once: the first paint of a screen can take well over the default 15 s.
const expect = baseExpect.configure({ timeout: 45_000 });
const SUPPLIERS = /PAPELERIA LA PLUMA DORADA|SERVICIOS DE LIMPIEZA ARCOIRIS|COMBUSTIBLES DEL BAJIO/;

/** The SAT test e.firma through the profile API, waited until its validation job says valid. */
async function uploadSatEfirma(request: APIRequestContext, bearer: string): Promise<void> {
  const headers = { Authorization: `Bearer ${bearer}` };
  const current = (await (await request.get('/api/profile/efirma', { headers })).json()) as { credential: { status: string } | null };
  if (current.credential?.status === 'valid') return;
  const res = await request.post('/api/profile/efirma', {
    headers,
    multipart: {
      cer: { name: 'efirma.cer', mimeType: 'application/octet-stream', buffer: readFileSync(fixturePath('certs/fiel/EKU9003173C9.cer')) },
      key: { name: 'efirma.key', mimeType: 'application/octet-stream', buffer: readFileSync(fixturePath('certs/fiel/EKU9003173C9.key')) },
      password: '12345678a',
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  await expect.poll(async () => {
    const s = (await (await request.get('/api/profile/efirma', { headers })).json()) as { credential: { status: string } | null };
    return s.credential?.status;
  }, { timeout: 60_000 }).toBe('valid');
}

async function pickPeriod(page: Page, month: string, year: string) {
  await page.getByRole('combobox', { name: 'Año' }).click();
  await page.getByRole('option', { name: year, exact: true }).click();
  await page.getByRole('combobox', { name: 'Mes' }).click();
  await page.getByRole('option', { name: month, exact: true }).click();
}

test('ask SAT for a month\'s received CFDI from /outcomes, watch the live bar, and the outcomes list fills', async ({ page, request }, info) => {
  test.setTimeout(360_000);
  const account = await satTestAccount(request);
  await uploadSatEfirma(request, account.token);

  await signIn(page, request, account, '/outcomes');
  await expect(page.getByRole('heading', { name: 'Gastos' })).toBeVisible();
  await pickPeriod(page, 'Octubre', '2026');
  await expect(page.getByText(SUPPLIERS)).toHaveCount(0);

  await page.getByRole('button', { name: 'Descargar del SAT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Descargar CFDI del SAT' });
  await expect(dialog).toContainText('tus CFDI recibidos de Octubre 2026');
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __progress: string[] }).__progress = seen;
    const record = () => {
      const bar = document.querySelector('[data-testid=job-progress]');
      const v = bar ? `${bar.getAttribute('data-status')}:${bar.getAttribute('data-progress')}` : null;
      if (v && seen[seen.length - 1] !== v) seen.push(v);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-progress', 'data-status'] });
  });
  await dialog.getByRole('button', { name: 'Descargar', exact: true }).click();

  const bar = dialog.getByTestId('job-progress');
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('Descarga de CFDI del SAT');
  await snap(page, info, 'sat-download-progress');
  await expect(bar).toHaveAttribute('data-status', 'success', { timeout: 120_000 });
  const seen = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
  console.log('progress seen:', seen.join(' → '));
  expect(seen.some((s) => s.startsWith('running:'))).toBe(true);
  expect(seen[seen.length - 1]).toBe('success:100');

  const imported = Number(await dialog.getByTestId('sat-download-imported').textContent());
  expect(imported).toBeGreaterThanOrEqual(2);
  await expect(dialog.getByTestId('sat-download-duplicated')).toHaveText('0');
  await expect(page.getByText('Descarga del SAT terminada').first()).toBeVisible();
  await snap(page, info, 'sat-download-result');

  // Spec §4/§9: the download's state resets 5 s after it finished (the dialog closes on its own).
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  // The list behind it refreshed: the made-up suppliers' CFDI are there.
  await expect(page.getByText(SUPPLIERS).first()).toBeVisible();
  await expect(page.getByTestId('stat-ingresos-count')).toHaveText(String(imported));

  // Asking again brings the same documents: all duplicates, nothing new.
  await page.getByRole('button', { name: 'Descargar del SAT' }).click();
  await dialog.getByRole('button', { name: 'Descargar', exact: true }).click();
  await expect(dialog.getByTestId('job-progress')).toHaveAttribute('data-status', 'success', { timeout: 120_000 });
  await expect(dialog.getByTestId('sat-download-imported')).toHaveText('0');
  await expect(dialog.getByTestId('sat-download-duplicated')).toHaveText(String(imported));
  await expect(page.getByTestId('stat-ingresos-count')).toHaveText(String(imported));
});
