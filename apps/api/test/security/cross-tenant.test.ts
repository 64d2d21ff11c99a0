import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { routePath, routes, type RouteDef } from '@facturo/contract';
import { startTestServer, type TestServer } from '../server';
import { createAccount, type TestAccount } from '../accounts';
import { callApi } from '../http';
import { importXmls } from '../import-xmls';
import { createCustomer, invoiceBody, invoicingAccount } from '../../src/modules/invoicing/invoicing-test-kit';
import { employeeBody } from '../../src/modules/employees/employee-fixtures.test-support';
import { csfLinesMoral, textPdf } from '../../src/modules/clients/text-pdf.test-support';
import { diotAcusePdf } from '../../src/modules/statements/diot-acuse.test-support';
import { invoiceBatches, users, webhookDeliveries, webhookEndpoints } from '../../src/db/schema';
import {
  bankStatement, deduction, localNow, month, otherPayment, payForm, perception, period, probes, productBody, v, year, type Probe,
} from './cross-tenant-probes';

// Real server, real HTTP, stamping and jobs on a shared 2-core machine: generous time per test.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

/**
 * Issue 12 §6: the cross-tenant matrix, generated from the route table. Account A (premium, SAT test CSD)
 * and A2 (premium, A's customer, who imported what A issued to it) own real data in every area; account B
 * (premium) calls every entry whose path, query or body carries an id, uuid, rfc, folio or card id with A's
 * values. B gets only 403/404 (or, for an id in a query or body, a 422 that names that field), never A's data,
 * and A's data reads the same afterwards. A route added with such a key and no probe here fails the test.
 */

/** Keys that name a record or a tenant: ids, UUIDs, RFCs, folios, payment ids, card ids. */
const ID_KEY = /^(id|uuid|rfc|folio|pmId|paymentMethod|pIdPago|uuidSustitucion)$|Id$|_id$/;
/** Body keys whose items carry ids (arrays of employee ids, payment documents, related CFDI). */
const NESTED_ID_KEYS = new Set(['empleados', 'documentos', 'cfdiRelacionados', 'movimientos']);

/**
 * Entries with such a key that hold no tenant data under it — each with its reason. Everything else with an
 * id-like key must have a probe below.
 */
const NOT_TENANT_DATA: Record<string, string> = {
  // Catalog ids (states), the same for every account.
  'catalogs.municipalities': 'catálogo de municipios por estado',
  'clients.municipalities': 'catálogo de municipios por estado',
  // PDF templates are a shared catalog; the choice is stored for the caller.
  'invoicing.setUserTemplate': 'pdfTemplateId es del catálogo de plantillas',
  // Announcements are published by the administrator for every account; marks are the caller's own.
  'announcements.read': 'avisos globales; la marca de leído es del propio usuario',
  'announcements.update': 'solo administrador; avisos globales',
  'announcements.delete': 'solo administrador; avisos globales',
  // Issue 29 §6: a ticket's folio is per account; B registering A's folio makes B's own ticket, never reaches A's.
  'portal.ticketCreate': 'el folio del ticket es propio de cada cuenta (único por cuenta)',
};

/**
 * Entries whose id-like key does not select a record: they answer the caller's own data whatever the value
 * (asserted: 2xx and none of A's values in the body).
 */
const CALLER_KEYED: Record<string, string> = {
  'notifications.markRead': 'solo marca notificaciones de la propia cuenta: un id ajeno no marca nada (200, marked 0, como una ya leída)',
};

/** Public entries take no token: there is no "other tenant" (enumeration.test.ts covers their answers). */
const isPublic = (def: RouteDef) => def.access.public === true;

function schemaKeys(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return Object.keys(json.properties ?? {});
}

interface Tenanted { name: string; def: RouteDef; pathKeys: string[]; queryKeys: string[]; bodyKeys: string[] }

