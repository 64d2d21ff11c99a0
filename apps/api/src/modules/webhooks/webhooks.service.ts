import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { WebhookDelivery, WebhookEndpointCreate, WebhookEvent } from '@facturo/contract';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../security/secrets';
import { webhookDeliveries, webhookEndpoints, type WebhookAttempt } from '../../db/schema';
import { fieldError, notFound } from '../../http/errors';
import { webhookUrlProblem } from './webhook-guard';
import { backoffMs, newWebhookSecret, signWebhook, WEBHOOK_RETRY_WINDOW_MS } from './webhook-signature';

const PURPOSE = 'webhook-secret';
type Delivery = typeof webhookDeliveries.$inferSelect;

export interface WebhookDeps { db: Db; secrets: SecretBox; allowHosts?: string[] }

export async function listEndpoints(db: Db, userId: number) {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(asc(webhookEndpoints.id));
  return { endpoints: rows.map((r) => ({ id: r.id, url: r.url, eventos: r.eventos, creado: r.createdAt.toISOString() })) };
}

/** POST /api/webhooks/endpoints: refused (422 on `url`) unless https and public (SSRF guard). */
export async function createEndpoint(deps: WebhookDeps, userId: number, body: WebhookEndpointCreate) {
  const problem = await webhookUrlProblem(body.url, deps.allowHosts);
  if (problem) throw fieldError('url', problem);
  const secret = newWebhookSecret();
  const [row] = await deps.db.insert(webhookEndpoints).values({
    userId, url: body.url, eventos: [...new Set(body.eventos)], secretSealed: deps.secrets.seal(secret, PURPOSE),
  }).returning({ id: webhookEndpoints.id });
  return { id: row!.id, secret };
}

export async function deleteEndpoint(db: Db, userId: number, id: number) {
  const [row] = await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.id, id))).returning({ id: webhookEndpoints.id });
  if (!row) throw notFound('El endpoint no existe');
  await db.delete(webhookDeliveries).where(and(eq(webhookDeliveries.userId, userId), eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.estado, 'pendiente')));
  return { message: 'Endpoint eliminado' };
}

function toDelivery(d: Delivery, url: string): WebhookDelivery {
  return {
    id: d.id, eventoId: d.eventId, evento: d.evento, endpointId: d.endpointId, url, estado: d.estado, intentos: d.attempts,
    proximoIntento: d.estado === 'pendiente' ? d.nextAttemptAt?.toISOString() ?? null : null, creado: d.createdAt.toISOString(),
  };
}

export async function listDeliveries(db: Db, userId: number) {
  const rows = await db.select({ d: webhookDeliveries, url: webhookEndpoints.url }).from(webhookDeliveries)
    .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.id, webhookDeliveries.endpointId), eq(webhookEndpoints.userId, webhookDeliveries.userId)))
    .where(eq(webhookDeliveries.userId, userId)).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(200);
  return { entregas: rows.map((r) => toDelivery(r.d, r.url)) };
}

/**
 * One event → one pending delivery per subscribed endpoint, each with the same event id (receivers de-duplicate
 * by it). Returns the delivery ids for the worker.
 */
export async function emitEvent(db: Db, userId: number, evento: WebhookEvent, data: Record<string, unknown>): Promise<number[]> {
  const endpoints = await db.select({ id: webhookEndpoints.id, eventos: webhookEndpoints.eventos }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  const targets = endpoints.filter((e) => e.eventos.includes(evento));
  if (targets.length === 0) return [];
  const eventId = randomUUID();
  const payload = { id: eventId, type: evento, created: new Date().toISOString(), data };
  const rows = await db.insert(webhookDeliveries).values(targets.map((e) => ({
    userId, endpointId: e.id, eventId, evento, payload, nextAttemptAt: new Date(),
  }))).returning({ id: webhookDeliveries.id });
  return rows.map((r) => r.id);
}

/**
 * Many events of one kind at once (an import's received CFDIs): one look at the endpoints, then one event id and
 * one delivery per subscribed endpoint for each item. Returns the delivery ids for the worker.
 */
export async function emitEvents(db: Db, userId: number, evento: WebhookEvent, items: Record<string, unknown>[]): Promise<number[]> {
  if (items.length === 0) return [];
  const endpoints = await db.select({ id: webhookEndpoints.id, eventos: webhookEndpoints.eventos }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  const targets = endpoints.filter((e) => e.eventos.includes(evento));
  if (targets.length === 0) return [];
  const values = items.flatMap((data) => {
    const eventId = randomUUID();
    const payload = { id: eventId, type: evento, created: new Date().toISOString(), data };
    return targets.map((e) => ({ userId, endpointId: e.id, eventId, evento, payload, nextAttemptAt: new Date() }));
  });
  const rows = await db.insert(webhookDeliveries).values(values).returning({ id: webhookDeliveries.id });
  return rows.map((r) => r.id);
}

/** POST /api/webhooks/entregas/:id/reenviar: sends it again now (whatever its state), in the worker. */
export async function markForRedelivery(db: Db, userId: number, id: number): Promise<WebhookDelivery> {
  const [row] = await db.update(webhookDeliveries).set({ estado: 'pendiente', nextAttemptAt: new Date() })
    .where(and(eq(webhookDeliveries.userId, userId), eq(webhookDeliveries.id, id))).returning();
  if (!row) throw notFound('La entrega no existe');
  const [endpoint] = await db.select({ url: webhookEndpoints.url }).from(webhookEndpoints).where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.id, row.endpointId)));
  return toDelivery(row, endpoint?.url ?? '');
}

