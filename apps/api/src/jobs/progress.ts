import { SOCKET_CODES, SOCKET_EVENT_BY_TYPE, SOCKET_EVENTS, type ProcessType, type ProgressMessage } from '@facturo/contract';
import type { Db } from '../db/client';
import type { Publisher } from '../realtime/publisher';
import { eq } from 'drizzle-orm';
import { backgroundProcesses, notifications } from '../db/schema';

export const RETRYING_MESSAGE = 'Reintentando…';

/** Where the bell's link takes the user when a job of this type fails (in-app paths). */
const FAILURE_LINK: Record<ProcessType, string> = {
  CIEC: '/profile/3',
  CIF: '/profile/3',
  CSF: '/clients',
  CSD: '/profile/3',
  EFIRMA: '/profile/3',
  DOWNLOAD_INVOICES: '/incomes',
  PAYROLL: '/payroll',
  CONTABILIDAD: '/contabilidad',
  BANK: '/bancos',
  BULK_IMPORT: '/clients',
};

/**
 * Progress of one background process: each step updates its record (so a page opened later sees
 * it through GET /api/background/process) and is pushed live to the RFC's room, both on the
 * type's own event (spec §7.16) and on the generic `progress` event the progress bar listens to.
 */
export class ProgressReporter {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
    readonly process: { id: string; rfc: string; type: ProcessType; title: string; month?: number | null; year?: number | null },
    /** 1 for the first run; above 1 when pg-boss retries the job (the bar then says "Reintentando…"). */
    readonly attempt = 1,
  ) {}

  private async emit(fields: { message: string; progress: number; finished: boolean; code: number; warning?: string | null; data?: unknown }) {
    const [row] = await this.db.update(backgroundProcesses).set({
      message: fields.message, progress: fields.progress, finished: fields.finished, code: fields.code,
      warning: fields.warning ?? null, data: fields.data ?? null, lastUpdate: new Date(),
    }).where(eq(backgroundProcesses.id, this.process.id)).returning();
    const message: ProgressMessage = {
      rfc: this.process.rfc, title: this.process.title, message: fields.message, code: fields.code, finished: fields.finished,
      data: fields.data ?? null, warning: fields.warning ?? null, month: this.process.month ?? null, year: this.process.year ?? null,
      last_update: (row?.lastUpdate ?? new Date()).toISOString(), jobId: this.process.id, type: this.process.type, progress: fields.progress,
      ...(this.attempt > 1 ? { attempt: this.attempt } : {}),
    };
    this.publisher.publish(SOCKET_EVENT_BY_TYPE[this.process.type], message);
    this.publisher.publish(SOCKET_EVENTS.progress, message);
    return row;
  }

  /** First step of a retried attempt: the work starts over, and the user is told so. */
  retrying() {
    return this.step(5, RETRYING_MESSAGE);
  }

  async step(progress: number, message: string, data?: unknown): Promise<void> {
    await this.emit({ message, progress: Math.max(0, Math.min(99, Math.round(progress))), finished: false, code: SOCKET_CODES.ok, data });
  }

  async succeed(message: string, data?: unknown, warning?: string | null): Promise<void> {
    await this.emit({ message, progress: 100, finished: true, code: SOCKET_CODES.ok, data, warning });
  }

  /**
   * The job ended in error: its record and the live message say so, and an urgent notification puts it in
   * the bell (issue 25 §7) — the user may have left the page that started it.
   */
  async fail(message: string, data?: unknown): Promise<void> {
    const row = await this.emit({ message, progress: 100, finished: true, code: SOCKET_CODES.error, data });
    if (row) {
      await this.db.insert(notifications).values({
        userId: row.userId, title: `No se completó: ${this.process.title}`, message, link: FAILURE_LINK[this.process.type], urgent: true,
      });
    }
  }
}
