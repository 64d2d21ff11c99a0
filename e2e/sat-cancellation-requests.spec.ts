import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { createAccountViaApi, signIn } from './support/account';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { snap } from './support/screens';

// The machine runs several suites at once: the first paint of a screen can take well over the default 15 s.
const expect = baseExpect.configure({ timeout: 45_000 });

const iva = [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }];

/** Moves the sandbox PAC's stamp time of these documents two days back (support/age-stamp-cli.ts). */
function stampedTwoDaysAgo(...uuids: string[]): void {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support', 'age-stamp-cli.ts'), process.env.E2E_DATA_DIR!, '48', ...uuids], {
    cwd: path.join(import.meta.dirname, '..'),
  });
}

async function stampTo(request: APIRequestContext, bearer: string, clientId: number, descripcion: string): Promise<string> {
  const res = await request.post('/api/invoice40', {
    headers: { Authorization: `Bearer ${bearer}` },
    data: {
      clientId, usoCFDI: 'G03', formaPago: '03', metodoPago: 'PUE', serie: 'SOLC',
      conceptos: [{ claveProdServ: '84111506', cantidad: '1', claveUnidad: 'E48', descripcion, valorUnitario: '2500.00', objetoImp: '02', traslados: iva }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { uuid: string }).uuid;
}

test('a supplier asks to cancel two CFDIs the account received: the inbox under Gastos shows them with the 72-hour deadline; one rejected stays vigente, one accepted is cancelled', async ({ page, request }, info) => {
  test.setTimeout(300_000);
  // The supplier is the SAT test taxpayer (the only CSD we have); the receiving account is a fresh one.
  const supplier = await satTestAccount(request);
  await uploadSatCsd(request, supplier.token);
  const receptor = await createAccountViaApi(request);
  const supplierHeaders = { Authorization: `Bearer ${supplier.token}` };
  const client = await request.post('/api/clients', {
    headers: supplierHeaders,
    data: { rfc: receptor.rfc, r_social: 'PERSONA DE PRUEBAS E2E', email: [], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '06000' } },
  });
  expect(client.status(), await client.text()).toBe(201);
  const clientId = ((await client.json()) as { id: number }).id;
  const kept = await stampTo(request, supplier.token, clientId, 'Servicio que sí se prestó');
  const dropped = await stampTo(request, supplier.token, clientId, 'Servicio que no se llevó a cabo');
  // Older than 24 h and over $1,000: cancelling them now needs the receptor's answer.
  stampedTwoDaysAgo(kept, dropped);
  for (const [uuid, motivo] of [[kept, '02'], [dropped, '03']] as const) {
    const cancel = await request.post('/api/incomes/cancel', { headers: supplierHeaders, data: { pIdPago: uuid, type: 'ingreso', option: motivo } });
    expect(cancel.status(), await cancel.text()).toBe(200);
    expect(((await cancel.json()) as { estado: string }).estado).toBe('en_proceso');
  }

  await signIn(page, request, receptor, '/outcomes');
  await page.getByRole('tab', { name: 'Solicitudes de cancelación' }).click();
  await expect(page).toHaveURL(/tab=cancelaciones/);
  const inbox = page.getByTestId('cancellation-requests');
  const keptRow = inbox.getByTestId(`request-${kept}`);
  const droppedRow = inbox.getByTestId(`request-${dropped}`);
  await expect(keptRow).toContainText('EKU9003173C9');
  await expect(keptRow).toContainText('02 - Comprobante emitido con errores sin relación');
  await expect(keptRow).toContainText('$2,900.00');
  await expect(keptRow).toContainText(/Quedan 7[12] horas/);
  await expect(droppedRow).toContainText('03 - No se llevó a cabo la operación');
  await snap(page, info, 'cancellation-requests-inbox');

  // Reject the first: asked to confirm, then the PAC answers and the request leaves the inbox.
  await keptRow.getByRole('button', { name: 'Rechazar' }).click();
  const reject = page.getByRole('dialog', { name: 'Rechazar la cancelación' });
  await expect(reject).toContainText(`El CFDI ${kept}`);
  await reject.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText('Rechazaste la cancelación: el CFDI sigue vigente')).toBeVisible();
  await expect(keptRow).toHaveCount(0);

  // Accept the second.
  await droppedRow.getByRole('button', { name: 'Aceptar' }).click();
  const accept = page.getByRole('dialog', { name: 'Aceptar la cancelación' });
  await accept.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Aceptaste la cancelación: el CFDI quedó cancelado ante el SAT')).toBeVisible();
  await expect(inbox).toContainText('No tienes solicitudes de cancelación pendientes');

  // What SAT now says, from the supplier's side.
  const status = async (uuid: string) => (await (await request.get(`/api/cfdi/${uuid}/sat-status`, { headers: supplierHeaders })).json()) as { estado: string; estatusCancelacion: string | null };
  expect(await status(kept)).toMatchObject({ estado: 'Vigente' });
  expect(await status(dropped)).toMatchObject({ estado: 'Cancelado', estatusCancelacion: 'Cancelado con aceptación' });
});