/** Every entry of the table that carries an id-like key, with where it carries it. */
function tenantedEntries(): Tenanted[] {
  return Object.entries(routes as Record<string, RouteDef>).flatMap(([name, def]) => {
    if (isPublic(def)) return [];
    const pathKeys = schemaKeys(def.params).filter((k) => ID_KEY.test(k));
    const queryKeys = schemaKeys(def.query).filter((k) => ID_KEY.test(k));
    // A body `rfc` of a customer, employee or retention receptor names a third party the caller registers for
    // itself (route access says so): registering the same RFC is not reaching A's data.
    const bodyKeys = schemaKeys(def.body).filter((k) => (ID_KEY.test(k) || NESTED_ID_KEYS.has(k)) && !(k === 'rfc' && def.access.bodyRfcIsThirdParty));
    return pathKeys.length + queryKeys.length + bodyKeys.length ? [{ name, def, pathKeys, queryKeys, bodyKeys }] : [];
  });
}

let server: TestServer;
let a: TestAccount;
let a2: TestAccount;
let b: TestAccount;
/** Issue 26 §4: members of B's account (one per role but owner) attack A with B-scoped person tokens. */
const bMembers: (TestAccount & { rol: string })[] = [];

/** Sends one probe as `who`: status and raw text. */
async function send(who: TestAccount, def: RouteDef, p: Probe): Promise<{ status: number; text: string }> {
  const query = p.query ? `?${new URLSearchParams(p.query).toString()}` : '';
  const url = `${server.baseUrl}${routePath(def.path, p.params)}${query}`;
  let body: BodyInit | undefined;
  const headers: Record<string, string> = { ...who.headers };
  if (p.encoding === 'multipart') {
    const form = new FormData();
    for (const [k, data] of Object.entries(p.body as Record<string, Buffer>)) form.append(k, new Blob([new Uint8Array(data)], { type: 'application/pdf' }), `${k}.pdf`);
    body = form;
  } else if (p.encoding === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(p.body as Record<string, string>).toString();
  } else if (p.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(p.body);
  } else if (def.method !== 'GET' && def.method !== 'DELETE') {
    headers['content-type'] = 'application/json';
    body = '{}';
  }
  const res = await fetch(url, { method: def.method, headers, body });
  return { status: res.status, text: await res.text() };
}

