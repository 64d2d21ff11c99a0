import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { webhookDeliveries } from '../../db/schema';
import { userIdOf } from '../../../test/sat-downloads';
import { api, createCustomer, invoiceBody, invoicingAccount } from '../invoicing/invoicing-test-kit';
import { isPrivateAddress, webhookUrlProblem } from './webhook-guard';
import { backoffMs, signWebhook, verifyWebhook } from './webhook-signature';
import { deliverDue } from './webhooks.service';
import { allowLoopbackWebhooks } from './allow-loopback.test-support';

allowLoopbackWebhooks();

interface Received { headers: IncomingMessage['headers']; body: string }
let server: TestServer;
let owner: TestAccount;
let other: TestAccount;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Statuses the receiver answers, in order (then 200). */
const answers: number[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end(res.statusCode === 200 ? 'ok' : 'fallo');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const addr = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/hook`;
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl, true, 11);
  other = await createAccount(server.baseUrl, { rol: 11 });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await new Promise((r) => receiver?.close(r));
});

const deps = () => ({ db: server.runtime.ctx.db, secrets: server.runtime.ctx.secrets, allowHosts: ['127.0.0.1'] });
const call = (method: string, path: string, body?: unknown, account = owner) => api(server.baseUrl, account, method, path, body);

describe('webhook signature and SSRF guard', () => {
  it('signs t.body with HMAC-SHA256 and verifies it; a changed body or an old t fails', () => {
    const header = signWebhook('whsec_x', '{"a":1}', 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook('whsec_x', '{"a":1}', header, 300, 1_700_000_010)).toBe(true);
    expect(verifyWebhook('whsec_x', '{"a":2}', header, 300, 1_700_000_010)).toBe(false);
    expect(verifyWebhook('whsec_y', '{"a":1}', header, 300, 1_700_000_010)).toBe(false);
    expect(verifyWebhook('whsec_x', '{"a":1}', header, 300, 1_700_001_000)).toBe(false);
    expect(backoffMs(1)).toBe(30_000);
    expect(backoffMs(3)).toBe(120_000);
    expect(backoffMs(30)).toBe(2 * 3600_000);
  });

  it('refuses private, loopback and plain-http URLs unless the host is allow-listed', async () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fd00::1', '::ffff:127.0.0.1', '0.0.0.0']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(await webhookUrlProblem('http://example.com/x', [], async () => ['93.184.216.34'])).toBe('La URL del webhook debe usar https');
    expect(await webhookUrlProblem('https://interno.example/x', [], async () => ['10.0.0.5'])).toMatch(/privada o local/);
    expect(await webhookUrlProblem('https://[::1]/x', [])).toMatch(/privada o local/);
    expect(await webhookUrlProblem('https://tienda.example/x', [], async () => ['93.184.216.34'])).toBeNull();
    expect(await webhookUrlProblem('http://127.0.0.1:9/x', ['127.0.0.1'])).toBeNull();
  });
});

describe('webhooks (issue 29 §5)', () => {
  it('refuses a loopback URL not allow-listed with a 422 naming url', async () => {
    const res = await call('POST', '/api/webhooks/endpoints', { url: 'https://localhost/hook', eventos: ['invoice.stamped'] });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.data)).toMatch(/privada o local/);
    const http = await call('POST', '/api/webhooks/endpoints', { url: 'https://169.254.169.254/latest', eventos: ['invoice.stamped'] });
    expect(http.status).toBe(422);
  });

  it('a stamp reaches the local receiver signed; a 500 is retried with backoff; Reenviar sends it again', async () => {
    const made = await call('POST', '/api/webhooks/endpoints', { url: receiverUrl, eventos: ['invoice.stamped', 'invoice.cancelled'] });
    expect(made.status, JSON.stringify(made.data)).toBe(201);
    const { id: endpointId, secret } = made.data as { id: number; secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(JSON.stringify((await call('GET', '/api/webhooks/endpoints')).data)).not.toContain(secret);

    answers.push(500);
    const customer = await createCustomer(server.baseUrl, owner);
    const stamped = await call('POST', '/api/invoice40', invoiceBody(customer.id));
    expect(stamped.status, JSON.stringify(stamped.data)).toBe(201);

    // The worker (job sent after the stamp) or this pass sends it; the receiver answers 500 the first time.
    await expect.poll(async () => { await deliverDue(deps()); return received.length; }, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const first = received[0]!;
    const event = JSON.parse(first.body);
    expect(event).toMatchObject({ type: 'invoice.stamped', data: { uuid: stamped.data.uuid } });
    expect(first.headers['facturo-event-id']).toBe(event.id);
    expect(verifyWebhook(secret, first.body, String(first.headers['facturo-signature']))).toBe(true);
    expect(verifyWebhook('whsec_otro', first.body, String(first.headers['facturo-signature']))).toBe(false);

    const db = server.runtime.ctx.db;
    const [pending] = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.eventId, event.id)));
    expect(pending!.estado).toBe('pendiente');
    expect(pending!.attempts[0]!.status).toBe(500);
    expect(pending!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: a pass sends nothing.
    const before = received.length;
    await deliverDue(deps());
    expect(received.length).toBe(before);

    // The backoff has passed: the retry is delivered with the same event id.
    await db.update(webhookDeliveries).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(webhookDeliveries.id, pending!.id));
    await deliverDue(deps());
    expect(received.at(-1)!.headers['facturo-event-id']).toBe(event.id);
    const log = (await call('GET', '/api/webhooks/entregas')).data.entregas.find((d: any) => d.id === pending!.id);
    expect(log).toMatchObject({ estado: 'entregada', evento: 'invoice.stamped', eventoId: event.id, url: receiverUrl });
    expect(log.intentos.map((a: any) => a.status)).toEqual([500, 200]);

    // Reenviar: once more, same event id, a third attempt in the log.
    const again = await call('POST', `/api/webhooks/entregas/${pending!.id}/reenviar`);
    expect(again.status).toBe(200);
    await expect.poll(async () => { await deliverDue(deps()); return (await call('GET', '/api/webhooks/entregas')).data.entregas.find((d: any) => d.id === pending!.id).intentos.length; }, { timeout: 30_000 }).toBe(3);

    // Another account sees none of it and cannot resend or delete it.
    expect((await call('GET', '/api/webhooks/entregas', undefined, other)).data.entregas).toEqual([]);
    expect((await call('POST', `/api/webhooks/entregas/${pending!.id}/reenviar`, undefined, other)).status).toBe(404);
    expect((await call('DELETE', `/api/webhooks/endpoints/${endpointId}`, undefined, other)).status).toBe(404);
    expect((await call('DELETE', `/api/webhooks/endpoints/${endpointId}`)).status).toBe(200);
  }, 120_000);

  it('four passes at once send each due delivery once (PostgreSQL runs them side by side)', async () => {
    const made = await call('POST', '/api/webhooks/endpoints', { url: receiverUrl, eventos: ['invoice.stamped'] });
    expect(made.status, JSON.stringify(made.data)).toBe(201);
    const userId = await userIdOf(server, owner.rfc);
    const rows = await server.runtime.ctx.db.insert(webhookDeliveries).values(Array.from({ length: 40 }, () => ({
      userId, endpointId: (made.data as { id: number }).id, eventId: randomUUID(), evento: 'invoice.stamped', payload: { prueba: true },
      nextAttemptAt: new Date(Date.now() - 1000),
    }))).returning({ id: webhookDeliveries.id, eventId: webhookDeliveries.eventId });
    const sent = new Map<string, number>();
    const slowReceiver = async (_url: string, headers: Record<string, string>) => {
      const id = headers['facturo-event-id']!;
      sent.set(id, (sent.get(id) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 10));
      return { status: 200, body: 'ok' };
    };
    const ids = rows.map((r) => r.id);
    const passes = await Promise.all(Array.from({ length: 4 }, () => deliverDue(deps(), slowReceiver, ids)));
    expect(passes.reduce((a, b) => a + b, 0)).toBe(40);
    expect([...sent.values()].filter((n) => n !== 1)).toEqual([]);
    expect(new Set(sent.keys())).toEqual(new Set(rows.map((r) => r.eventId)));
  });
});
