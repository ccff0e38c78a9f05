import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';

type Incr = FastifyRateLimitStore['incr'];

/**
 * The `groupId` of every route that makes us send an e-mail or SMS (links, codes, resets, team
 * invites): they share one count per client IP, so MAIL_RATE_LIMIT bounds all of them together.
 */
export const MAIL_GROUP = 'mail';

/**
 * A @fastify/rate-limit store in PostgreSQL: the count of a key (route + client IP) and when its
 * window ends, in one atomic upsert. With the memory store each web node counted on its own, so N
 * nodes let N times the limit through; here they share one count. The window is fixed from the
 * first request (as the plugin's own stores); expired rows are reset in place or swept by a job.
 */
export function pgRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Parameters<Incr>[1], timeWindow: number): void {
      incrementCounter(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(params: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // One count per route, as the plugin's stores do: a burst on one endpoint does not block another.
      // Routes with a `groupId` share one count instead (the plugin appends the group to the key).
      // The plugin passes the route as `routeInfo` (its typings say otherwise).
      const { routeInfo: route = {}, groupId } = params as unknown as { routeInfo?: { method?: string | string[]; url?: string }; groupId?: string };
      if (groupId) return new PgRateLimitStore(undefined, `${this.prefix}group|`);
      return new PgRateLimitStore(undefined, `${this.prefix}${String(route.method ?? '')} ${route.url ?? ''}|`);
    }
  }
  return PgRateLimitStore;
}

/** Adds one to `key`'s count, starting a new window of `windowMs` when there is none or it has ended. */
export async function incrementCounter(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const t = rateLimitCounters;
  const ends = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(t)
    .values({ key, count: 1, expiresAt: ends })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`CASE WHEN ${t.expiresAt} <= now() THEN 1 ELSE ${t.count} + 1 END`,
        expiresAt: sql`CASE WHEN ${t.expiresAt} <= now() THEN ${ends} ELSE ${t.expiresAt} END`,
      },
    })
    .returning({ current: t.count, ttl: sql<number>`greatest(0, ceil(extract(epoch FROM ${t.expiresAt} - now()) * 1000))::int` });
  return row!;
}

/** Deletes the counters whose window has ended (a scheduled job); returns how many went. */
export async function sweepRateLimitCounters(db: Db): Promise<number> {
  const rows = await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.expiresAt} <= now()`).returning({ key: rateLimitCounters.key });
  return rows.length;
}
