import { expect, test } from '@playwright/test';
import { signIn } from './support/account';
import { randomRfc } from './support/rfc';
import { satTestAccount, uploadSatCsd } from './support/sat-account';
import { snap } from './support/screens';
import { csfLinesFisica, textPdf } from '../apps/api/src/modules/clients/text-pdf.test-support';

/**
 * Issue 29 §6: the owner opens the self-invoicing portal and records a sale; a customer, in a fresh browser with no
 * session, opens /f/{slug}, proves the ticket with its folio and total, types their fiscal data and gets the UUID.
 * Named sat-*: stamping needs the shared SAT test account (its CSD is the only one we have).
 */
test('a customer self-invoices a ticket on the public portal, with no login', async ({ page, browser, request }, info) => {
  test.setTimeout(180_000);
  const account = await satTestAccount(request);
  await uploadSatCsd(request, account.token);
  const headers = { Authorization: `Bearer ${account.token}` };
  const slug = `kemper-${Date.now().toString(36)}`;
  const portal = await request.put('/api/portal', { headers, data: { habilitado: true, slug, vencenFinDeMes: true } });
  expect(portal.status(), await portal.text()).toBe(200);
  const folio = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const ticket = await request.post('/api/portal/tickets', {
    headers,
    data: {
      folio, fecha: today, total: '348.00', formaPago: '04',
      conceptos: [{ claveProdServ: '50202306', claveUnidad: 'H87', descripcion: 'Café de grano 1 kg', cantidad: '2', valorUnitario: '150.00', objetoImp: '02',
        traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }] }],
    },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);

  // The owner's screen lists it as pending.
  await signIn(page, request, account, '/invoicing/portal');
  await expect(page.getByRole('heading', { name: 'Portal de autofacturación' })).toBeVisible();
  await expect(page.getByTestId('portal-tickets').getByRole('row').filter({ hasText: folio })).toContainText('Pendiente');
  await expect(page.getByTestId('portal-link')).toContainText(`/f/${slug}`);
  await snap(page, info, 'portal-01-owner');

  // A customer: a new context, no token in its storage.
  const customer = await browser.newContext();
  const p = await customer.newPage();
  await p.goto(`/f/${slug}`);
  await expect(p.getByRole('heading', { name: 'Escuela Kemper Urgate SA de CV' })).toBeVisible();
  await p.getByTestId('portal-folio').fill(folio);
  await p.getByTestId('portal-total').fill('348.01');
  await p.getByTestId('portal-find').click();
  await expect(p.getByTestId('portal-error')).toContainText('No encontramos un ticket con ese folio y total');
  await p.getByTestId('portal-total').fill('$348.00');
  await p.getByTestId('portal-find').click();
  await expect(p.getByTestId('portal-ticket')).toContainText(folio);
  // The customer's constancia fills RFC, nombre, CP and régimen; every field stays editable.
  const rfc = randomRfc('fisica');
  await p.getByTestId('portal-csf').setInputFiles({ name: 'constancia.pdf', mimeType: 'application/pdf', buffer: textPdf(csfLinesFisica(rfc, '44100')) });
  await expect(p.getByTestId('portal-rfc')).toHaveValue(rfc);
  await expect(p.getByTestId('portal-nombre')).toHaveValue(/JUANA/);
  await expect(p.getByTestId('portal-cp')).toHaveValue('44100');
  await expect(p.getByTestId('portal-regimen')).not.toHaveValue('');
  await p.getByTestId('portal-nombre').fill('LUCÍA MÉNDEZ ORTIZ');
  await p.getByTestId('portal-cp').fill('44100');
  await p.getByTestId('portal-regimen').selectOption('612');
  await p.getByTestId('portal-uso').selectOption('G03');
  await p.getByTestId('portal-email').fill('lucia.portal@ejemplo.mx');
  await snap(p, info, 'portal-02-customer');
  await p.getByTestId('portal-facturar').click();
  await expect(p.getByTestId('portal-uuid')).toHaveText(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/, { timeout: 60_000 });
  await expect(p.getByTestId('portal-result')).toContainText('lucia.portal@ejemplo.mx');
  const uuid = (await p.getByTestId('portal-uuid').textContent())!;
  await snap(p, info, 'portal-03-done');
  await customer.close();

  // The owner sees it invoiced with that UUID.
  await page.reload();
  await expect(page.getByTestId('portal-tickets').getByRole('row').filter({ hasText: folio })).toContainText(uuid);
});
