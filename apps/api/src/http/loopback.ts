import type { FastifyRequest } from 'fastify';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * True when the TCP peer itself is on the loopback interface. Judged by the socket's own address,
 * never by req.ip or X-Forwarded-For, which a client (or a misconfigured proxy) can choose.
 */
export function isLoopbackPeer(req: FastifyRequest): boolean {
  return LOOPBACK.has(req.socket.remoteAddress ?? '');
}
