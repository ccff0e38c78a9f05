import { createHash, randomBytes } from 'node:crypto';
import { userId, type TeamsApp } from '../videos/helpers';

/** A live event row as the events module would leave it (any box: nothing here reads the ingest key). */
export async function insertLiveEvent(t: TeamsApp, owner: string, tenantId = 'demo', options: { isPublic?: boolean } = {}): Promise<{ id: string; key: string }> {
  const key = randomBytes(16).toString('base64url');
  const ingestKeyHash = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex');
  const [row] = await t.sql<{ id: string }>(
    `INSERT INTO live_events (tenant_id, key, owner_user_id, title, sport, starts_at, ingest_key_hash, ingest_key_box, status, started_at, is_public)
     VALUES ($1, $2, $3, 'Derby', 'FTB', now(), $4, 'sealed', 'live', now(), $5) RETURNING id`,
    [tenantId, key, await userId(t, owner), ingestKeyHash, options.isPublic ?? false],
  );
  return { id: row!.id, key };
}

export const cheerRows = (t: TeamsApp, eventId: string) =>
  t.sql<{ id: string; timestamp_ms: string; score: number }>(`SELECT id, timestamp_ms, score FROM live_cheers WHERE event_id = $1 ORDER BY timestamp_ms`, [eventId]);
