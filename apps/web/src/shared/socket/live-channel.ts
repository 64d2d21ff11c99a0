import type { Socket } from 'socket.io-client';
import { getToken, subscribeSession } from '../session/session-store';
import { SOCKET_EVENTS, progressMessageSchema, type ProgressMessage } from '@facturo/contract';

export type LiveEvent = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];
export type LiveListener = (event: LiveEvent, msg: ProgressMessage) => void;

const events = Object.values(SOCKET_EVENTS) as LiveEvent[];
const listeners = new Set<LiveListener>();
const connectListeners = new Set<() => void>();
let socket: Socket | null = null;
let currentRfc: string | null = null;
let currentToken: string | null = null;
/** Counts connection attempts: a socket whose client library arrives after a newer attempt or a logout is dropped. */
let attempt = 0;

// The job that a screen starts can report before that screen's bar subscribes (the worker may pick it
// up before the HTTP answer arrives), so the last message of recent jobs is kept for a late bar.
const KEEP_JOBS = 50;
const lastByJob = new Map<string, { event: LiveEvent; msg: ProgressMessage }>();

function remember(event: LiveEvent, msg: ProgressMessage): void {
  if (!msg.jobId) return;
  lastByJob.delete(msg.jobId);
  lastByJob.set(msg.jobId, { event, msg });
  if (lastByJob.size > KEEP_JOBS) lastByJob.delete(lastByJob.keys().next().value!);
}

/** The last accepted message of a job, if one arrived in this session. */
export function lastLiveMessage(jobId: string): { event: LiveEvent; msg: ProgressMessage } | null {
  return lastByJob.get(jobId) ?? null;
}

/**
 * §4: only messages whose rfc equals the user's are accepted; malformed ones are dropped.
 * Exported for tests.
 */
export function acceptMessage(raw: unknown, rfc: string | null): ProgressMessage | null {
  if (!rfc) return null;
  const parsed = progressMessageSchema.safeParse(raw);
  if (!parsed.success) return null;
  return parsed.data.rfc.toUpperCase() === rfc.toUpperCase() ? parsed.data : null;
}

/** Delivers an accepted message to every listener (used by the socket and by tests). */
export function dispatchLive(event: LiveEvent, raw: unknown, rfc = currentRfc): void {
  const msg = acceptMessage(raw, rfc);
  if (!msg) return;
  remember(event, msg);
  for (const l of listeners) l(event, msg);
}

/**
 * Opens the one socket for this session (same origin, path /socket.io, `auth: {token}`);
 * reconnects only when the token or RFC change.
 */
export function connectLive(token: string, rfc: string): void {
  if (currentToken === token && currentRfc === rfc) return;
  disconnectLive();
  currentToken = token;
  currentRfc = rfc;
  const mine = ++attempt;
  // The socket client is loaded with the first signed-in screen, not with /login (issue 19: first load).
  void import('socket.io-client').then(({ io }) => {
    if (mine !== attempt) return;
    socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
    for (const e of events) socket.on(e, (raw: unknown) => dispatchLive(e, raw));
    // Whether live messages can arrive now, on the page's root element (`data-live`): an event sent while the
    // socket is still connecting is not replayed, so a check that triggers one waits for this first.
    socket.on('connect', () => {
      document.documentElement.dataset.live = 'conectado';
      notifyLiveConnected();
    });
    socket.on('disconnect', () => { delete document.documentElement.dataset.live; });
  });
}

/**
 * Runs `l` each time the socket connects, the first time and after every reconnection: what was sent
 * while it was down is lost, so a screen following a job asks the server where the job got to.
 * Returns the unsubscribe function.
 */
export function onLiveConnected(l: () => void): () => void {
  connectListeners.add(l);
  return () => connectListeners.delete(l);
}

/** Tells the connect listeners, as the socket does on (re)connection (tests). */
export function notifyLiveConnected(): void {
  for (const l of connectListeners) l();
}

/** Closes the socket (logout). */
export function disconnectLive(): void {
  attempt += 1;
  socket?.disconnect();
  delete document.documentElement.dataset.live;
  socket = null;
  lastByJob.clear();
  currentRfc = null;
  currentToken = null;
}

/** Sets the RFC used for filtering without a socket (tests). */
export function setLiveRfc(rfc: string | null): void {
  currentRfc = rfc;
}

/** Subscribes to accepted live messages; returns the unsubscribe function. */
export function onLive(l: LiveListener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

// Logout closes the socket.
subscribeSession(() => {
  if (!getToken() && currentToken) disconnectLive();
});
