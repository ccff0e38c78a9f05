import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { teamUpdates } from '../../db/schema';

/** A team_updates row as streams need it: `json` is its data as stored, sent without parsing. */
export interface UpdateRow {
  id: number;
  tenantId: string;
  channelId: number | null;
  userId: number | null;
  kind: string;
  json: string;
}

type RawRow = {
  id: string;
  tenant_id: string;
  channel_id: number | null;
  user_id: number | null;
  kind: string;
  json: string;
};

const toRow = (r: RawRow): UpdateRow => ({ id: Number(r.id), tenantId: r.tenant_id, channelId: r.channel_id, userId: r.user_id, kind: r.kind, json: r.json });

/** The newest id: the last row, or the pruning horizon when every row is gone. */
const HEAD = sql`greatest(coalesce((SELECT max(id) FROM team_updates), 0), (SELECT pruned_through FROM team_updates_horizon))::text`;

export type Replay = { resync: true; head: number } | { resync: false; rows: UpdateRow[] };

/** Inserts a team update in the writer's transaction (record-update.ts takes the lock and notifies); its id. */
export async function insertUpdate(tx: Pick<Executor, 'insert'>, values: typeof teamUpdates.$inferInsert): Promise<number> {
  const [row] = await tx.insert(teamUpdates).values(values).returning({ id: teamUpdates.id });
  return row!.id;
}

export function createUpdatesRepo(db: Db) {
  return {
    async head(): Promise<number> {
      const { rows } = await db.execute<{ head: string }>(sql`SELECT ${HEAD} AS head`);
      return Number(rows[0]!.head);
    },

    /** The next rows after `after`, in id order (ids are visible in order: see recordUpdate). */
    async after(after: number, limit: number): Promise<UpdateRow[]> {
      const { rows } = await db.execute<RawRow>(
        sql`SELECT id::text, tenant_id, channel_id, user_id, kind, data::text AS json FROM team_updates WHERE id > ${after} ORDER BY team_updates.id LIMIT ${limit}`,
      );
      return rows.map(toRow);
    },

    /** Who of `userIds` is a member of which of `channelIds`, now. */
    async members(channelIds: number[], userIds: number[]): Promise<{ channelId: number; userId: number }[]> {
      const { rows } = await db.execute<{ channel_id: number; user_id: number }>(
        sql`SELECT channel_id, user_id FROM channel_members
             WHERE channel_id = ANY(${sql.param(channelIds)}::int[]) AND user_id = ANY(${sql.param(userIds)}::int[])`,
      );
      return rows.map((r) => ({ channelId: r.channel_id, userId: r.user_id }));
    },

    /**
     * What `userId` may see after `after` (their rows and their channels' rows), at most `limit` rows, or
     * `resync` with the head when rows after `after` were pruned (or `after` is beyond the head). One
     * snapshot: a pruning that commits meanwhile cannot remove rows between the check and the read.
     */
    replay(tenantId: string, userId: number, after: number, limit: number): Promise<Replay> {
      return db.transaction(
        async (tx) => {
          const { rows: bounds } = await tx.execute<{ pruned: string; head: string }>(
            sql`SELECT (SELECT pruned_through FROM team_updates_horizon)::text AS pruned, ${HEAD} AS head`,
          );
          const pruned = Number(bounds[0]!.pruned);
          const head = Number(bounds[0]!.head);
          if (after < pruned || after > head) return { resync: true, head };
          const { rows } = await tx.execute<RawRow>(
            sql`SELECT id::text, tenant_id, channel_id, user_id, kind, data::text AS json FROM team_updates
                 WHERE id > ${after} AND tenant_id = ${tenantId}
                   AND (user_id = ${userId} OR channel_id IN (SELECT channel_id FROM channel_members WHERE user_id = ${userId}))
                 ORDER BY team_updates.id LIMIT ${limit + 1}`,
          );
          // More than a stream replays: the client reloads its lists instead.
          if (rows.length > limit) return { resync: true, head };
          return { resync: false, rows: rows.map(toRow) };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /**
     * Deletes the oldest rows, keeping every row created in the last `keepMs` and every row after the
     * first of those, and records the highest id deleted (the horizon). Returns how many rows went.
     */
    async prune(keepMs: number): Promise<number> {
      return db.transaction(async (tx) => {
        const cutoff = new Date(Date.now() - keepMs).toISOString();
        const { rows } = await tx.execute<{ through: string | null }>(
          sql`SELECT coalesce((SELECT min(id) - 1 FROM team_updates WHERE created_at >= ${cutoff}), (SELECT max(id) FROM team_updates))::text AS through`,
        );
        const through = rows[0]?.through;
        if (through == null) return 0;
        const { rows: gone } = await tx.execute<{ count: number; highest: string | null }>(
          sql`WITH gone AS (DELETE FROM team_updates WHERE id <= ${Number(through)} RETURNING id) SELECT count(*)::int AS count, max(id)::text AS highest FROM gone`,
        );
        const { count, highest } = gone[0]!;
        // The highest id deleted, exactly: ids never written (rolled back) above it never force a resync.
        if (highest !== null) await tx.execute(sql`UPDATE team_updates_horizon SET pruned_through = greatest(pruned_through, ${Number(highest)})`);
        return count;
      });
    },
  };
}
export type UpdatesRepo = ReturnType<typeof createUpdatesRepo>;
