import { expect, expect as baseExpect, test } from '@playwright/test';
import { createAccountViaApi, loginViaUi, makePremium, selectOption } from './support/account';
import { randomRfc } from './support/rfc';
import { snap } from './support/screens';

// Playwright's loader cannot import the contract: a CURP and an NSS with correct check digits, by hand.
const CURP = 'HEGG560427MVZRRL04'; // RENAPO's published example
const NSS = '12345678903'; // Luhn digit 3

const money = /^\$\d{1,3}(,\d{3})*\.\d{2}$/;
const asMoney = (v: string) => `$${Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('creates an employee with a perception, sees the ISR/IMSS calculation, disables and re-enables it', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  const token = await makePremium(request, account);
  await loginViaUi(page, account);

  await page.goto('/employees');
  await expect(page.getByRole('heading', { name: 'Empleados' })).toBeVisible();
  await expect(page.getByText('Aún no tienes empleados')).toBeVisible();
  await page.getByRole('link', { name: 'Nuevo empleado' }).click();
  await expect(page).toHaveURL(/\/employees\/create$/);

  const rfc = randomRfc('fisica');
  await page.getByRole('textbox', { name: 'Nombre(s)', exact: true }).fill('Gloria');
  await page.getByRole('textbox', { name: 'Apellido paterno', exact: true }).fill('Hernández');
  await page.getByRole('textbox', { name: 'Apellido materno', exact: true }).fill('García');
  await page.getByRole('textbox', { name: 'RFC' }).fill(rfc);
  await page.getByRole('textbox', { name: 'CURP', exact: true }).fill(CURP);
  await page.getByRole('textbox', { name: 'Número de seguridad social (NSS)', exact: true }).fill(NSS);
  await page.getByRole('textbox', { name: 'Código postal fiscal', exact: true }).fill('06600');
  await page.getByRole('textbox', { name: 'Número de empleado', exact: true }).fill('E-001');
  await page.getByRole('textbox', { name: 'Puesto', exact: true }).fill('Contadora');
  await page.getByLabel('Inicio de la relación laboral', { exact: true }).fill('01/02/2024');
  await selectOption(page, 'Entidad federativa donde labora', /^CMX - /);
  await page.getByRole('textbox', { name: 'Salario diario', exact: true }).fill('500');

  // A wrong CURP check digit is refused on the field before anything is sent.
  await page.getByRole('textbox', { name: 'CURP', exact: true }).fill('HEGG560427MVZRRL05');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('El dígito verificador de la CURP no es correcto')).toBeVisible();
  await page.getByRole('textbox', { name: 'CURP', exact: true }).fill(CURP);

  // Perception in its modal: sueldo of the quincena plus a punctuality bonus.
  await page.getByRole('button', { name: 'Agregar percepción' }).click();
  const modal = page.getByRole('dialog', { name: 'Agregar percepción' });
  await selectOption(page, 'Tipo', /^001 - Sueldos/, modal);
  await modal.getByLabel('Clave').fill('SUELDO');
  await modal.getByLabel('Concepto').fill('Sueldo quincenal');
  await modal.getByLabel('Importe gravado').fill('7500');
  await modal.getByRole('button', { name: 'Aceptar' }).click();
  await expect(modal).toBeHidden();
  const perceptions = page.getByTestId('concepts-percepciones');
  await expect(perceptions.getByText('Sueldo quincenal')).toBeVisible();
  await expect(perceptions.getByText('$7,500.00')).toBeVisible();
  await snap(page, info, 'employees-01-form');

  // Over the §5 limit: the modal says so and keeps the row out.
  await page.getByRole('button', { name: 'Agregar deducción' }).click();
  const dedModal = page.getByRole('dialog', { name: 'Agregar deducción' });
  await selectOption(page, 'Tipo', /^004 - /, dedModal);
  await dedModal.getByLabel('Clave').fill('PREST');
  await dedModal.getByLabel('Concepto').fill('Préstamo');
  await dedModal.getByLabel('Importe', { exact: true }).fill('2000000.01');
  await dedModal.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dedModal.getByText('El importe no puede ser mayor a 2000000.00')).toBeVisible();
  await dedModal.getByRole('button', { name: 'Cancelar' }).click();

  await page.getByRole('button', { name: 'Calcular ISR e IMSS' }).click();
  const calc = page.getByRole('dialog', { name: 'Cálculo de ISR e IMSS' });
  await expect(calc.getByTestId('calc-percepciones')).toHaveText('$7,500.00');
  await expect(calc.getByTestId('calc-isr')).toHaveText(money);
  await expect(calc.getByTestId('calc-imss-obrero')).toHaveText(money);
  await expect(calc.getByTestId('calc-imss-patronal')).toHaveText(money);
  await snap(page, info, 'employees-02-calculation');
  const shownIsr = await calc.getByTestId('calc-isr').textContent();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page).toHaveURL(/\/employees$/);
  await expect(page.getByText('Empleado registrado')).toBeVisible();
  const row = page.getByTestId('employee-row-E-001');
  await expect(row.getByText('Gloria Hernández García')).toBeVisible();
  await expect(row.getByText('Activo')).toBeVisible();

  // The saved employee's calculation is the API's, formatted as $1,234.56.
  const list = await request.get('/api/employees', { headers: { Authorization: `Bearer ${token}` } });
  const id = ((await list.json()) as { data: { id: number }[] }).data[0]!.id;
  const api = (await (await request.get(`/api/employees/calculate/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Record<string, string>;
  await page.getByRole('button', { name: 'Calcular ISR e IMSS de Gloria Hernández García' }).click();
  const preview = page.getByRole('dialog', { name: 'Cálculo de ISR e IMSS' });
  await expect(preview.getByTestId('calc-isr')).toHaveText(asMoney(api.isr!));
  await expect(preview.getByTestId('calc-imss-obrero')).toHaveText(asMoney(api.imss_obrero!));
  await expect(preview.getByTestId('calc-neto')).toHaveText(asMoney(api.neto!));
  expect(shownIsr).toBe(asMoney(api.isr!));
  await snap(page, info, 'employees-03-preview');
  await page.keyboard.press('Escape');

  // Dar de baja after a confirmation, then reactivar.
  await page.getByRole('button', { name: 'Dar de baja a Gloria Hernández García' }).click();
  await page.getByRole('dialog', { name: 'Dar de baja' }).getByRole('button', { name: 'Dar de baja' }).click();
  await expect(page.getByText('Se dio de baja a Gloria Hernández García')).toBeVisible();
  await expect(row.getByText('Inactivo')).toBeVisible();
  await snap(page, info, 'employees-04-disabled');
  await page.getByRole('button', { name: 'Reactivar a Gloria Hernández García' }).click();
  await page.getByRole('dialog', { name: 'Reactivar empleado' }).getByRole('button', { name: 'Reactivar' }).click();
  await expect(page.getByText('Se reactivó a Gloria Hernández García')).toBeVisible();
  await expect(row.getByText('Activo')).toBeVisible();

  // Edit page: loaded with the saved data; a concept edited in its modal is saved with the employee.
  await page.getByRole('button', { name: 'Editar a Gloria Hernández García' }).click();
  await expect(page).toHaveURL(/\/employees\/edit\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'CURP', exact: true })).toHaveValue(CURP);
  await expect(page.getByRole('combobox', { name: 'Entidad federativa donde labora', exact: true })).toHaveValue(/^CMX - /);
  await page.getByRole('textbox', { name: 'Puesto', exact: true }).fill('Gerente de contabilidad');
  await page.getByRole('button', { name: 'Editar Sueldo quincenal' }).click();
  const editModal = page.getByRole('dialog', { name: 'Editar percepción' });
  await editModal.getByLabel('Importe gravado').fill('8000');
  await editModal.getByRole('button', { name: 'Aceptar' }).click();
  await expect(perceptions.getByText('$8,000.00')).toBeVisible();
  await snap(page, info, 'employees-05-edit');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Empleado actualizado')).toBeVisible();
  await expect(row.getByText('Gerente de contabilidad')).toBeVisible();
  const after = (await (await request.get(`/api/employees/${id}/edit`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { percepciones: { importe_gravado: string }[] };
  expect(after.percepciones.map((p) => p.importe_gravado)).toEqual(['8000.00']);
});

test('a free account is refused the employees API with the locked message', async ({ request }) => {
  const account = await createAccountViaApi(request);
  const login = await request.post('/api/login', { data: { username: account.rfc, password: account.password } });
  const { access_token } = (await login.json()) as { access_token: string };
  const res = await request.get('/api/employees', { headers: { Authorization: `Bearer ${access_token}` } });
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { message: string }).message).toBe('Actualiza a premium para desbloquear esta funcionalidad');
});

