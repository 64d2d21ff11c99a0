import type { FastifyInstance } from 'fastify';
import type { WebhookEvent } from '@facturo/contract';
import type { JobContext } from '../../jobs/context';
import { QUEUES } from '../../jobs/queue';
import { emitEvent } from './webhooks.service';

/**
 * Issue 29 §5: which route-table entries raise which event when they succeed — kept here by entry name (like the
 * activity log of issue 26) so the stamping and cancelling modules stay untouched.
 */
export const WEBHOOK_EVENT_BY_ROUTE: Readonly<Record<string, WebhookEvent>> = {
  'invoicing.stamp40': 'invoice.stamped', 'invoicing.stamp33': 'invoice.stamped',
  'invoicing.cancel': 'invoice.cancelled',
  'paymentReception.applyPay': 'payment.stamped', 'paymentReception.applyMultiple': 'payment.stamped',
  'payroll.release': 'payroll.stamped',
};

/** The ids the event names: the answer's uuid/folio, else the request's. */
function eventData(routeName: string, body: unknown, payload: unknown): Record<string, unknown> {
  const data: Record<string, unknown> = { ruta: routeName };
  for (const source of [body, payload]) {
    if (!source || typeof source !== 'object') continue;
    for (const key of ['uuid', 'pIdPago', 'folio', 'serie', 'total', 'motivo', 'estatus', 'status']) {
      const v = (source as Record<string, unknown>)[key];
      if (typeof v === 'string' || typeof v === 'number') data[key === 'pIdPago' ? 'uuid' : key] = v;
    }
  }
  return data;
}

/** After a 2xx answer of an entry above: the deliveries are written and handed to the worker (never sent here). */
export function registerWebhookHook(app: FastifyInstance, ctx: JobContext): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const name = req.routeOptions.config?.routeName;
    const evento = name ? WEBHOOK_EVENT_BY_ROUTE[name] : undefined;
    if (!evento || !req.account || reply.statusCode >= 300) return payload;
    try {
      let answer: unknown = null;
      if (typeof payload === 'string') try { answer = JSON.parse(payload); } catch { answer = null; }
      // A test key's document (sandbox PAC, decision 307) says so: the receiver must not book it.
      const data = { ...eventData(name!, req.body, answer), ...(req.account.apiKey?.modo === 'test' ? { prueba: true } : {}) };
      const ids = await emitEvent(ctx.db, req.account.id, evento, data);
      if (ids.length) await ctx.boss.send(QUEUES.webhookDeliveries, { ids });
    } catch (err) {
      // The missed send is picked up by the worker's schedule; the user's stamp is never failed by a webhook.
      req.log.error({ err, route: name }, 'no se pudo registrar el evento de webhook');
    }
    return payload;
  });
}
