import { expect, test } from '@playwright/test';
import { createAccountViaApi, loginViaUi, selectOption } from './support/account';
import { snap } from './support/screens';

/** Issue 26 §8, decision 315: «Mis datos», the person's own settings apart from the account's fiscal profile. */
test('a person changes its name, e-mail language, password and e-mail on «Mis datos», logs out and logs in with the new password', async ({ page, request }, info) => {
  const account = await createAccountViaApi(request);
  await loginViaUi(page, account);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Mis datos' }).click();
  await expect(page).toHaveURL(/\/cuenta\/mis-datos$/);
  await expect(page.getByRole('heading', { name: 'Mis datos' })).toBeVisible();

  // Name and language of the e-mails.
  const person = page.getByTestId('person-card');
  await expect(person.getByLabel('Correo electrónico')).toHaveValue(account.email);
  await person.getByLabel('Nombre').fill('   ');
  await person.getByRole('button', { name: 'Guardar' }).click();
  await expect(person.getByText('Escribe tu nombre')).toBeVisible();
  await person.getByLabel('Nombre').fill('Ana Contadora Pruebas');
  await selectOption(page, 'Idioma de tus correos', 'Inglés (English)', person);
  await person.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tus datos se guardaron')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('person-card').getByLabel('Nombre')).toHaveValue('Ana Contadora Pruebas');
  await expect(page.getByTestId('person-card').getByRole('combobox', { name: 'Idioma de tus correos' })).toHaveValue('Inglés (English)');
  // The account's fiscal profile keeps its own name.
  const profile = await request.get('/api/profile', { headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` } });
  expect(await profile.text()).not.toContain('Ana Contadora Pruebas');

  // Password: a wrong current one is refused on its field, then the change goes through.
  const newPassword = 'Cambiada#2026y';
  const pwd = page.getByTestId('password-card');
  await pwd.getByLabel('Contraseña actual').fill('NoEsLa#2026');
  await pwd.getByLabel('Nueva contraseña', { exact: true }).fill(newPassword);
  await pwd.getByLabel('Confirma la nueva contraseña').fill(newPassword);
  await pwd.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(pwd.getByText('La contraseña actual no es correcta')).toBeVisible();
  await pwd.getByLabel('Contraseña actual').fill(account.password);
  await pwd.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Tu contraseña se actualizó; tus otras sesiones se cerraron')).toBeVisible();
  await expect(pwd.getByLabel('Contraseña actual')).toHaveValue('');
  // The second factor is on the same screen (the card of /cuenta/seguridad).
  await expect(page.getByTestId('two-factor-card').getByTestId('totp-start')).toBeVisible();
  await snap(page, info, 'person-settings-01-my-details');

  // The security notice went out in the language the person chose.
  const mail = await request.get(`/api/dev/outbox?to=${encodeURIComponent(account.email)}`);
  expect(((await mail.json()) as { data: { subject: string }[] }).data[0]?.subject).toBe('Your Facturo password was changed');

  // A new e-mail address counts only once the link mailed to it is opened.
  const newEmail = `nuevo.${Date.now()}@pruebas.facturo.local`;
  const emailCard = page.getByTestId('email-card');
  await emailCard.getByLabel('Correo nuevo').fill(newEmail);
  await emailCard.getByLabel('Contraseña actual').fill(newPassword);
  await emailCard.getByRole('button', { name: 'Enviar enlace de confirmación' }).click();
  await expect(emailCard.getByTestId('email-sent')).toContainText(newEmail);
  let link: string | undefined;
  await expect.poll(async () => {
    const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(newEmail)}`);
    link = /(\/confirmar-correo\/\S+)/.exec(((await res.json()) as { data: { text: string }[] }).data[0]?.text ?? '')?.[1];
    return link;
  }).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByTestId('confirm-email-result')).toContainText(`tu correo ahora es ${newEmail}`);
  await page.getByRole('link', { name: 'Mis datos' }).click();
  await expect(page.getByTestId('person-card').getByLabel('Correo electrónico')).toHaveValue(newEmail);

  // This session went on; log out, and only the new password opens it again.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('RFC o correo electrónico').fill(account.rfc);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('El RFC, correo o contraseña son incorrectos');
  await loginViaUi(page, { ...account, password: newPassword });
});
