import { SOCKET_CODES, SOCKET_EVENT_BY_TYPE, type BackgroundProcess, type ProcessType, type ProgressMessage } from '@facturo/contract';

export type JobStatus = 'pending' | 'running' | 'success' | 'failed';

export interface JobState {
  status: JobStatus;
  progress: number;
  title: string;
  message: string;
  warning: string | null;
  /** The job died or failed and the server is running it again (ProgressMessage.attempt ≥ 2). */
  retrying: boolean;
}

export const initialJobState: JobState = { status: 'pending', progress: 0, title: '', message: '', warning: null, retrying: false };

/** Whether a live message belongs to the job a bar follows (by job id, else by type/event). */
export function messageMatches(event: string, msg: ProgressMessage, target: { jobId?: string; type?: ProcessType }): boolean {
  if (target.jobId) return msg.jobId === target.jobId;
  if (target.type) return msg.type === target.type || event === SOCKET_EVENT_BY_TYPE[target.type];
  return false;
}

/**
 * Folds a live message into the job state (§4 validation flows): code 500 fails,
 * finished with any other code succeeds, otherwise it is running at the reported progress.
 */
export function reduceJob(prev: JobState, msg: Pick<ProgressMessage, 'code' | 'finished' | 'progress' | 'title' | 'message' | 'warning' | 'attempt'>): JobState {
  const failed = msg.code === SOCKET_CODES.error;
  const progress = msg.finished ? 100 : Math.max(0, Math.min(100, msg.progress ?? prev.progress));
  return {
    status: failed ? 'failed' : msg.finished ? 'success' : 'running',
    progress: failed ? Math.max(prev.progress, msg.progress ?? prev.progress) : progress,
    title: msg.title,
    message: msg.message,
    warning: msg.warning ?? null,
    retrying: !msg.finished && (msg.attempt ?? 1) > 1,
  };
}

/**
 * Folds the job's stored record (GET /api/background/process/:id) into a bar's state after the socket
 * (re)connects: messages sent while it was down are not replayed, so the record tells where the job got to.
 * Only a record that is ahead moves the bar — an answer that left the server before a newer live message
 * arrived must not pull it back — and a bar that already ended stays as it is.
 */
export function catchUp(prev: JobState, p: Pick<BackgroundProcess, 'progress' | 'finished' | 'code' | 'title' | 'message' | 'warning'>): JobState {
  if (prev.status === 'success' || prev.status === 'failed') return prev;
  const failed = p.code === SOCKET_CODES.error;
  if (!p.finished && !failed && p.progress <= prev.progress) return prev;
  return reduceJob(prev, { ...p, code: p.code ?? SOCKET_CODES.ok, finished: p.finished || failed });
}
