/** True when a PostgreSQL unique violation (23505) caused the error: typically a concurrent duplicate insert. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
