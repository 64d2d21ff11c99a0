import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { quietPublisher, resilientRedis } from '../redis';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { isWellFormedPayload, type TokenPayload } from '../http/context';
import { memberRoomFor, roomFor } from './publisher';
import { isMember } from '../modules/workspace/persons.repository';

/**
 * socket.io on the API's HTTP server: authenticated with the same JWT, each socket joins only its
 * RFC's room. With REDIS_URL the Redis adapter fans messages out across API processes.
 */
export async function attachSocket(
  app: FastifyInstance, db: Db, redis?: { url: string; pub: Redis },
): Promise<{ io: Server; close(): Promise<void> }> {
  const io = new Server(app.server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  let sub: Redis | undefined;
  if (redis) {
    // The shared command connection publishes (quietly: while Redis is down a message reaches this
    // process's sockets only); a subscriber connection of its own waits and re-subscribes. Its
    // outage is already announced by the command connection, so it stays silent.
    sub = resilientRedis(redis.url, { role: 'socket.io', subscriber: true, warn: () => undefined });
    io.adapter(createAdapter(quietPublisher(redis.pub), sub));
  }
  io.use(async (socket, next) => {
    try {
      const token = String(socket.handshake.auth?.token ?? '').replace(/^Bearer\s+/i, '');
      const payload = app.jwt.verify<TokenPayload>(token);
      if (!isWellFormedPayload(payload)) return next(new Error('No autorizado'));
      const [user] = await db.select({ rfc: users.rfc, tv: users.tokenVersion }).from(users).where(eq(users.id, payload.sub)).limit(1);
      if (!user || user.rfc !== payload.rfc || (payload.pid === undefined && user.tv !== payload.tv)) return next(new Error('No autorizado'));
      // Issue 26: a member's token joins only while the person still belongs to the account.
      if (payload.pid !== undefined && !(await isMember(db, payload.pid, payload.tv, payload.sub))) return next(new Error('No autorizado'));
      socket.data.rfc = user.rfc;
      await socket.join(roomFor(user.rfc));
      if (payload.pid !== undefined) await socket.join(memberRoomFor(payload.pid, payload.sub));
      next();
    } catch {
      next(new Error('No autorizado'));
    }
  });
  return {
    io,
    async close() {
      // Not io.close(): that would also close the HTTP server, which Fastify owns.
      io.local.disconnectSockets(true);
      io.engine.close();
      sub?.disconnect();
    },
  };
}
