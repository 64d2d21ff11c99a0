import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { stampedReceived, SUPPLIER_RFC } from '../../../test/received-cfdis';
import { api } from '../invoicing/invoicing-test-kit';
import { writeZip } from '../cfdi-import/zip-writer';
import { verifyWebhook } from './webhook-signature';
import { deliverDue } from './webhooks.service';
import { allowLoopbackWebhooks } from './allow-loopback.test-support';

// Decision 308: cfdi.received (raised by the import / SAT download jobs) and subscription.changed (payments).
allowLoopbackWebhooks();

interface Received { headers: IncomingMessage['headers']; body: string }
let server: TestServer;
let owner: TestAccount;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => { received.push({ headers: req.headers, body }); res.end('ok'); });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const addr = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/hook`;
  server = await startTestServer();
  owner = await createAccount(server.baseUrl);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await new Promise((r) => receiver?.close(r));
});

const deps = () => ({ db: server.runtime.ctx.db, secrets: server.runtime.ctx.secrets, allowHosts: ['127.0.0.1'] });
const call = (method: string, path: string, body?: unknown) => api(server.baseUrl, owner, method, path, body);
const eventsOf = (type: string) => received.map((r) => ({ ...r, event: JSON.parse(r.body) })).filter((r) => r.event.type === type);

async function endpoint(eventos: string[]): Promise<string> {
  const made = await call('POST', '/api/webhooks/endpoints', { url: receiverUrl, eventos });
  expect(made.status, JSON.stringify(made.data)).toBe(201);
  return (made.data as { secret: string }).secret;
}

describe('webhook events raised outside a request (decision 308)', () => {
  it('cfdi.received: one signed event per received CFDI the import stores, none for a duplicate', async () => {
    const secret = await endpoint(['cfdi.received']);
    const a = await stampedReceived({ receptorRfc: owner.rfc, valor: '1000' });
    const b = await stampedReceived({ receptorRfc: owner.rfc, valor: '250' });
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(writeZip([{ name: 'a.xml', data: a.xml }, { name: 'b.xml', data: b.xml }, { name: 'otra-vez.xml', data: a.xml }]))]), 'recibidos.zip');
    const started = await fetch(`${server.baseUrl}/api/cfdi/import`, { method: 'POST', headers: owner.headers, body: form });
    expect(started.status).toBe(202);

    await expect.poll(async () => { await deliverDue(deps()); return eventsOf('cfdi.received').length; }, { timeout: 60_000, interval: 300 }).toBe(2);
    const events = eventsOf('cfdi.received');
    const uuids = events.map((e) => e.event.data.uuid).sort();
    expect(uuids).toEqual([a.uuid.toUpperCase(), b.uuid.toUpperCase()].sort());
    const first = events.find((e) => e.event.data.uuid === a.uuid.toUpperCase())!;
    expect(first.event.data).toMatchObject({ rfcEmisor: SUPPLIER_RFC });
    expect(Number(first.event.data.total)).toBeGreaterThan(1000);
    expect(first.event.data.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(new Set(events.map((e) => e.event.id)).size).toBe(2);
    for (const e of events) expect(verifyWebhook(secret, e.body, String(e.headers['facturo-signature']))).toBe(true);
  }, 120_000);

  it('subscription.changed: subscribing and cancelling each raise one event with the plan and state', async () => {
    await endpoint(['subscription.changed']);
    const card = await call('POST', '/api/payments/cards', { paymentMethod: 'pm_card_visa', name: 'Juana Pérez' });
    expect(card.status, JSON.stringify(card.data)).toBeLessThan(300);
    const cardId = (await call('GET', '/api/payments/cards')).data.data[0].id;
    const sub = await call('POST', '/api/subscription', { priceId: 'price_premium_monthly', paymentMethod: cardId, cancelAtPeriodEnd: false });
    expect(sub.status, JSON.stringify(sub.data)).toBe(201);
    await expect.poll(async () => { await deliverDue(deps()); return eventsOf('subscription.changed').length; }, { timeout: 30_000, interval: 300 }).toBe(1);
    expect(eventsOf('subscription.changed')[0]!.event.data).toMatchObject({ estado: 'active', plan: 2, priceId: 'price_premium_monthly', cancelaAlFinDelPeriodo: false });

    const cancelled = await call('DELETE', '/api/subscription?cancelWhenPeriodEnds=false');
    expect(cancelled.status, JSON.stringify(cancelled.data)).toBe(200);
    await expect.poll(async () => { await deliverDue(deps()); return eventsOf('subscription.changed').length; }, { timeout: 30_000, interval: 300 }).toBe(2);
    expect(eventsOf('subscription.changed')[1]!.event.data).toMatchObject({ estado: 'canceled', plan: 1 });
  }, 120_000);
});