const get = async (who: TestAccount, path: string) => {
  const res = await callApi(server.baseUrl, who.headers, 'GET', path);
  expect(res.status, `${path} → ${res.status} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};

/** What A and A2 read of their own data: compared before and after B's probes. */
async function snapshot() {
  return {
    clients: await get(a, '/api/clients?perPage=50'),
    client: await get(a, `/api/clients/${v.customerId}/edit`),
    products: await get(a, '/api/products?perPage=50'),
    employees: await get(a, '/api/employees?perPage=50'),
    employee: await get(a, `/api/employees/${v.employeeId}/edit`),
    prenomina: await get(a, `/api/prenomina/${v.prenominaId}`),
    incomes: await get(a, `/api/incomes/${month}/${year}?perPage=50`),
    payments: await get(a, `/api/getPagosFactura/${v.ppdUuid}`),
    retentions: await get(a, `/api/getRetencionesEmitidas/${month}/${year}`),
    statement: await get(a, `/api/statements/${v.statementId}`),
    diot: await get(a, `/api/diot/${v.diotFolio}`),
    diotSuppliers: await get(a, '/api/diot/proveedores'),
    obligations: await get(a, '/api/profile/obligations?perPage=50'),
    activities: await get(a, '/api/profile/activities?perPage=50'),
    csf: await get(a, '/api/profile/csf'),
    cards: await get(a, '/api/payments/cards'),
    stamps: await get(a, '/api/timbres'),
    notificationUnread: ((await get(a, '/api/notificaciones/urgentes')).data as { id: number }[]).some((n) => n.id === v.notificationId),
    subscription: await get(a, '/api/customer/plan'),
    members: await get(a, '/api/cuenta/miembros'),
    activity: ((await get(a, '/api/cuenta/actividad')) as unknown[]).length,
    outcomes: await get(a2, `/api/outcomes/${month}/${year}?perPage=50`),
    receivedRetentions: await get(a2, `/api/getRetencionesRecibidas/${month}/${year}`),
    polizas: await get(a, '/api/contabilidad/polizas?anio=2026&mes=1'),
    bankMovements: await get(a, `/api/bancos/movimientos?cuenta=${v.bankAccountId}`),
  };
}

/** Strings of A's that must never appear in an answer to B. */
const secretsOfA = () => [a.rfc, a2.rfc, a.email, v.invoiceUuid, v.ppdUuid, v.paymentUuid, v.receivedUuid, v.retentionUuid, 'MARÍA LÓPEZ', 'María José'];

let before: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  server = await startTestServer();
  a = await invoicingAccount(server.baseUrl, true, 11);
  v.aRfc = a.rfc;
  [a2, b] = await Promise.all([createAccount(server.baseUrl, { rol: 11 }), createAccount(server.baseUrl, { rol: 11 })]);
  const call = async (who: TestAccount, method: string, path: string, body?: unknown, status = [200, 201, 202]) => {
    const res = await callApi(server.baseUrl, who.headers, method, path, body);
    expect(status, `${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
    return res.body;
  };
  const profile = await call(a, 'PUT', '/api/profile', {
    fullName: 'ESCUELA KEMPER URGATE', regimen: '601', cp: '06600', estado: 'CMX', municipio: '015', timeZone: 'America/Mexico_City', registroPatronal: 'Y5412345105',
  });
  expect(profile).toBeTruthy();
  v.backgroundId = (await call(a, 'GET', '/api/background/process')).data[0].id;
  v.notificationId = (await call(a, 'POST', '/api/dev/notificacion', { title: 'Aviso de A' })).id;
  // Customer (A2's RFC, so A2 can import what A issues), product, employee with one concept of each kind.
  v.customerId = (await createCustomer(server.baseUrl, a, { rfc: a2.rfc })).id;
  v.productId = (await call(a, 'POST', '/api/products', { ...productBody, descripcionProducto: 'Servicio de A' })).id;
  v.employeeId = (await call(a, 'POST', '/api/employees', employeeBody())).id;
  v.perceptionId = (await call(a, 'POST', `/api/employees/${v.employeeId}/perceptions`, perception)).percepciones[0].id;
  v.deductionId = (await call(a, 'POST', `/api/employees/${v.employeeId}/deductions`, deduction)).deducciones[0].id;
  v.otherPaymentId = (await call(a, 'POST', `/api/employees/${v.employeeId}/other-payments`, otherPayment)).otrosPagos[0].id;
  v.bEmployeeId = (await call(b, 'POST', '/api/employees', employeeBody({ nombre: 'Pedro' }))).id;
  // An issued invoice (PUE), a PPD invoice with one payment complement.
  const invoice = await call(a, 'POST', '/api/invoice40', invoiceBody(v.customerId));
  v.invoiceUuid = invoice.uuid;
  const ppd = await call(a, 'POST', '/api/invoice40', invoiceBody(v.customerId, { metodoPago: 'PPD', formaPago: '99', serie: 'P' }));
  v.ppdUuid = ppd.uuid;
  const payRes = await fetch(`${server.baseUrl}/api/recepcionpagos/applyPay`, {
    method: 'POST', headers: { ...a.headers, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(payForm(v.ppdUuid)).toString(),
  });
  const pay = (await payRes.json()) as { uuid: string };
  expect(payRes.status, JSON.stringify(pay)).toBe(201);
  v.paymentUuid = pay.uuid;
  v.invoiceAppId = (await call(a, 'GET', '/api/apps/invoice/invoices?perPage=50')).data.find((r: { uuid: string }) => r.uuid?.toUpperCase() === v.invoiceUuid.toUpperCase())?.id
    ?? (await call(a, 'GET', '/api/apps/invoice/invoices?perPage=50')).data[0].id;
  v.recurringId = (await call(a, 'POST', '/api/recurrentes', { uuid: v.invoiceUuid, frecuencia: 'mes', cada: 1 })).id;
  v.apiKeyId = (await call(a, 'POST', '/api/api-keys', { nombre: 'Sonda', modo: 'test' })).id;
  v.portalTicketId = (await call(a, 'POST', '/api/portal/tickets', {
    folio: 'SONDA-1', fecha: localNow().slice(0, 10), total: '116.00',
    conceptos: [{ claveProdServ: '50202306', claveUnidad: 'H87', descripcion: 'Sonda', cantidad: '1', valorUnitario: '100.00', objetoImp: '02', traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }] }],
  })).id;
  {
    const db = server.runtime.ctx.db;
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.rfc, a.rfc));
    v.batchId = randomUUID();
    await db.insert(invoiceBatches).values({ id: v.batchId, userId: me!.id, processId: randomUUID(), groups: [] });
    // Written directly: the API refuses a URL that does not resolve to a public address (SSRF guard).
    const [endpoint] = await db.insert(webhookEndpoints).values({
      userId: me!.id, url: 'https://tienda.example/hook', eventos: ['invoice.stamped'], secretSealed: server.runtime.ctx.secrets.seal('whsec_sonda', 'webhook-secret'),
    }).returning({ id: webhookEndpoints.id });
    v.webhookEndpointId = endpoint!.id;
    const [delivery] = await db.insert(webhookDeliveries).values({
      userId: me!.id, endpointId: endpoint!.id, eventId: randomUUID(), evento: 'invoice.stamped', payload: { sonda: true }, estado: 'entregada',
    }).returning({ id: webhookDeliveries.id });
    v.webhookDeliveryId = delivery!.id;
  }
  // A pre-payroll, a retention issued to A2, this month's statement, a DIOT with its acuse.
  const pre = await call(a, 'POST', '/api/crearPrenomina', { ...period, empleados: [v.employeeId] });
  v.prenominaId = pre.id;
  v.detailId = (await call(a, 'GET', `/api/prenomina/${v.prenominaId}`)).detalle_nomina[0].id;
  const retention = await call(a, 'POST', '/api/retenciones', {
    cveRetenc: '16', receptor: { nacionalidad: 'Nacional', rfc: a2.rfc, nombre: 'JUANA PEREZ NUNEZ', cp: '06600' },
    periodo: { mesIni: 1, mesFin: 1, ejercicio: 2026 },
    totales: { montoTotGrav: '1000', montoTotExent: '0', impRetenidos: [{ baseRet: '1000', impuestoRet: '001', montoRet: '10', tipoPagoRet: '04' }] },
    complementos: { intereses: { sistFinanciero: 'SI', retiroAORESRetInt: 'NO', operFinancDerivad: 'NO', montIntNominal: '1000', montIntReal: '700', perdida: '0' } },
  });
  v.retentionUuid = retention.uuid;
  v.statementId = (await call(a, 'POST', '/api/statements/start', { month, year })).id;
  v.diotFolio = (await call(a, 'POST', '/api/diot', { month: 1, year: 2026 })).folio;
  const acuse = new FormData();
  acuse.append('acuse', new Blob([new Uint8Array(await diotAcusePdf(a.rfc, 2026, 1))], { type: 'application/pdf' }), 'acuse.pdf');
  expect((await fetch(`${server.baseUrl}/api/diot/${v.diotFolio}/acuse`, { method: 'POST', headers: a.headers, body: acuse })).status).toBeLessThan(300);
  // A DIOT supplier with its tipo de operación.
  v.diotSupplierId = (await call(a, 'PUT', '/api/diot/proveedores', { rfc: 'XIA190128J61', tipoOperacion: '85' })).id;
  // Profile: an obligation, an activity, a constancia (CSF).
  v.obligationId = (await call(a, 'POST', '/api/profile/obligations', { descripcion: 'Obligación de A', vencimiento: 'Mensual', init_date: '2020-01-01' })).id;
  v.activityId = (await call(a, 'POST', '/api/profile/activities', { name: 'Actividad de A', percentage: 10, init_date: '2020-01-01' })).id;
  const csf = new FormData();
  csf.append('file', new Blob([new Uint8Array(textPdf(csfLinesMoral(a.rfc, '06600')))], { type: 'application/pdf' }), 'constancia.pdf');
  const csfRes = await fetch(`${server.baseUrl}/api/profile/csf`, { method: 'POST', headers: a.headers, body: csf });
  const csfBody = (await csfRes.json()) as { certificate: { id: number } };
  expect(csfRes.status, JSON.stringify(csfBody)).toBe(201);
  v.csfId = csfBody.certificate.id;
  // A card and a paid subscription (a receipt).
  await call(a, 'POST', '/api/payments/cards', { paymentMethod: 'pm_card_visa', name: 'Escuela Kemper' });
  v.cardId = (await call(a, 'GET', '/api/payments/cards')).data[0].id;
  await call(a, 'POST', '/api/subscription', { priceId: 'price_premium_monthly', paymentMethod: v.cardId });
  v.receiptId = (await call(a, 'GET', '/api/payments')).data[0].id;
  // An OXXO voucher of A's, not paid yet (B must not pay it in A's name).
  v.voucherId = (await call(a, 'GET', '/api/payments/setup-intent/10')).voucher.paymentIntentId;
  // A2 imports what A issued to it (a received CFDI and a received retention): its import job is A2's too.
  const invoiceXml = await (await fetch(`${server.baseUrl}/api/incomes/${v.invoiceUuid}/xml`, { headers: a.headers })).text();
  const retentionXml = await (await fetch(`${server.baseUrl}/api/retenciones/${v.retentionUuid}/xml`, { headers: a.headers })).text();
  const imported = await importXmls(server.baseUrl, a2, [invoiceXml, retentionXml]);
  expect(imported.imported, JSON.stringify(imported)).toBe(2);
  v.importId = imported.id;
  v.receivedUuid = v.invoiceUuid;
  v.receivedRetentionUuid = v.retentionUuid;
  // A manual póliza (issue 28) of A's.
  v.polizaId = (await call(a, 'POST', '/api/contabilidad/polizas', {
    tipo: 'diario', fecha: '2026-01-15', concepto: 'Aportación de A', lineas: [{ numCta: '102.01', debe: '100' }, { numCta: '301.01', haber: '100' }],
  })).id;
  // A bank account (Banamex CLABE, check digit 9) with one imported deposit (issue 27).
  v.bankAccountId = (await call(a, 'POST', '/api/bancos/cuentas', { banco: '002', clabe: '002180000123456789', moneda: 'MXN' })).id;
  const bankForm = new FormData();
  bankForm.append('file', new Blob([bankStatement()]), 'estado.xml');
  const bankRes = await fetch(`${server.baseUrl}/api/bancos/cuentas/${v.bankAccountId}/estados`, { method: 'POST', headers: a.headers, body: bankForm });
  v.bankImportId = ((await bankRes.json()) as { id: string }).id;
  for (let i = 0; i < 300 && (await call(a, 'GET', `/api/bancos/estados/${v.bankImportId}`)).status !== 'done'; i++) await new Promise((r) => setTimeout(r, 100));
  v.bankMovementId = (await call(a, 'GET', `/api/bancos/movimientos?cuenta=${v.bankAccountId}`)).data[0].id;
  // Issue 26: A's owner membership and a pending invitation; B's members of each role attack too.
  await call(a, 'POST', '/api/cuenta/miembros', { email: `invitada.${a.rfc.toLowerCase()}@ejemplo.mx`, rol: 'lectura' });
  const members = (await call(a, 'GET', '/api/cuenta/miembros')) as { id: number; estado: string }[];
  v.memberId = members.find((m) => m.estado === 'activo')!.id;
  v.invitationId = members.find((m) => m.estado === 'invitado')!.id;
  for (const rol of ['contador', 'capturista', 'lectura'] as const) {
    const email = `${rol}.${b.rfc.toLowerCase()}@ejemplo.mx`;
    await call(b, 'POST', '/api/cuenta/miembros', { email, rol });
    const outbox = (await (await fetch(`${server.baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { data: { text: string }[] };
    const token = /\/invitacion\/(\S+)/.exec(outbox.data[0]!.text)![1];
    const reg = await call(b, 'POST', `/api/invitaciones/${token}/registro`, { nombre: `Miembro ${rol}`, password: 'Secreta#2026' }, [201]);
    bMembers.push({ ...b, email, headers: { authorization: `Bearer ${reg.access_token}` }, token: reg.access_token, rol });
  }
  before = await snapshot();
});
afterAll(() => server?.close());

describe('cross-tenant matrix from the route table (issue 12 §6)', () => {
  it('every entry with an id, uuid, rfc or folio is probed or listed with its reason', () => {
    const entries = tenantedEntries();
    const uncovered = entries.filter((e) => !probes[e.name] && !NOT_TENANT_DATA[e.name] && !CALLER_KEYED[e.name]).map((e) => e.name);
    expect(uncovered, 'entradas con ids sin sonda en cross-tenant.test.ts').toEqual([]);
    // Probes and lists name only entries that exist and still carry such a key.
    const names = new Set(entries.map((e) => e.name));
    const stale = [...Object.keys(probes), ...Object.keys(NOT_TENANT_DATA), ...Object.keys(CALLER_KEYED)].filter((n) => !names.has(n));
    expect(stale).toEqual([]);
  });

  it("B gets 403/404 (or a 422 on the id's field) for each of A's values, never A's data; A's data is unchanged", async () => {
    const failures: string[] = [];
    let requests = 0;
    const entries = tenantedEntries();
    // Issue 26 §4: once per role — B's owner, then B's contador, capturista and lectura members.
    for (const attacker of [{ ...b, rol: 'duenio' }, ...bMembers]) for (const entry of entries) {
      if (NOT_TENANT_DATA[entry.name]) continue;
      const list = probes[entry.name]!();
      for (const p of list) {
        requests++;
        const res = await send(attacker, entry.def, p);
        const label = `[${attacker.rol}] ${entry.name} ${entry.def.method} ${routePath(entry.def.path, p.params)} → ${res.status} ${res.text.slice(0, 160)}`;
        // A's values that B did not send itself (an error may echo the id B typed; that tells B nothing new).
        const sent = JSON.stringify(p).toUpperCase();
        const leaked = secretsOfA().filter((s) => !sent.includes(s.toUpperCase()) && res.text.toUpperCase().includes(s.toUpperCase()));
        if (leaked.length) failures.push(`${label} [contiene ${leaked.join(', ')}]`);
        if (res.status >= 500) failures.push(label);
        else if (CALLER_KEYED[entry.name]) {
          if (res.status >= 300) failures.push(`${label} [se esperaba 2xx con datos propios]`);
        } else if (res.status === 422 && p.field) {
          const errors = (JSON.parse(res.text) as { errors?: Record<string, string[]> }).errors ?? {};
          if (!Object.keys(errors).some((k) => k === p.field || k.startsWith(`${p.field}.`))) failures.push(`${label} [422 sin el campo ${p.field}]`);
        } else if (res.status !== 403 && res.status !== 404) failures.push(label);
      }
    }
    const after = await snapshot();
    expect(after).toEqual(before);
    console.log(`[security] matriz entre cuentas: ${entries.length} rutas con ids × ${1 + bMembers.length} roles (${Object.keys(probes).length} con sondas, de ellas ${Object.keys(CALLER_KEYED).length} que responden datos propios; ${Object.keys(NOT_TENANT_DATA).length} sin datos de cuenta), ${requests} peticiones`);
    expect(failures).toEqual([]);
    expect(Object.keys(probes).length).toBeGreaterThanOrEqual(70);
  });

  it("no member of B switches into A's account (issue 26)", async () => {
    for (const who of [b, ...bMembers]) {
      const res = await callApi(server.baseUrl, who.headers, 'POST', '/api/me/cuenta', { rfc: a.rfc });
      expect(res.status).toBe(403);
    }
  });

  it("A still reaches its own records through the same values (the probes name real data)", async () => {
    for (const path of [
      `/api/clients/${v.customerId}/edit`, `/api/employees/${v.employeeId}/edit`, `/api/prenomina/${v.prenominaId}`,
      `/api/incomes/${v.invoiceUuid}/xml`, `/api/getPagosFactura/${v.ppdUuid}`, `/api/retenciones/${v.retentionUuid}/xml`,
      `/api/statements/${v.statementId}`, `/api/diot/${v.diotFolio}/acuse`, `/api/profile/csf/${v.csfId}/file`, `/api/payments/receipt/${v.receiptId}`,
      `/api/apps/invoice/invoices/${v.invoiceAppId}`, `/api/background/process/${v.backgroundId}`, `/api/getInMesDashboard/${a.rfc}/${month}/${year}`,
      `/api/contabilidad/polizas/${v.polizaId}`,
    ]) expect((await fetch(`${server.baseUrl}${path}`, { headers: a.headers })).status, path).toBe(200);
    for (const path of [`/api/outcomes/${v.receivedUuid}/xml`, `/api/cfdi/import/${v.importId}`, `/api/retenciones/${v.receivedRetentionUuid}/pdf`]) {
      expect((await fetch(`${server.baseUrl}${path}`, { headers: a2.headers })).status, path).toBe(200);
    }
  });
});
