// A team's season for the benchmarks that read the schedule (bench-schedule.mjs, bench-reads.mjs).

export const ITEMS_PER_TEAM = 100;
const SEASON_START = Date.UTC(2027, 0, 4, 23, 0);

/** Four weeks of the season: what the schedule page asks for. */
export const SCHEDULE_READ = `/api/team/schedule?from=${new Date(SEASON_START).toISOString()}&to=${new Date(SEASON_START + 28 * 86_400_000).toISOString()}`;

/** Three practices and a game a week, as the schedule module writes its rows. */
export async function insertSeason(db, tenantId, channelId, userId) {
  const rows = [];
  for (let i = 0; i < ITEMS_PER_TEAM; i++) {
    const start = SEASON_START + Math.floor(i / 4) * 7 * 86_400_000 + (i % 4) * 2 * 86_400_000;
    rows.push([i % 4 === 3 ? 'game' : 'practice', `${i % 4 === 3 ? 'Game' : 'Practice'} ${i + 1}`, new Date(start), new Date(start + 90 * 60_000)]);
  }
  await db.query(
    `INSERT INTO schedule_items (tenant_id, channel_id, kind, title, starts_at, ends_at, time_zone, location, notes, created_by)
     SELECT $1, $2, r.kind, r.title, r.starts_at, r.ends_at, 'America/New_York', 'Field 2, Riverside Park', 'Bring water', $3
       FROM unnest($4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[]) AS r(kind, title, starts_at, ends_at)`,
    [tenantId, channelId, userId, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
  );
}

