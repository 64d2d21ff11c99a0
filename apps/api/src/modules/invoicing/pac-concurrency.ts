/** PAC_CONCURRENCY: how many documents one batch (a payroll, a batch of invoices or payments) stamps at once (default 8). */
export function pacConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PAC_CONCURRENCY ?? 8);
  return Number.isInteger(n) && n >= 1 ? n : 8;
}

/** Runs `work` over `items` with at most `limit` running at once; resolves when all are done (first rejection rejects). */
export async function forEachConcurrently<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, lane));
}
