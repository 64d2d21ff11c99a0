import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { createAccountViaApi, signIn } from './support/account';
import { randomRfc } from './support/rfc';
import { snap } from './support/screens';

/** The template's rows, read back with the same library the API writes it with. */
async function readXlsx(file: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  return rows;
}

async function writeXlsx(file: string, rows: string[][]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('clientes');
  for (const r of rows) ws.addRow(r);
  writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));
}

test('imports 50 customers from XLSX: the template, two bad rows shown by row and column, fixed, imported, listed', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  await signIn(page, request, account, '/clients');
  await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();

  await page.getByTestId('bulk-import-open').click();
  const dialog = page.getByRole('dialog', { name: 'Importar clientes' });
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('bulk-template-xlsx').click();
  const template = await downloading;
  const templatePath = path.join(tmpdir(), `plantilla-${Date.now()}.xlsx`);
  await template.saveAs(templatePath);
  const [header, example] = await readXlsx(templatePath);
  expect(header).toEqual(['RFC', 'Razón social', 'Régimen fiscal', 'Uso CFDI', 'Código postal', 'Correos', 'País', 'Registro tributario extranjero']);
  expect(example![0]).toBe('EKU9003173C9');

  // 50 personas morales; row 7 has a wrong check digit, row 20 an uso CFDI its régimen does not allow.
  const rfcs = Array.from({ length: 50 }, () => randomRfc('moral'));
  const row = (i: number, over: Partial<Record<number, string>> = {}) => {
    const r = [rfcs[i]!, `Cliente Importado ${String(i + 1).padStart(2, '0')}`, '601', 'G03', '06600', `c${i}@ejemplo.mx`, '', ''];
    for (const [k, v] of Object.entries(over)) r[Number(k)] = v!;
    return r;
  };
  const wrongDigit = (rfc: string) => `${rfc.slice(0, 11)}${rfc.endsWith('0') ? '1' : '0'}`;
  const bad = [header!, ...rfcs.map((_, i) => (i === 5 ? row(i, { 0: wrongDigit(rfcs[i]!) }) : i === 18 ? row(i, { 3: 'D01' }) : row(i)))];
  const badPath = path.join(tmpdir(), `clientes-malos-${Date.now()}.xlsx`);
  await writeXlsx(badPath, bad);

  await dialog.locator('input[type=file]').setInputFiles(badPath);
  await dialog.getByTestId('bulk-preview').click();
  await expect(dialog.getByTestId('bulk-valid')).toContainText('48');
  const errors = dialog.getByTestId('bulk-errors');
  await expect(errors.getByRole('row')).toHaveCount(3);
  await expect(errors.getByRole('row').nth(1)).toContainText('7');
  await expect(errors.getByRole('row').nth(1)).toContainText('RFC (A)');
  await expect(errors.getByRole('row').nth(2)).toContainText('20');
  await expect(errors.getByRole('row').nth(2)).toContainText('Uso CFDI (D)');
  await expect(errors.getByRole('row').nth(2)).toContainText('no es compatible con el régimen 601');
  await snap(page, info, 'bulk-01-preview-errors');
  await page.screenshot({ path: '/tmp/i29-bulk-preview.png' });

  // Fixed file: all 50 valid, then imported.
  const goodPath = path.join(tmpdir(), `clientes-${Date.now()}.xlsx`);
  await writeXlsx(goodPath, [header!, ...rfcs.map((_, i) => row(i))]);
  await dialog.getByRole('button', { name: 'Elegir otro archivo' }).click();
  await dialog.locator('input[type=file]').setInputFiles(goodPath);
  await dialog.getByTestId('bulk-preview').click();
  await expect(dialog.getByTestId('bulk-valid')).toContainText('50');
  await expect(dialog.getByTestId('bulk-errors')).toHaveCount(0);
  await dialog.getByTestId('bulk-confirm').click();
  await expect(dialog.getByTestId('bulk-done')).toContainText('Se importaron 50 clientes: 50 nuevos y 0 actualizados');
  await dialog.getByRole('button', { name: 'Listo' }).click();

  const table = page.getByTestId('clients-table');
  await expect(table.getByText(`${rfcs[0]} - Cliente Importado 01`)).toBeVisible();
  await expect(page.getByText(/50 clientes/)).toBeVisible();
  await snap(page, info, 'bulk-02-imported-list');
  await page.screenshot({ path: '/tmp/i29-bulk-list.png' });

  // The same file again updates: still 50.
  await page.getByTestId('bulk-import-open').click();
  await dialog.locator('input[type=file]').setInputFiles(goodPath);
  await dialog.getByTestId('bulk-preview').click();
  await expect(dialog.getByTestId('bulk-updates')).toContainText('50');
  await dialog.getByTestId('bulk-confirm').click();
  await expect(dialog.getByTestId('bulk-done')).toContainText('0 nuevos y 50 actualizados');
});
