import type { Db } from '../../db/client';

/**
 * The channel of a user's active team, as SQL text for a named statement: user $1 in tenant $2 whose
 * activated channel is $3 (-1 for none) has that channel while still a member of it, else the oldest
 * membership; no row when in no team. Text rather than a repository call so the kept team reads can
 * ask it in the same round trip as their version (activeChannelVersion).
 */
export const ACTIVE_CHANNEL_QUERY = `SELECT cm.channel_id FROM channel_members cm JOIN channels mc ON mc.id = cm.channel_id
                          WHERE cm.user_id = $1::int AND mc.tenant_id = $2::text
                          ORDER BY (cm.channel_id = $3::int) DESC, cm.created_at, cm.channel_id LIMIT 1`;

/**
 * The channel of a user's active team (undefined when in no team) and the version of what its kept
 * reads (board, feed, schedule) show, in one round trip: the channel's newest team_updates id (every
 * write those reads show records one in its own transaction, and ids become visible in order) and the
 * tenant's library version (moved by triggers on a username change, a membership change or a user's
 * deletion, which the reads show but record no update).
 */
export const activeChannelVersion = (db: Db, tenantId: string, userId: number, activatedChannelId: number | null): Promise<{ channelId: number; version: string } | undefined> =>
  db.$client
    .query<{ channelId: number; version: string }>({
      name: 'active_channel_version',
      text: `SELECT a.channel_id AS "channelId",
                    coalesce((SELECT max(u.id) FROM team_updates u WHERE u.channel_id = a.channel_id), 0) || '/' ||
                    coalesce((SELECT v.version FROM library_versions v WHERE v.tenant_id = $2::text), 0) AS version
               FROM (${ACTIVE_CHANNEL_QUERY}) a`,
      values: [userId, tenantId, activatedChannelId ?? -1],
    })
    .then((result) => result.rows[0]);
