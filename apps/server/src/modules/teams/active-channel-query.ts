/**
 * The channel of a user's active team, as SQL text for a named statement: user $1 in tenant $2 whose
 * activated channel is $3 (-1 for none) has that channel while still a member of it, else the oldest
 * membership; no row when in no team. Text rather than a repository call so the talk reads can ask
 * it in the same round trip as their page version (activity/talk-pages.ts).
 */
export const ACTIVE_CHANNEL_QUERY = `SELECT cm.channel_id FROM channel_members cm JOIN channels mc ON mc.id = cm.channel_id
                          WHERE cm.user_id = $1::int AND mc.tenant_id = $2::text
                          ORDER BY (cm.channel_id = $3::int) DESC, cm.created_at, cm.channel_id LIMIT 1`;
