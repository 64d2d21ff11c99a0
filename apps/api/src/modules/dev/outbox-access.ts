import type { FastifyRequest } from 'fastify';
import { isLoopbackPeer } from '../../http/loopback';

/** Who may read the local outbox (API and its /dev/outbox page): never in production; else loopback, or anyone when opted in. */
export function outboxOpenTo(req: FastifyRequest, opts: { env: string; outboxPublic: boolean }): boolean {
  if (opts.env === 'production') return false;
  return opts.outboxPublic || isLoopbackPeer(req);
}

export const OUTBOX_PUBLIC_WARNING =
  'MAIL_OUTBOX_PUBLIC=true: el buzón local (/dev/outbox) responde a cualquier dirección; quien lo abra puede leer códigos de verificación y de cambio de contraseña. Úsalo solo en un servidor de demostración.';
