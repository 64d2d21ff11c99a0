import { desc, eq, and } from 'drizzle-orm';
import type { BackgroundProcess, ProcessType } from '@facturo/contract';
import type { Db } from '../../db/client';
import { backgroundProcesses } from '../../db/schema';

type Row = typeof backgroundProcesses.$inferSelect;

export function toProcess(row: Row): BackgroundProcess {
  return {
    id: row.id, type: row.type as ProcessType, title: row.title, message: row.message, month: row.month, year: row.year,
    warning: row.warning, progress: row.progress, finished: row.finished, code: row.code, last_update: row.lastUpdate.toISOString(),
  };
}

export async function createProcess(db: Db, values: { userId: number; rfc: string; type: ProcessType; title: string; message: string; month?: number | null; year?: number | null }): Promise<Row> {
  const [row] = await db.insert(backgroundProcesses).values(values).returning();
  return row!;
}

export async function updateProcess(db: Db, id: string, values: Partial<Pick<Row, 'message' | 'progress' | 'finished' | 'code' | 'warning' | 'data'>>): Promise<Row | undefined> {
  const [row] = await db.update(backgroundProcesses).set({ ...values, lastUpdate: new Date() }).where(eq(backgroundProcesses.id, id)).returning();
  return row;
}

export async function listProcesses(db: Db, userId: number, limit = 20): Promise<Row[]> {
  return db.select().from(backgroundProcesses).where(eq(backgroundProcesses.userId, userId))
    .orderBy(desc(backgroundProcesses.createdAt)).limit(limit);
}

export async function findProcess(db: Db, userId: number, id: string): Promise<Row | undefined> {
  const [row] = await db.select().from(backgroundProcesses)
    .where(and(eq(backgroundProcesses.userId, userId), eq(backgroundProcesses.id, id))).limit(1);
  return row;
}
