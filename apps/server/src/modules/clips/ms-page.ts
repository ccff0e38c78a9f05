/**
 * A page of rows newest first whose cursor is the last item's creation time in ms. JSON carries
 * milliseconds while PostgreSQL keeps microseconds, and the next page starts strictly before the
 * cursor's millisecond: a page that would end inside one takes that millisecond whole instead, so
 * no row is skipped (as the video library does).
 */
export async function msPage<T extends { createdAt: Date }>(
  limit: number,
  before: Date | undefined,
  read: {
    page(options: { before?: Date; limit: number }): Promise<T[]>;
    inMillisecond(at: Date): Promise<T[]>;
  },
): Promise<{ rows: T[]; next: number | null }> {
  const rows = await read.page({ ...(before && { before }), limit: limit + 1 });
  if (rows.length <= limit) return { rows, next: null };
  const taken = rows.slice(0, limit);
  const last = new Date(taken[limit - 1]!.createdAt.getTime());
  if (rows[limit]!.createdAt.getTime() !== last.getTime()) return { rows: taken, next: last.getTime() };
  const whole = [...taken.filter((r) => r.createdAt.getTime() !== last.getTime()), ...(await read.inMillisecond(last))];
  const more = await read.page({ before: last, limit: 1 });
  return { rows: whole, next: more.length > 0 ? last.getTime() : null };
}
