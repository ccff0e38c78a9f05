/**
 * The field behind a PostgreSQL unique violation (23505), read from the index name (drizzle may wrap
 * the driver's error in `cause`). Every unique index on a username has `username` in its name.
 */
export function uniqueViolation(err: unknown): 'email' | 'username' | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = e.code === '23505' ? e : e.cause?.code === '23505' ? e.cause : undefined;
  if (!pgErr) return undefined;
  return pgErr.constraint?.includes('username') ? 'username' : 'email';
}
