import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { createAccountViaApi, makePremium, signIn } from './support/account';
import { receivedZip } from './support/received-zip';
import { snap, settle } from './support/screens';

// The machine runs several suites at once: the first paint of a screen can take well over the default 15 s.
const expect = baseExpect.configure({ timeout: 45_000 });

const card = (page: Page, key: string) => ({ count: page.getByTestId(`stat-${key}-count`), total: page.getByTestId(`stat-${key}-total`) });

test('import a ZIP of received CFDIs with the live bar, see them on /outcomes, override deductibility, and a 390-px pass', async ({ page, request }, info) => {
  test.setTimeout(420_000);
  const account = await createAccountViaApi(request);
  // Premium: the deductible cards (feature 8), CSV (9) and accounts payable (57) belong to the paid plan (spec §6).
  await makePremium(request, account);

  // March 2026: 50 expenses from the supplier. One PUE paid in cash over $2,000 (not deductible, LISR 27 fr. III),
  // one PPD with an open balance, 48 ordinary PUE transfers (deductible for régimen 612), plus a broken file.
  const zip = path.join(tmpdir(), `recibidos-${account.rfc}.zip`);
  const fillers = Array.from({ length: 48 }, (_, i) => ({
    name: `gasto-${String(i + 1).padStart(2, '0')}.xml`,
    options: { fecha: `2026-03-${String(1 + (i % 27)).padStart(2, '0')}T09:${String(i % 60).padStart(2, '0')}:00`, valor: '100' },
  }));
  const docs = receivedZip(zip, account.rfc, [
    { name: 'efectivo.xml', options: { fecha: '2026-03-10T10:00:00', valor: '5000', formaPago: '01' } },
    { name: 'credito.xml', options: { fecha: '2026-03-12T10:00:00', valor: '2000', metodoPago: 'PPD', formaPago: '99' } },
    ...fillers,
  ], [{ name: 'roto.xml', data: '<cfdi:Comprobante><sin cerrar>' }]);
  const [cash, credit] = docs;

  await signIn(page, request, account, '/outcomes');
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Gastos' })).toBeVisible();
  // The shell's month/year filter (§2.6) drives the screen.
  await page.getByRole('combobox', { name: 'Año' }).click();
  await page.getByRole('option', { name: '2026', exact: true }).click();
  await page.getByRole('combobox', { name: 'Mes' }).click();
  await page.getByRole('option', { name: 'Marzo', exact: true }).click();
  await expect(card(page, 'ingresos').count).toHaveText('0');

  // The import dialog: pick the ZIP, upload, watch the live bar from its first state to the end.
  await page.getByRole('button', { name: 'Importar XML' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar CFDI (XML)' });
  await dialog.locator('input[type=file]').setInputFiles(zip);
  await snap(page, info, 'outcomes-import-dialog');
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
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  const bar = dialog.getByTestId('job-progress');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('data-status', 'success', { timeout: 120_000 });
  await expect(bar).toHaveAttribute('data-progress', '100');
  const seen = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
  console.log('progress seen:', seen.join(' → '));
  expect(seen.length).toBeGreaterThan(1);
  expect(Number(seen[0]!.split(':')[1])).toBeLessThan(100);
  expect(seen[seen.length - 1]).toBe('success:100');

  // The result: 50 imported, none duplicated, the broken file with its Spanish reason.
  await expect(dialog.getByTestId('import-imported')).toHaveText('50');
  await expect(dialog.getByTestId('import-duplicated')).toHaveText('0');
  await expect(dialog.getByTestId('import-rejected')).toHaveText('1');
  await expect(dialog.getByTestId('import-rejections')).toContainText('roto.xml');
  await expect(dialog.getByTestId('import-rejections')).toContainText(/XML/);
  // Where they went (issue 25 item 9): received, March 2026, with a link to that month's Gastos.
  const where = dialog.getByTestId('import-destination-recibido-2026-3');
  await expect(where).toContainText('50 CFDI recibidos de marzo de 2026');
  await snap(page, info, 'outcomes-import-result');
  await page.screenshot({ path: '/tmp/h9s2-import-result.png' });
  await where.getByRole('link', { name: 'Ver en Gastos' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/outcomes$/);

  // The month's cards: 5,800 + 2,320 + 48 × 116 = 13,688.00; the cash one is the only non-deductible.
  await expect(card(page, 'ingresos').count).toHaveText('50');
  await expect(card(page, 'ingresos').total).toHaveText('$13,688.00');
  await expect(card(page, 'deducibles').count).toHaveText('49');
  await expect(card(page, 'deducibles').total).toHaveText('$7,888.00');
  await expect(card(page, 'nodeducibles').count).toHaveText('1');
  await expect(card(page, 'nodeducibles').total).toHaveText('$5,800.00');

  // The list: search the cash expense, its row shows the supplier, the total and "No" deducible.
  await page.getByPlaceholder('Buscar por UUID, folio, RFC o proveedor').fill(cash!.uuid);
  const row = page.getByTestId(`outcome-${cash!.uuid}`);
  await expect(row).toContainText('EKU9003173C9 - ESCUELA KEMPER URGATE');
  await expect(row).toContainText('$5,800.00 MXN');
  const toggle = page.getByTestId(`deducible-${cash!.uuid}`);
  await expect(toggle).not.toBeChecked();

  // Override: mark it deductible; the cards follow.
  // The switch is controlled by the server's answer: click it, then wait for the refreshed row.
  await toggle.click({ force: true });
  await expect(toggle).toBeChecked();
  await expect(card(page, 'deducibles').count).toHaveText('50');
  await expect(card(page, 'deducibles').total).toHaveText('$13,688.00');
  await expect(card(page, 'nodeducibles').count).toHaveText('0');
  await expect(card(page, 'nodeducibles').total).toHaveText('$0.00');
  await snap(page, info, 'outcomes-list');

  // Forward it by e-mail (spec §7, /api/outcomes/send-email), e.g. to the accountant: the address starts empty,
  // and the received XML goes byte for byte with its PDF.
  await row.getByRole('button', { name: /^Acciones de / }).click();
  await page.getByRole('menuitem', { name: 'Reenviar por correo' }).click();
  const mail = page.getByRole('dialog', { name: 'Reenviar por correo' });
  await expect(mail).toContainText('ESCUELA KEMPER URGATE');
  const address = mail.getByLabel('Correo electrónico');
  await expect(address).toHaveValue('');
  const accountant = `contador.${account.rfc.toLowerCase()}@pruebas.facturo.local`;
  await address.fill(accountant);
  await mail.getByRole('button', { name: 'Enviar' }).click();
  await expect(mail).toBeHidden();
  await expect.poll(async () => {
    const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(accountant)}`);
    const body = (await res.json()) as { data: { attachments: { filename: string; contentType: string }[] }[] };
    return (body.data[0]?.attachments ?? []).map((a) => a.contentType).sort();
  }).toEqual(['application/pdf', 'application/xml']);

  // The deductible card filters the list; accounts payable holds the PPD expense.
  await page.getByPlaceholder('Buscar por UUID, folio, RFC o proveedor').fill('');
  await page.getByTestId('stat-nodeducibles').click();
  await expect(page.getByText('No hay gastos en este periodo')).toBeVisible();
  await page.goto('/accounts/per-pay');
  await settle(page);
  await expect(page.getByTestId('payable-table')).toContainText(credit!.uuid);
  await expect(page.getByTestId('payable-table')).toContainText('$2,320.00');

  // 390 px: the screen fits the phone's width (tables scroll inside their own container).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/outcomes');
  await settle(page);
  await expect(card(page, 'ingresos').count).toHaveText('50');
  await expect(page.getByRole('button', { name: 'Importar XML' })).toBeVisible();
  await expect(page.getByTestId('outcomes-table')).toBeAttached();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Importar XML' }).click();
  await expect(page.getByRole('dialog', { name: 'Importar CFDI (XML)' }).getByRole('button', { name: 'Importar', exact: true })).toBeVisible();
  const dialogOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(dialogOverflow).toBeLessThanOrEqual(0);
  await snap(page, info, 'outcomes-390');
});
