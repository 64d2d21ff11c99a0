import { expect, test } from '@playwright/test';
import { createAccountViaApi, signIn } from './support/account';
import { snap } from './support/screens';
import { csfLinesFisica, textPdf } from '../apps/api/src/modules/clients/text-pdf.test-support';

// On a fresh account: beside the SAT-account chain (profile.spec.ts registers the SAT test account), not in it.
test('general data, picture limit, tax residence by CP, constancia and a fiscal obligation', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  await signIn(page, request, account, '/profile/0');
  await page.getByLabel('Teléfono (10 dígitos)').fill('5512345678');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Tu perfil se actualizó')).toBeVisible();

  // A 2 MB picture is refused with the §5 limit; a small PNG is stored and shown.
  const fileInput = page.locator('input[type="file"][accept*="image"]');
  await fileInput.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.alloc(2_000_000, 1) });
  await expect(page.getByTestId('avatar-error')).toHaveText('La imagen de perfil debe pesar como máximo 1 MB');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAJ0lEQVR4nGNkYPjPQApgIkn1qIZRDaMaRjWMahjVMKphVMOohtGgAQA8KgEf3k5QtQAAAABJRU5ErkJggg==',
    'base64',
  );
  await fileInput.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('profile-avatar').locator('img').first()).toBeVisible();
  // The top menu shows it too: fetched with the token and shown from a blob URL.
  const menuPicture = page.getByTestId('user-menu').locator('img');
  await expect(menuPicture).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => menuPicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);
  await snap(page, info, 'profile-general');

  await page.getByTestId('tab-residence').click();
  await expect(page).toHaveURL(/\/profile\/4$/);
  await page.getByLabel('Código postal').fill('64000');
  await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('Nuevo León');
  await expect(page.getByRole('combobox', { name: 'Municipio' })).toHaveValue('Monterrey');
  await page.getByLabel('Calle').fill('Av. Constitución');
  // Toasts close by themselves after 3 s (§9), so the next one is the only one on screen.
  await expect(page.getByText('Tu perfil se actualizó')).toHaveCount(0, { timeout: 6_000 });
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Tu perfil se actualizó')).toBeVisible();
  await snap(page, info, 'profile-residence');
  const saved = await page.evaluate(async () => {
    const token = localStorage.getItem('accessToken');
    const res = await fetch('/api/profile?onlyAddress=1', { headers: { Authorization: `Bearer ${token}` } });
    return res.json();
  });
  expect(saved.address).toMatchObject({ cp: '64000', estado: 'NLE', calle: 'Av. Constitución' });

  await page.getByTestId('tab-tax').click();
  const card = page.getByTestId('obligations-card');
  await card.getByRole('button', { name: 'Agregar obligación' }).click();
  await card.getByLabel('Descripción').fill('Pago definitivo mensual de IVA');
  await card.getByLabel('Vencimiento').fill('A más tardar el día 17 del mes siguiente');
  // Dates are typed day first (dd/mm/aaaa), as a Mexican user reads them.
  await card.getByLabel('Fecha de inicio').fill('05/01/2026');
  await expect(page.getByRole('button', { name: '5 enero 2026', exact: true }).and(page.locator('[data-selected]'))).toBeVisible();
  await snap(page, info, 'profile-obligation-date');
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: 'Guardar' }).click();
  await expect(card.getByRole('cell', { name: 'Pago definitivo mensual de IVA' })).toBeVisible();
  await expect(card.getByRole('cell', { name: '05/01/2026' })).toBeVisible();
  await snap(page, info, 'profile-obligations');

  // The constancia PDF fills the history and the obligations it lists (live CSF event refetches).
  await page.getByTestId('tab-cif').click();
  // As a user does, upload once the tab shows its (empty) history.
  await expect(page.getByText('Aún no has subido constancias.')).toBeVisible();
  const pdf = textPdf(csfLinesFisica(account.rfc, '64000'));
  await page.locator('input[type="file"][accept="application/pdf"]').setInputFiles({ name: 'constancia.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByRole('cell', { name: 'JUANA PÉREZ NÚÑEZ' })).toBeVisible();
  await snap(page, info, 'profile-cif');
  await page.getByTestId('tab-tax').click();
  await expect(page.getByTestId('obligations-card').getByRole('cell', { name: 'Declaración anual de ISR' })).toBeVisible();
  await expect(page.getByTestId('obligations-card').getByRole('cell', { name: 'Constancia', exact: true })).toBeVisible();
  await page.getByTestId('tab-account').click();
  await page.getByTestId('open-password').click();
  await expect(page.getByRole('dialog', { name: 'Cambiar contraseña' })).toBeVisible();
  await snap(page, info, 'profile-password');
});