export interface SendResult { status: number | null; body: string | null }
export type Sender = (url: string, headers: Record<string, string>, body: string) => Promise<SendResult>;

/** POST with a 10 s limit and no redirects (a redirect could point the request at a private address). */
export const httpSender: Sender = async (url, headers, body) => {
  try {
    const res = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: (await res.text()).slice(0, 500) };
  } catch (err) {
    return { status: null, body: (err as Error).message.slice(0, 500) };
  }
};

/** One try of one delivery: sign, send, record the attempt, and set the next try or the final state. */
async function attempt(deps: WebhookDeps, d: Delivery, send: Sender): Promise<void> {
  const [endpoint] = await deps.db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.userId, d.userId), eq(webhookEndpoints.id, d.endpointId)));
  if (!endpoint) {
    await deps.db.update(webhookDeliveries).set({ estado: 'fallida', nextAttemptAt: null }).where(and(eq(webhookDeliveries.userId, d.userId), eq(webhookDeliveries.id, d.id)));
    return;
  }
  const body = JSON.stringify(d.payload);
  const problem = await webhookUrlProblem(endpoint.url, deps.allowHosts);
  const result: SendResult = problem ? { status: null, body: problem } : await send(endpoint.url, {
    'content-type': 'application/json',
    'user-agent': 'Facturo-Webhooks/1',
    'facturo-event-id': d.eventId,
    'facturo-signature': signWebhook(deps.secrets.open(endpoint.secretSealed, PURPOSE).toString('utf8'), body),
  }, body);
  const tries: WebhookAttempt[] = [...d.attempts, { fecha: new Date().toISOString(), status: result.status, respuesta: result.body }];
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const next = new Date(Date.now() + backoffMs(tries.length));
  const expired = next.getTime() - d.createdAt.getTime() > WEBHOOK_RETRY_WINDOW_MS;
  await deps.db.update(webhookDeliveries).set({
    attempts: tries, estado: ok ? 'entregada' : expired ? 'fallida' : 'pendiente', nextAttemptAt: ok || expired ? null : next,
  }).where(and(eq(webhookDeliveries.userId, d.userId), eq(webhookDeliveries.id, d.id)));
}

/**
 * The worker's pass: every pending delivery whose time has come (or only `ids`), claimed by moving its next try
 * ahead first so that two workers do not send it at once. On PostgreSQL two passes run at once (the API's worker
 * and a pass of its own, or two processes): the subquery skips rows another pass holds, and the conditions are
 * repeated on the UPDATE itself, because a row the other pass claimed meanwhile is re-checked against those only —
 * with them in the subquery alone, both passes claimed it and the receiver got the event twice.
 */
export async function deliverDue(deps: WebhookDeps, send: Sender = httpSender, ids?: number[]): Promise<number> {
  const now = new Date();
  const claimUntil = new Date(now.getTime() + 60_000);
  const where = and(eq(webhookDeliveries.estado, 'pendiente'), lte(webhookDeliveries.nextAttemptAt, now), ...(ids?.length ? [inArray(webhookDeliveries.id, ids)] : []));
  const due = await deps.db.update(webhookDeliveries).set({ nextAttemptAt: claimUntil })
    .where(and(where, sql`(${webhookDeliveries.id}, ${webhookDeliveries.userId}) IN (
      SELECT id, user_id FROM webhook_deliveries WHERE ${where} ORDER BY next_attempt_at LIMIT 100 FOR UPDATE SKIP LOCKED)`))
    .returning();
  for (const d of due) await attempt(deps, d, send);
  return due.length;
}
