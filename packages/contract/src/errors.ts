import { z } from 'zod';

/** Every API error body: a Spanish message and, for input errors, the first-level field → messages map. */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Spec §8 texts shared by the API and the web. */
export const messages = {
  tooManyRequestsTitle: 'Demasiadas solicitudes',
  tooManyRequests:
    'Has enviando demasiadas solicitudes a nuestros servidores, espera aprox 1 minuto y vuelve a intentar',
  locked: 'Actualiza a premium para desbloquear esta funcionalidad',
  upgradeTitle: 'Ahh... Aún no eres usuario premium.',
  upgradeButton: 'Quiero ser Premium',
  unauthorized: 'No autorizado',
  forbidden: 'No tienes permiso para acceder a este recurso',
  notFound: 'No encontrado',
  paymentRequired: 'Tu suscripción tiene un pago pendiente. Actualiza tu método de pago para continuar.',
  suspended: 'Tu cuenta está suspendida. Contacta a soporte.',
  invalidData: 'Los datos enviados no son válidos',
  unexpected: 'Error inesperado',
} as const;
