import { expect as baseExpect, test } from '@playwright/test';
import { fiscalData } from './support/account';
import { employeeFor } from './support/employee';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { snap, settle } from './support/screens';

const expect = baseExpect.configure({ timeout: 45_000 });

// Issue 24 items 3 and 14: an aguinaldo payroll by RLISR art. 174, refused while one employee's data would be
// refused by SAT (the problems listed per employee on screen), stamped once that employee is left out.
test('an aguinaldo run: the ISR method chosen, the problems per employee before stamping, then stamped', async ({ page, request }, info) => {
  test.setTimeout(360_000);
  const account = await satTestAccount(request);
  await uploadSatCsd(request, account.token);
  const headers = { Authorization: `Bearer ${account.token}` };
  const profile = await request.put('/api/profile', {
    headers, data: { ...fiscalData, fullName: 'Escuela Kemper Urgate SA de CV', regimen: '601', registroPatronal: 'Y5412345105' },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const stamp = Date.now().toString().slice(-5);
  const low = employeeFor(`A${stamp}1`, '315.04', 'ANA LÓPEZ RUIZ');
  const high = employeeFor(`A${stamp}2`, '2000.00', 'BRUNO DÍAZ MORA');
  // Its CURP belongs to someone else (the first ten characters differ from the RFC's).
  const bad = { ...employeeFor(`A${stamp}3`, '420.00', 'CARLA PÉREZ SOTO'), curp: employeeFor('X', '1', 'X Y Z').curp };
  const created: number[] = [];
  for (const e of [low, high, bad]) {
    const res = await request.post('/api/employees', { headers, data: e });
    expect(res.status(), await res.text()).toBe(201);
    created.push(((await res.json()) as { id: number }).id);
  }
  // The SAT test account is shared by the payroll specs: its next pre-payroll pays every active employee, so
  // these three are disabled when this test ends (it runs after sat-payroll.spec.ts, which counts the month's receipts).
  const disable = async () => {
    for (const id of created) {
      const res = await request.put(`/api/employees/enable/${id}`, { headers });
      expect(res.ok(), await res.text()).toBe(true);
    }
  };

  // The login screen, with room for a loaded machine (the shared helper waits 15 s for the dashboard).
  await page.goto('/login');
  await page.getByLabel('RFC o correo electrónico').fill(account.rfc);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/, { timeout: 90_000 });
  await page.goto('/pre-payroll');
  await settle(page);
  await page.getByRole('button', { name: 'Nueva prenómina' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nueva prenómina' });
  await drawer.getByText('Aguinaldo', { exact: true }).click();
  await expect(drawer.getByTestId('prenomina-kind-hint')).toContainText('exento hasta 30 UMA');
  await expect(drawer.getByLabel('Días de aguinaldo')).toHaveValue('15');
  await drawer.getByRole('combobox', { name: 'Método del ISR' }).click();
  await page.getByRole('option', { name: /Art\. 174 RLISR/ }).click();
  await drawer.getByLabel('Fecha inicial de pago').fill('01/01/2026');
  await drawer.getByLabel('Fecha final de pago').fill('31/12/2026');
  await drawer.getByLabel('Fecha de pago').fill('15/12/2026');
  await drawer.getByLabel('Días de aguinaldo').click();
  await drawer.getByRole('button', { name: 'Crear prenómina' }).click();
  await expect(page).toHaveURL(/\/pre-payroll\?id=\d+$/);
  await expect(page.getByTestId('prenomina-kind')).toHaveText('Aguinaldo');
  await expect(page.getByTestId('prenomina-method')).toContainText('Art. 174 RLISR');
  // Hand-computed (RLISR 174, UMA 117.31): 315.04 × 15 → ISR 131.23; 2,000 × 15 → ISR 7,944.26.
  await expect(page.getByTestId(`detalle-${low.no_empleado}`)).toContainText('131.23');
  await expect(page.getByTestId(`detalle-${high.no_empleado}`)).toContainText('7,944.26');

  // What SAT would refuse is on screen before anything is stamped.
  const problems = page.getByTestId('payroll-problems');
  await expect(problems).toContainText('1 empleado tiene datos que el SAT rechazaría');
  await expect(page.getByTestId(`problem-${bad.no_empleado}`)).toContainText('no corresponde al RFC');
  await snap(page, info, 'payroll-problems');
  await page.screenshot({ path: '/tmp/h1-payroll-problems.png', fullPage: true });
  await page.getByRole('button', { name: 'Timbrar 3 recibos' }).click();
  // Stamping several at once is confirmed first, naming the documents and the stamps used.
  await expect(page.getByRole('dialog')).toContainText('Se timbrarán 3 recibos de nómina y se usarán 3 timbres.');
  await page.getByRole('dialog').getByRole('button', { name: 'Sí, timbrar 3 recibos' }).click();
  await expect(page.getByTestId('release-error')).toContainText('Un empleado tiene datos que el SAT rechazaría');
  await expect(page.getByTestId('release-error')).toContainText(`${bad.no_empleado} CARLA PÉREZ SOTO: La CURP`);
  for (const e of [low, high, bad]) await expect(page.getByTestId(`detalle-${e.no_empleado}`)).toContainText('Pendiente de timbrar');

  // Leave the bad one out: the problems go and the other two stamp.
  await page.getByRole('button', { name: `Deshabilitar el registro de ${bad.nombre} ${bad.apellido_paterno} ${bad.apellido_materno}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deshabilitar' }).click();
  await expect(problems).toHaveCount(0);
  await page.getByRole('button', { name: 'Timbrar 2 recibos' }).click();
  // Stamping several at once is confirmed first, naming the documents and the stamps used.
  await expect(page.getByRole('dialog')).toContainText('Se timbrarán 2 recibos de nómina y se usarán 2 timbres.');
  await page.getByRole('dialog').getByRole('button', { name: 'Sí, timbrar 2 recibos' }).click();
  const bar = page.getByTestId('job-progress');
  await expect(bar).toHaveAttribute('data-status', 'success', { timeout: 60_000 });
  for (const e of [low, high]) await expect(page.getByTestId(`detalle-${e.no_empleado}`)).toContainText('Timbrado correctamente');
  await expect(page.getByRole('button', { name: 'Enviar recibos por correo' })).toBeVisible();
  await page.screenshot({ path: '/tmp/h1-payroll-aguinaldo.png', fullPage: true });
  await disable();
});
