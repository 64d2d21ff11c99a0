import { z } from 'zod';
import { outboxQuerySchema, outboxResponseSchema, accountFlagsSchema } from '../dev';
import { loginResponseSchema } from '../auth';
import { backgroundProcessListSchema, backgroundProcessParamsSchema, backgroundProcessSchema, ciecSchema, jobStartedSchema } from '../background';
import { devNotificationSchema, notificationParamsSchema, notificationSchema, notificationsReadSchema, urgentNotificationsSchema } from '../notifications';
import { userPlanResponseSchema } from '../plans';
import { route } from '../route';

/**
 * The cross-cutting routes every screen leans on (spec §7.1, §7.3, §7.16): health, the plan, urgent
 * notifications, background jobs and the CIEC job, plus the local-development aids.
 */
export const sessionRoutes = {
  'health.check': route({ method: 'GET', path: '/api/health', response: z.object({ status: z.literal('ok') }), access: { public: true } }),
  'health.ready': route({
    method: 'GET', path: '/api/ready', access: { public: true },
    response: z.object({ status: z.enum(['ready', 'not-ready']), checks: z.record(z.string(), z.string()) }),
    summary: 'Listo para recibir tráfico: base de datos, migraciones, Redis (si está configurado) y el proceso no se está apagando',
  }),
  'health.testMode': route({
    method: 'GET', path: '/api/modo-pruebas', access: { public: true },
    response: z.object({
      /** Production runs a test provider: every screen shows `banner` (issue 25 §3); null otherwise. */
      banner: z.string().nullable(),
      payments: z.enum(['stripe', 'local']),
      pac: z.enum(['finkok', 'sandbox']),
    }),
    summary: 'Proveedores de pagos y PAC en uso; en producción con un proveedor de pruebas, el aviso que muestra cada pantalla',
  }),
  'plans.userPlan': route({ method: 'GET', path: '/api/user/plan', response: userPlanResponseSchema, access: { allowUnpaid: true, allowIncomplete: true } }),
  'notifications.urgent': route({ method: 'GET', path: '/api/notificaciones/urgentes', response: urgentNotificationsSchema, access: { allowUnpaid: true } }),
  'notifications.markRead': route({
    method: 'POST', path: '/api/notificaciones/:id/leida', params: notificationParamsSchema, response: notificationsReadSchema, access: { allowUnpaid: true },
    summary: 'Marca una notificación como leída (deja de aparecer en las urgentes)',
  }),
  'notifications.markAllRead': route({
    method: 'POST', path: '/api/notificaciones/leidas', response: notificationsReadSchema, access: { allowUnpaid: true },
    summary: 'Marca como leídas todas las notificaciones de la cuenta',
  }),
  'background.list': route({ method: 'GET', path: '/api/background/process', response: backgroundProcessListSchema, access: {} }),
  'background.show': route({
    method: 'GET', path: '/api/background/process/:id', params: backgroundProcessParamsSchema, response: backgroundProcessSchema, access: {},
  }),
  'ciec.validate': route({
    method: 'POST', path: '/api/ciec/process', body: ciecSchema, status: 202, response: jobStartedSchema, access: {},
    summary: 'Valida la CIEC con el SAT en segundo plano',
  }),
  'dev.outbox': route({
    method: 'GET', path: '/api/dev/outbox', query: outboxQuerySchema, response: outboxResponseSchema, access: { public: true },
    summary: 'Buzón local de correo (solo desarrollo)',
  }),
  'dev.accountFlags': route({
    method: 'POST', path: '/api/dev/account-flags', body: accountFlagsSchema, response: loginResponseSchema, access: { allowUnpaid: true, allowIncomplete: true },
    summary: 'Cambia banderas de la cuenta (solo pruebas)',
  }),
  'dev.notification': route({
    method: 'POST', path: '/api/dev/notificacion', body: devNotificationSchema, status: 201, response: notificationSchema, access: { allowUnpaid: true },
    summary: 'Crea una notificación urgente para la cuenta (solo pruebas)',
  }),
};
