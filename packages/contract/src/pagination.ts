import { z } from 'zod';

/** Spec §7.18 / §9: page 1, 10 per page; options 10, 20, 50. */
export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 10;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  perPage: z.coerce.number().int().min(1).max(100).default(DEFAULT_PER_PAGE),
  search: z.string().trim().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int(), current_page: z.number().int(), per_page: z.number().int() });
export type Page<T> = { data: T[]; total: number; current_page: number; per_page: number };
