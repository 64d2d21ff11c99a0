import type { Server } from 'socket.io';
import { Emitter } from '@socket.io/redis-emitter';
import { quietPublisher, resilientRedis } from '../redis';
import type { ProgressMessage } from '@facturo/contract';

export const roomFor = (rfc: string) => `rfc:${rfc}`;
/** Issue 26: the sockets a member opened on one account (closed when the member is removed). */
export const memberRoomFor = (personId: number, accountId: number) => `member:${personId}:${accountId}`;

/** Where live messages go: the in-process socket.io server, or Redis when a worker has none. */
export interface Publisher {
  publish(event: string, message: ProgressMessage): void;
  /** Issue 26: closes every socket in a room (a removed member's live channel to that account). */
  disconnectRoom?(room: string): void;
  close(): Promise<void>;
}

export function ioPublisher(io: Server): Publisher {
  return {
    publish: (event, message) => void io.to(roomFor(message.rfc)).emit(event, message),
    disconnectRoom: (room) => io.in(room).disconnectSockets(true),
    close: async () => undefined,
  };
}

export function redisPublisher(redisUrl: string): Publisher {
  // Quiet: a worker whose Redis is down keeps working; the record in the database still shows progress.
  const redis = quietPublisher(resilientRedis(redisUrl, { role: 'worker → socket.io' }));
  const emitter = new Emitter(redis);
  return {
    publish: (event, message) => void emitter.to(roomFor(message.rfc)).emit(event, message),
    disconnectRoom: (room) => emitter.in(room).disconnectSockets(true),
    close: async () => void redis.disconnect(),
  };
}

/** A worker process without Redis can still update the process record; nobody is listening live. */
export const nullPublisher: Publisher = { publish: () => undefined, close: async () => undefined };
