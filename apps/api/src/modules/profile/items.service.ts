import { desc, eq } from 'drizzle-orm';
import type { Activity, Obligation, Page, PageQuery } from '@facturo/contract';
import { activityInputSchema, obligationInputSchema } from '@facturo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { deleteOwnedRow } from '../../db/owned-rows';
import { pageRows, toPage } from '../../db/paging';
import { notFound } from '../../http/errors';
import { economicActivities, fiscalObligations, type ActivityRow, type ItemSource, type ObligationRow } from './profile.schema';

type ObligationValues = z.output<typeof obligationInputSchema>;
type ActivityValues = z.output<typeof activityInputSchema>;

export const toObligation = (r: ObligationRow): Obligation => ({
  id: r.id, descripcion: r.descripcion, vencimiento: r.vencimiento, init_date: r.initDate, end_date: r.endDate, source: r.source,
  created_at: r.createdAt.toISOString(),
});

export const toActivity = (r: ActivityRow): Activity => ({
  id: r.id, name: r.name, percentage: r.percentage, init_date: r.initDate, end_date: r.endDate, source: r.source,
  created_at: r.createdAt.toISOString(),
});

/** Fiscal obligations of the tenant, newest first. */
export async function listObligations(db: Db, userId: number, q: PageQuery): Promise<Page<Obligation>> {
  return toPage(await pageRows(db, fiscalObligations, eq(fiscalObligations.userId, userId), [desc(fiscalObligations.id)], q), q, toObligation);
}

export async function addObligations(db: Db, userId: number, items: ObligationValues[], source: ItemSource): Promise<Obligation[]> {
  if (!items.length) return [];
  const rows = await db.insert(fiscalObligations).values(items.map((i) => ({
    userId, descripcion: i.descripcion, vencimiento: i.vencimiento, initDate: i.init_date, endDate: i.end_date, source,
  }))).returning();
  return rows.map(toObligation);
}

export async function deleteObligation(db: Db, userId: number, id: number): Promise<{ message: string }> {
  if (!(await deleteOwnedRow(db, fiscalObligations, userId, id))) throw notFound('La obligación fiscal no existe');
  return { message: 'Obligación fiscal eliminada' };
}

/** Economic activities of the tenant, newest first. */
export async function listActivities(db: Db, userId: number, q: PageQuery): Promise<Page<Activity>> {
  return toPage(await pageRows(db, economicActivities, eq(economicActivities.userId, userId), [desc(economicActivities.id)], q), q, toActivity);
}

export async function addActivities(db: Db, userId: number, items: ActivityValues[], source: ItemSource): Promise<Activity[]> {
  if (!items.length) return [];
  const rows = await db.insert(economicActivities).values(items.map((i) => ({
    userId, name: i.name, percentage: i.percentage, initDate: i.init_date, endDate: i.end_date, source,
  }))).returning();
  return rows.map(toActivity);
}

export async function deleteActivity(db: Db, userId: number, id: number): Promise<{ message: string }> {
  if (!(await deleteOwnedRow(db, economicActivities, userId, id))) throw notFound('La actividad económica no existe');
  return { message: 'Actividad económica eliminada' };
}

