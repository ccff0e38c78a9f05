// Playback tokens as GET /api/live/{key} hands them out (apps/server/src/modules/live/playback-token.ts),
// signed here with the server's secret so a benchmark can give many viewers their own without the events API.
import { createHmac } from 'node:crypto';

export function playbackToken(secret, eventId, userId) {
  const body = Buffer.from(JSON.stringify([eventId, userId, Date.now() + 10 * 60_000])).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(`live-playback-v1.${body}`).digest('base64url')}`;
}

export async function playbackSecret(db) {
  const secret = (await db.query(`select value from app_secrets where name = 'live-playback-signing'`)).rows[0]?.value;
  if (!secret) throw new Error('the server has no playback signing secret');
  return secret;
}
