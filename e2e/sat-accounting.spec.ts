import { readFileSync } from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { validateContabilidadXsd } from '../packages/cfdi/src/contabilidad/xsd';
import { signIn } from './support/account';
import { randomRfc } from './support/rfc';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { snap, settle } from './support/screens';

const expect = baseExpect.configure({ timeout: 45_000 });

test('a stamped invoice writes its póliza; the balanza shows it and its XML validates against SAT 1.3', async ({ page, request }, info) => {
  test.setTimeout(300_000);
  const account = await satTestAccount(request);
  await uploadSatCsd(request, account.token);
  const headers = { Authorization: `Bearer ${account.token}` };
  const customerRfc = randomRfc();
  const customer = await request.post('/api/clients', {
    headers, data: { rfc: customerRfc, r_social: 'PAPELERIA CONTABLE', email: ['conta@clientes.facturo.local'], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '44100' } },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const clientId = ((await customer.json()) as { id: number }).id;
  const stamped = await request.post('/api/invoice40', {
    headers, data: {
      clientId, usoCFDI: 'G03', formaPago: '03', metodoPago: 'PUE', serie: 'CONT',
      conceptos: [{ claveProdServ: '84111506', cantidad: '1', claveUnidad: 'E48', descripcion: 'Servicio contable', valorUnitario: '1234.50', objetoImp: '02',
        traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }] }],
    },
  });
  expect(stamped.status(), await stamped.text()).toBe(201);
  const uuid = ((await stamped.json()) as { uuid: string }).uuid.toUpperCase();

  await signIn(page, request, account, '/contabilidad');
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Contabilidad electrónica' })).toBeVisible();
  // The month is open (another run may have left it closed: reopen it, as the log records).
  await page.getByRole('tab', { name: 'Balanza de comprobación' }).click();
  const estado = page.getByTestId('periodo-estado');
  await expect(estado).toBeVisible();
  if ((await estado.innerText()) === 'Mes cerrado') {
    await page.getByTestId('motivo-reapertura').fill('Prueba e2e');
    await page.getByTestId('reabrir-mes').click();
    await expect(estado).toHaveText('Mes abierto');
  }

  // Generate the month's pólizas: the live bar finishes and the invoice's entry appears with its UUID.
  await page.getByRole('tab', { name: 'Pólizas' }).click();
  await page.getByTestId('generar-polizas').click();
  await expect(page.getByTestId('job-progress')).toHaveAttribute('data-status', 'success', { timeout: 120_000 });
  const row = page.getByTestId('poliza-row').filter({ hasText: 'CONT-' }).filter({ hasText: customerRfc }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('$1,432.02');
  await row.getByRole('button', { name: 'Ver movimientos' }).click();
  const lines = page.getByTestId('poliza-lines').first();
  await expect(lines).toContainText('401.01');
  await expect(lines).toContainText('209.01');
  await expect(lines).toContainText(uuid);
  await snap(page, info, 'accounting-polizas');
  await page.screenshot({ path: '/tmp/i28-polizas.png', fullPage: true });

  // The balanza: totals debe = haber, income account present; close the month, download the XML, reopen.
  await page.getByRole('tab', { name: 'Balanza de comprobación' }).click();
  await expect(page.getByTestId('balanza-row').filter({ hasText: '401.01' })).toBeVisible();
  const totales = page.getByTestId('balanza-totales').locator('td');
  await expect(totales.nth(1)).toHaveText(await totales.nth(2).innerText());
  await page.getByTestId('cerrar-mes').click();
  await expect(estado).toHaveText('Mes cerrado');
  await page.screenshot({ path: '/tmp/i28-balanza.png', fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('descargar-balanza').click()]);
  expect(download.suggestedFilename()).toMatch(/^EKU9003173C9\d{6}BN\.xml$/);
  const xml = readFileSync((await download.path())!, 'utf8');
  expect(xml).toContain('<BCE:Ctas NumCta="401.01"');
  expect(validateContabilidadXsd(xml)).toEqual([]);
  await page.getByTestId('motivo-reapertura').fill('Prueba e2e terminada');
  await page.getByTestId('reabrir-mes').click();
  await expect(estado).toHaveText('Mes abierto');

  // Estados financieros: the income shows in the estado de resultados and the balance general squares.
  await page.getByRole('tab', { name: 'Estados financieros' }).click();
  await expect(page.getByTestId('estado-resultados')).toContainText('401 Ingresos');
  await expect(page.getByTestId('balance-activo')).toContainText('102 Bancos');
  await expect(page.getByText('El balance no cuadra')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/i28-estados.png', fullPage: true });
  // The estado de resultados downloads as PDF (the month) and XLSX (January to the month), with the screen's utilidad.
  const utilidad = (await page.getByTestId('utilidad').locator('td').nth(2).innerText()).replace(/[$,\s]/g, '');
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reporte-resultados-pdf').click()]);
  expect(pdf.suggestedFilename()).toMatch(/^EKU9003173C9\d{6}-resultados\.pdf$/);
  expect(readFileSync((await pdf.path())!).subarray(0, 5).toString()).toBe('%PDF-');
  await page.getByTestId('reporte-resultados-acumulado').click();
  const [resultadosXlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reporte-resultados-xlsx').click()]);
  expect(resultadosXlsx.suggestedFilename()).toMatch(/^EKU9003173C9\d{6}-resultados-acumulado\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await resultadosXlsx.path())!);
  const ws = wb.worksheets[0]!;
  expect(ws.getCell('A1').value).toBe('Estado de resultados');
  const last = ws.getRow(ws.rowCount);
  expect(last.getCell(2).value).toBe('Utilidad (pérdida)');
  expect(Number(last.getCell(3).value).toFixed(2)).toBe(Number(utilidad).toFixed(2));

  // Libro diario and mayor: the invoice's lines on screen with its UUID; the mayor downloads as XLSX.
  await page.getByRole('tab', { name: 'Libros diario y mayor' }).click();
  await expect(page.getByTestId('libro-row').filter({ hasText: uuid }).first()).toBeVisible();
  await page.getByTestId('libro-selector').getByText('Libro mayor').click();
  await expect(page.getByTestId('libro-row').filter({ hasText: '401.01' }).first()).toBeVisible();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reporte-mayor-xlsx').click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^EKU9003173C9\d{6}-mayor\.xlsx$/);
  expect(readFileSync((await xlsx.path())!).subarray(0, 2).toString()).toBe('PK');
  await page.screenshot({ path: '/tmp/j28-libros.png', fullPage: true });

  // The rules editor names each role in Spanish, never by its internal key.
  await page.getByRole('tab', { name: 'Reglas' }).click();
  await expect(page.getByTestId('reglas-table')).toContainText('IVA trasladado no cobrado');
  await expect(page.getByTestId('reglas-table')).toContainText('Depósitos sin CFDI (cuenta puente)');
  await expect(page.getByTestId('reglas-table')).not.toContainText('ivaTrasladadoNoCobrado');

  // The pólizas file needs SAT's request: with a NumOrden it downloads and validates too.
  await page.getByRole('tab', { name: 'Archivos para el SAT' }).click();
  await page.getByTestId('xml-numero').fill('ABC1234567/26');
  const [pl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('xml-polizas').click()]);
  expect(pl.suggestedFilename()).toMatch(/PL\.xml$/);
  const plXml = readFileSync((await pl.path())!, 'utf8');
  expect(plXml).toContain(`UUID_CFDI="${uuid}"`);
  expect(validateContabilidadXsd(plXml)).toEqual([]);
  await page.screenshot({ path: '/tmp/i28-xml.png', fullPage: true });
});
