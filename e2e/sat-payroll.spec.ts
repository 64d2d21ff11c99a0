import { expect as baseExpect, test } from '@playwright/test';
import { fiscalData, signIn } from './support/account';
import { employeeFor } from './support/employee';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { snap, settle } from './support/screens';

const expect = baseExpect.configure({ timeout: 45_000 });

test('a pre-payroll for three employees: one disabled, the rest stamped with the live bar, listed with their totals', async ({ page, request }, info) => {
  test.setTimeout(180_000);
  const account = await satTestAccount(request);
  await uploadSatCsd(request, account.token);
  const headers = { Authorization: `Bearer ${account.token}` };
  const profile = await request.put('/api/profile', {
    headers, data: { ...fiscalData, fullName: 'Escuela Kemper Urgate SA de CV', regimen: '601', registroPatronal: 'Y5412345105' },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const stamp = Date.now().toString().slice(-5);
  const people = [
    employeeFor(`N${stamp}1`, '500.00', 'ANA LÓPEZ RUIZ'),
    employeeFor(`N${stamp}2`, '650.00', 'BRUNO DÍAZ MORA'),
    employeeFor(`N${stamp}3`, '420.00', 'CARLA PÉREZ SOTO'),
  ];
  const created: number[] = [];
  for (const e of people) {
    const res = await request.post('/api/employees', { headers, data: e });
    expect(res.status(), await res.text()).toBe(201);
    created.push(((await res.json()) as { id: number }).id);
  }

  await signIn(page, request, account, '/pre-payroll');
  await settle(page);
  await page.getByRole('button', { name: 'Nueva prenómina' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nueva prenómina' });
  await drawer.getByRole('button', { name: 'Crear prenómina' }).click();
  // Empty dates say what to do, naming the field.
  await expect(drawer.getByText('Escribe la fecha inicial de pago')).toBeVisible();
  const date = (label: string, value: string) => drawer.getByLabel(label).fill(value);
  await date('Fecha inicial de pago', '01/11/2026');
  await date('Fecha final de pago', '15/11/2026');
  await date('Fecha de pago', '15/11/2026');
  // No employee picked: every active one (the three above) is paid. Leave the date field so its calendar closes.
  await drawer.getByLabel('Días pagados').click();
  await drawer.getByRole('button', { name: 'Crear prenómina' }).click();
  await expect(page).toHaveURL(/\/pre-payroll\?id=\d+$/);
  for (const e of people) await expect(page.getByTestId(`detalle-${e.no_empleado}`)).toContainText('Pendiente de timbrar');
  // Decision 323: the employer's quotas, computed with the worker's, beside them (what the payroll póliza books).
  await expect(page.getByRole('columnheader', { name: 'IMSS patronal' })).toBeVisible();
  for (const e of people) await expect(page.getByTestId(`detalle-${e.no_empleado}`)).toContainText(/\$[\d,]+\.\d{2}\s*\+ INFONAVIT \$[\d,]+\.\d{2}/);
  await snap(page, info, 'pre-payroll-detail');

  // Disable the third: the §4 confirm and toast.
  await page.getByRole('button', { name: `Deshabilitar el registro de ${people[2]!.nombre} ${people[2]!.apellido_paterno} ${people[2]!.apellido_materno}` }).click();
  await expect(page.getByText(`¿Desea deshabilitar el registro ${people[2]!.nombre} ${people[2]!.apellido_paterno} ${people[2]!.apellido_materno}?`)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Deshabilitar' }).click();
  await expect(page.getByText('Registro deshabilitado')).toBeVisible();
  await expect(page.getByTestId(`detalle-${people[2]!.no_empleado}`)).toContainText('Timbrado no disponible');

  // Stamp the two pending ones, watching the live bar to its end.
  await page.getByRole('button', { name: 'Timbrar 2 recibos' }).click();
  // Stamping several at once is confirmed first, naming the documents and the stamps used.
  await expect(page.getByRole('dialog')).toContainText('Se timbrarán 2 recibos de nómina y se usarán 2 timbres.');
  await page.getByRole('dialog').getByRole('button', { name: 'Sí, timbrar 2 recibos' }).click();
  const bar = page.getByTestId('job-progress');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('data-status', 'success', { timeout: 60_000 });
  await expect(bar).toHaveAttribute('data-progress', '100');
  for (const e of people.slice(0, 2)) await expect(page.getByTestId(`detalle-${e.no_empleado}`)).toContainText('Timbrado correctamente');
  await expect(page.getByTestId(`detalle-${people[2]!.no_empleado}`)).toContainText('Timbrado no disponible');
  const neto = await page.getByTestId('prenomina-total-neto').innerText();
  await snap(page, info, 'pre-payroll-stamped');

  // The month's emitted payroll: two receipts and the totals.
  await page.goto('/payroll/emitted');
  await settle(page);
  await expect(page.getByTestId('payroll-table').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByText('2 recibos')).toBeVisible();
  expect(neto).toContain(await page.getByTestId('payroll-total-total').locator('p').last().innerText());
  await snap(page, info, 'payroll-emitted');
  // And the run is in the "Lista de nóminas".
  await page.goto('/payroll');
  await settle(page);
  await expect(page.getByText('2 de 3 timbrados')).toBeVisible();
  // The SAT test account is shared with sat-payroll2-aguinaldo.spec.ts, whose run pays every active employee.
  for (const id of created) expect((await request.put(`/api/employees/enable/${id}`, { headers })).ok()).toBe(true);
});
