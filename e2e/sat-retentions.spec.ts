import { expect as baseExpect, test } from '@playwright/test';
import { createAccountViaApi, selectOption, signIn } from './support/account';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { pickPeriod, snap, settle } from './support/screens';

const expect = baseExpect.configure({ timeout: 45_000 });

test('issue a Retenciones 2.0 with the intereses complement in the browser, see it listed, download it and cancel it', async ({ page, request }, info) => {
  test.setTimeout(180_000);
  const receiver = await createAccountViaApi(request);
  const account = await satTestAccount(request);
  await uploadSatCsd(request, account.token);

  await signIn(page, request, account, '/retentions/issued');
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Retenciones emitidas' })).toBeVisible();
  const now = new Date(Date.now() - 6 * 3_600_000);
  await pickPeriod(page, now.getUTCMonth() + 1, now.getUTCFullYear());

  await page.getByRole('button', { name: 'Emitir retención' }).click();
  const dialog = page.getByRole('dialog', { name: 'Emitir retención' });
  // Nothing filled: the contract's messages name the fields.
  await dialog.getByRole('button', { name: 'Sellar y timbrar' }).click();
  await expect(dialog.getByText('Selecciona la clave de retención (CveRetenc) del catálogo')).toBeVisible();
  await expect(dialog.getByText('El RFC del receptor es obligatorio')).toBeVisible();
  await expect(dialog.getByText('El monto retenido es obligatorio')).toBeVisible();

  await selectOption(page, 'Clave de retención', /^16 - /, dialog);
  await dialog.getByLabel('RFC del receptor').fill(receiver.rfc);
  await dialog.getByLabel('Nombre o razón social').fill('PERSONA DE PRUEBAS E2E');
  await dialog.getByLabel('Código postal del domicilio fiscal').fill('06000');
  await dialog.getByLabel('Monto total gravado').fill('10000.50');
  await dialog.getByLabel('Base').fill('10000.50');
  await dialog.getByLabel('Monto retenido').fill('150.01');
  // Plataformas tecnológicas takes several services: a second line appears, each with its own fields.
  await selectOption(page, 'Complemento', 'Plataformas tecnológicas', dialog);
  await dialog.getByRole('button', { name: 'Agregar servicio' }).click();
  await expect(dialog.getByTestId('servicio-1')).toBeVisible();
  await expect(dialog.getByLabel('Quitar el servicio 2')).toBeVisible();
  await selectOption(page, 'Complemento', 'Intereses', dialog);
  await dialog.getByLabel('Intereses nominales').fill('10000.50');
  await dialog.getByLabel('Intereses reales').fill('7000');
  await snap(page, info, 'retention-issue-form');
  await dialog.getByRole('button', { name: 'Sellar y timbrar' }).click();
  await expect(page.getByText(/Retención timbrada: [0-9A-F-]{36}/)).toBeVisible();
  await expect(dialog).toBeHidden();

  const table = page.getByTestId('retentions-issued-table');
  const row = table.locator('tbody tr').filter({ hasText: receiver.rfc });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('$10,000.50');
  await expect(row).toContainText('$150.01');
  await expect(row).toContainText('Vigente');
  const uuid = (await row.locator('td').first().locator('p').first().innerText()).trim();
  expect(uuid).toMatch(/^[0-9A-F-]{36}$/);
  await snap(page, info, 'retentions-issued');

  // The XML downloads.
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `XML de la retención ${uuid}` }).click();
  expect((await download).suggestedFilename()).toBe(`RET_EKU9003173C9_${uuid}.xml`);

  // A substitute issued (through the API) to the same receptor: cancel the first with motivo 01 picking it.
  const substitute = await request.post('/api/retenciones', {
    headers: { Authorization: `Bearer ${account.token}` },
    data: {
      cveRetenc: '16', receptor: { nacionalidad: 'Nacional', rfc: receiver.rfc, nombre: 'PERSONA DE PRUEBAS E2E', cp: '06000' },
      periodo: { mesIni: now.getUTCMonth() + 1, mesFin: now.getUTCMonth() + 1, ejercicio: now.getUTCFullYear() },
      totales: { montoTotGrav: '10000.50', montoTotExent: '0', impRetenidos: [{ baseRet: '10000.50', impuestoRet: '001', montoRet: '150.01', tipoPagoRet: '04' }] },
      complementos: { intereses: { sistFinanciero: 'SI', retiroAORESRetInt: 'NO', operFinancDerivad: 'NO', montIntNominal: '10000.50', montIntReal: '7000', perdida: '0' } },
    },
  });
  expect(substitute.status(), await substitute.text()).toBe(201);
  const substituteUuid = ((await substitute.json()) as { uuid: string }).uuid;
  await page.reload();
  await settle(page);
  const first = table.getByTestId(`retention-${uuid}`);
  await first.getByRole('button', { name: `Cancelar la retención ${uuid}` }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancelar retención' });
  await cancelDialog.getByLabel('Motivo de cancelación').selectOption('01');
  await expect(cancelDialog.getByRole('button', { name: 'Cancelar retención' })).toBeDisabled();
  await cancelDialog.getByLabel('Retención que la sustituye').selectOption(substituteUuid);
  await expect(cancelDialog.getByLabel('UUID de la retención sustituta')).toHaveValue(substituteUuid);
  await snap(page, info, 'retention-cancel-substitute');
  await cancelDialog.getByRole('button', { name: 'Cancelar retención' }).click();
  await expect(page.getByText('La retención quedó cancelada ante el SAT')).toBeVisible();
  await expect(first).toContainText('Cancelada');
  await expect(table.getByTestId(`retention-${substituteUuid}`)).toContainText('Vigente');
});
