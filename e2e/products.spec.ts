import { expect, test } from '@playwright/test';
import { createAccountViaApi, signIn } from './support/account';
import { snap } from './support/screens';

test('adds a product by searching "servicios de contabilidad" in the SAT catalog', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  await signIn(page, request, account, '/products');
  await expect(page.getByRole('heading', { name: 'Productos' })).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo producto' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nuevo producto' });
  await drawer.getByRole('combobox', { name: 'Clave de producto o servicio (SAT)' }).fill('servicios de contabilidad');
  const option = page.getByRole('option', { name: /^841115\d\d - .*contabilidad/i }).first();
  await expect(option).toBeVisible();
  await snap(page, info, 'products-01-service-search');
  const chosen = (await option.textContent())!;
  await option.click();
  // The SAT description becomes the product's description, which the user may reword.
  await expect(drawer.getByLabel('Descripción del producto o servicio')).toHaveValue(chosen.replace(/^\d{8} - /, ''));

  await drawer.getByRole('combobox', { name: 'Clave de unidad (SAT)' }).fill('E48');
  await page.getByRole('option', { name: /^E48 - Unidad de servicio/ }).click();
  await expect(drawer.getByLabel('Descripción de la unidad')).toHaveValue('Unidad de servicio');
  await drawer.getByLabel('Valor unitario').fill('1500.50');
  // The price as the list and the invoices will show it (§9 money format).
  await expect(drawer.getByText('Se verá como $1,500.50')).toBeVisible();
  // IVA 16 % is there by default; add the 10 % ISR retención from the quick picks.
  await drawer.getByRole('button', { name: 'Agregar' }).nth(1).click();
  await page.getByRole('menuitem', { name: 'Retención ISR 10 %' }).click();
  await snap(page, info, 'products-02-form');
  await drawer.getByRole('button', { name: 'Guardar' }).click();
  await expect(drawer).toBeHidden();

  const table = page.getByTestId('products-table');
  await expect(table.getByText(chosen.slice(0, 8), { exact: true })).toBeVisible();
  await expect(table.getByText('$1,500.50')).toBeVisible();
  await expect(table.getByText('IVA 16 %, Ret. ISR 10 %')).toBeVisible();
  await snap(page, info, 'products-03-list');

  // The edit panel opens with the stored values, catalog descriptions included.
  await table.getByRole('button', { name: /^Editar / }).click();
  const edit = page.getByRole('dialog', { name: 'Editar producto' });
  await expect(edit.getByRole('combobox', { name: 'Clave de producto o servicio (SAT)' })).toHaveValue(chosen);
  await expect(edit.getByRole('combobox', { name: 'Clave de unidad (SAT)' })).toHaveValue('E48 - Unidad de servicio');
  await edit.getByLabel('Valor unitario').fill('2000.125');
  await expect(edit.getByText('Se verá como $2,000.125')).toBeVisible();
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toBeHidden();
  await expect(table.getByText('$2,000.125')).toBeVisible();

  // Over-limit unit description and float garbage are refused on the fields.
  await page.getByRole('button', { name: 'Nuevo producto' }).click();
  await drawer.getByLabel('Valor unitario').fill('1e3');
  await expect(drawer.getByText(/^Se verá como/)).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Guardar' }).click();
  await expect(drawer.getByText(/El valor unitario debe ser un número positivo/)).toBeVisible();
  await snap(page, info, 'products-04-errors');
});
