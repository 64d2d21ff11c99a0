import { expect, test } from '@playwright/test';
import { signIn } from './support/account';
import { randomRfc } from './support/rfc';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { snap } from './support/screens';

const HEADER = ['Factura', 'RFC del cliente', 'Uso CFDI', 'Forma de pago', 'Método de pago', 'Serie', 'Clave producto/servicio', 'Cantidad', 'Clave unidad',
  'Unidad', 'Descripción', 'Valor unitario', 'Descuento', 'Objeto de impuesto', 'IVA trasladado', 'ISR retenido', 'IVA retenido'];

test('stamps 20 invoices from a spreadsheet, then a recurring invoice is listed, paused, edited and deleted', async ({ page, request }, info) => {
  test.setTimeout(240_000);
  const account = await satTestAccount(request);
  await uploadSatCsd(request, account.token);
  const headers = { Authorization: `Bearer ${account.token}` };
  const rfc = randomRfc('fisica');
  const made = await request.post('/api/clients', {
    headers, data: { rfc, r_social: 'CLIENTE DE LOTE E2E', email: ['lote@ejemplo.mx'], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '44100' } },
  });
  expect(made.status(), await made.text()).toBe(201);

  // 20 invoices of two concepts each: 1 × 1,000.00 + n × 10.00, IVA 16 %.
  const rows = Array.from({ length: 20 }, (_, i) => [
    [`L${i + 1}`, rfc, 'G03', '03', 'PUE', 'LOTE', '81111500', '1', 'E48', 'Servicio', 'Consultoría', '1000.00', '', '02', '0.160000', '', ''],
    [`L${i + 1}`, rfc, 'G03', '03', 'PUE', 'LOTE', '81111500', String(i + 1), 'E48', 'Servicio', 'Horas', '10.00', '', '02', '0.160000', '', ''],
  ]).flat();
  const csv = [HEADER, ...rows].map((r) => r.join(',')).join('\n');

  await signIn(page, request, account, '/invoicing/sheet');
  await expect(page.getByRole('heading', { name: 'Facturas desde hoja de cálculo' })).toBeVisible();
  await page.locator('input[type=file]').first().setInputFiles({ name: 'lote.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('sheet-preview').click();
  const preview = page.getByTestId('sheet-preview-result');
  // Σ (1,000 + 10 n) × 1.16 for n = 1…20 = (20,000 + 2,100) × 1.16.
  await expect(preview).toContainText('20 facturas listas para timbrar por $25,636.00');
  await expect(preview.getByRole('row').filter({ hasText: 'L1' }).first()).toContainText('$1,171.60');
  await snap(page, info, 'sheet-01-preview');
  await page.screenshot({ path: '/tmp/i29-sheet-preview.png' });
  await page.getByTestId('sheet-stamp').click();
  await expect(page.getByTestId('sheet-result')).toContainText('Se timbraron 20 de 20 facturas', { timeout: 120_000 });
  await page.screenshot({ path: '/tmp/i29-sheet-result.png' });

  // A recurring invoice from one of them, then the list: pause and delete (the shared account keeps no schedule).
  const batchUuid = (await page.getByTestId('sheet-result').locator('td[style*="monospace"], td').filter({ hasText: /^[0-9A-F-]{36}$/ }).first().textContent())!.trim();
  const schedule = await request.post('/api/recurrentes', { headers, data: { uuid: batchUuid, frecuencia: 'mes', cada: 1, veces: 12 } });
  expect(schedule.status(), await schedule.text()).toBe(201);
  await page.goto('/invoicing/recurring');
  const table = page.getByTestId('recurring-table');
  const row = table.getByRole('row').filter({ hasText: 'CLIENTE DE LOTE E2E' });
  await expect(row).toContainText('Cada mes');
  await expect(row).toContainText('0 / 12');
  await row.getByRole('button', { name: 'Pausar' }).click();
  await expect(row).toContainText('Pausada');
  await page.screenshot({ path: '/tmp/i29-recurring.png' });
  // Edit: every 2 months, 6 invoices, no e-mail.
  await row.getByRole('button', { name: 'Editar' }).click();
  const form = page.getByTestId('recurring-edit-form');
  await form.getByRole('textbox', { name: 'Cada', exact: true }).fill('2');
  await form.getByLabel('Número de facturas (opcional)').fill('6');
  await form.getByLabel('Enviar cada factura por correo al cliente').uncheck();
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(form).toHaveCount(0);
  await expect(row).toContainText('Cada 2 meses');
  await expect(row).toContainText('0 / 6');
  await snap(page, info, 'recurring-edited');
  await row.getByRole('button', { name: 'Eliminar' }).click();
  // The dialog's own button: `.last()` over the page could still be the row's when the dialog had not rendered yet.
  await page.getByRole('dialog', { name: 'Eliminar factura recurrente' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'CLIENTE DE LOTE E2E' })).toHaveCount(0);
});
