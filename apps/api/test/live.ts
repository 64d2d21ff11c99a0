import { io as connect, type Socket } from 'socket.io-client';
import type { ProgressMessage } from '@facturo/contract';

/** One message a socket heard: the event name ('progress', 'csd', 'csf', …) and its payload. */
export interface LiveEvent {
  event: string;
  m: ProgressMessage;
}

/** A connected socket and everything it has heard so far, in order. */
export interface LiveSocket {
  socket: Socket;
  /** Every event, whatever its name. */
  events: LiveEvent[];
  /** Only the payloads of 'progress' events (background jobs). */
  progress: ProgressMessage[];
}

/**
 * Opens the app's socket as the holder of `token` (websocket only, as the browser does) and
 * resolves once connected, so nothing sent after the call can be missed. Rejects on connect_error.
 */
export function listen(baseUrl: string, token: string): Promise<LiveSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect(baseUrl, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
    const live: LiveSocket = { socket, events: [], progress: [] };
    socket.onAny((event: string, m: ProgressMessage) => {
      live.events.push({ event, m });
      if (event === 'progress') live.progress.push(m);
    });
    socket.on('connect', () => resolve(live));
    socket.on('connect_error', reject);
  });
}

/** Polls `check` every `stepMs` until it holds; throws after `ms` so a lost message fails the test. */
export async function until(check: () => boolean, ms = 15_000, stepMs = 50): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
