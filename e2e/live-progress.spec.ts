import { expect, test } from '@playwright/test';
import { createAccountViaApi, loginViaUi } from './support/account';
import { snap } from './support/screens';
import { bearer } from './support/workspace';

test('the CIEC validation job moves the live progress bar to its end', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  await loginViaUi(page, account);
  const card = page.getByTestId('ciec-card');
  await card.getByLabel('CIEC').fill('Ciec12345');

  // Record every value the bar shows, straight from the DOM, while the job runs.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as any).__progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="ciec-card"] [data-testid="job-progress"]');
      const v = bar && `${bar.getAttribute('data-status')}:${bar.getAttribute('data-progress')}`;
      if (v && seen[seen.length - 1] !== v) seen.push(v);
    }).observe(document.body, { subtree: true, attributes: true, childList: true });
  });
  await card.getByRole('button', { name: 'Validar CIEC' }).click();

  const bar = card.getByTestId('job-progress');
  await expect(bar).toHaveAttribute('data-status', 'running');
  await snap(page, info, '10-ciec-running');
  await expect(bar).toHaveAttribute('data-status', /success|failed/, { timeout: 30_000 });
  await expect(bar).toHaveAttribute('data-progress', '100');
  await snap(page, info, '11-ciec-finished');

  const seen = (await page.evaluate(() => (window as any).__progressSeen)) as string[];
  const running = seen.filter((s) => s.startsWith('running:')).map((s) => Number(s.split(':')[1]));
  expect(running.length).toBeGreaterThanOrEqual(2);
  expect(running).toEqual([...running].sort((a, b) => a - b));
  expect(running.every((p) => p > 0 && p < 100)).toBe(true);
  // The background-process list shows the same job once it finished.
  await expect(page.getByTestId('processes-card').getByText('Validación de CIEC').first()).toBeVisible();
});

test('a job that ran while the live channel was down ends its bar once the channel is back', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  // The live channel cannot connect: its WebSocket is closed at once and its long-polling fallback refused.
  let down = true;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => { if (down) ws.close(); else ws.connectToServer(); });
  await page.route('**/socket.io/**', (route) => (down ? route.abort() : route.continue()));
  await loginViaUi(page, account);
  const card = page.getByTestId('ciec-card');
  await card.getByLabel('CIEC').fill('Ciec12345');
  await card.getByRole('button', { name: 'Validar CIEC' }).click();
  const bar = card.getByTestId('job-progress');
  await expect(bar).toBeVisible();

  // The job runs to its end on the server while the page hears nothing of it.
  const headers = { Authorization: await bearer(page) };
  await expect.poll(async () => {
    const list = (await (await request.get('/api/background/process', { headers })).json()) as { data: { type: string; finished: boolean }[] };
    return list.data.some((p) => p.type === 'CIEC' && p.finished);
  }, { timeout: 30_000 }).toBe(true);
  expect(await page.locator('html').getAttribute('data-live')).toBeNull();

  // Back online, the bar reads where the job got to instead of waiting for messages that were never replayed.
  down = false;
  await expect(page.locator('html')).toHaveAttribute('data-live', 'conectado', { timeout: 30_000 });
  await expect(bar).toHaveAttribute('data-status', /success|failed/);
  await expect(bar).toHaveAttribute('data-progress', '100');
  await snap(page, info, '12-ciec-after-reconnect');
});
