// PostgreSQL reads years of four digits only, and no row is made after 9999.
const LATEST_ROW_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A page's cursor (a query's `timestamp`, bounded by the contract to what a Date holds); one past any row reads from the newest. */
const cursorDate = (ms: number | undefined): Date | undefined => (ms === undefined || ms > LATEST_ROW_MS ? undefined : new Date(ms));

/**
 * A page of rows newest first whose cursor is the last item's time in ms (`read.at`: when it was
 * made, or saved). JSON carries milliseconds while PostgreSQL keeps microseconds, and the next page
 * starts strictly before the cursor's millisecond: a page that would end inside one takes that
 * millisecond whole instead, so no row is skipped (as the video library does). `timestamp` is the
 * request's cursor: every paged list reads it here, so none can pass PostgreSQL a year it cannot hold.
 */
export async function msPage<T>(
  limit: number,
  timestamp: number | undefined,
  read: {
    page(options: { before?: Date; limit: number }): Promise<T[]>;
    inMillisecond(at: Date): Promise<T[]>;
    at(row: T): Date;
  },
): Promise<{ rows: T[]; next: number | null }> {
  const ms = (row: T) => read.at(row).getTime();
  const before = cursorDate(timestamp);
  const rows = await read.page({ ...(before && { before }), limit: limit + 1 });
  if (rows.length <= limit) return { rows, next: null };
  const taken = rows.slice(0, limit);
  const last = new Date(ms(taken[limit - 1]!));
  if (ms(rows[limit]!) !== last.getTime()) return { rows: taken, next: last.getTime() };
  const whole = [...taken.filter((r) => ms(r) !== last.getTime()), ...(await read.inMillisecond(last))];
  const more = await read.page({ before: last, limit: 1 });
  return { rows: whole, next: more.length > 0 ? last.getTime() : null };
}