test('issue 18: salario diario empty or not a number gets its message; the scroll-to-top button never covers Guardar or a dialog', async ({ page, request }) => {
  test.setTimeout(240_000); // a long form on a loaded CI machine; nothing here is timed
  const expect = baseExpect.configure({ timeout: 45_000 });
  const account = await createAccountViaApi(request);
  await makePremium(request, account);
  await loginViaUi(page, account);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const posts: string[] = [];
  page.on('request', (r) => { if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/employees') posts.push(r.url()); });

  await page.goto('/employees/create');
  const salary = page.getByRole('textbox', { name: 'Salario diario', exact: true });
  await expect(salary).toBeVisible();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Escribe el salario diario', { exact: true })).toBeVisible();
  await salary.fill('abc');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('El salario diario debe ser un número con hasta 2 decimales', { exact: true })).toBeVisible();
  expect(posts).toEqual([]);
  expect(pageErrors).toEqual([]);

  // At the bottom of the long form the floating button sits clear of the form's buttons.
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const toTop = page.getByRole('button', { name: 'Volver arriba' });
  await expect(toTop).toBeVisible();
  const save = page.getByRole('button', { name: 'Guardar', exact: true });
  const [a, b] = [await save.boundingBox(), await toTop.boundingBox()];
  const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
  expect(overlap).toBe(false);
  // A dialog covers it: what is under the button's centre is no longer the button.
  await page.getByRole('button', { name: 'Agregar percepción' }).click();
  await expect(page.getByRole('dialog', { name: 'Agregar percepción' })).toBeVisible();
  const onTop = await page.evaluate(([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('[aria-label="Volver arriba"]')), [b!.x + b!.width / 2, b!.y + b!.height / 2]);
  expect(onTop).toBe(false);
});
