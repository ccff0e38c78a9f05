// Playback tokens as GET /api/live/{key} hands them out (apps/server/src/modules/live/playback-token.ts and
// apps/server/src/signed-token.ts), signed here with the server's root secret so a benchmark can give many viewers
// their own without the events API. Of the access epochs nothing has bumped (0), as a new game's are.
import { createHmac, hkdfSync } from 'node:crypto';

const PURPOSE = 'live-playback';

export function playbackToken(rootSecret, eventId, userId) {
  const key = Buffer.from(hkdfSync('sha256', rootSecret, 'teamfilm-signed-token', PURPOSE, 32));
  const fields = [eventId, String(userId), '0', '0', String(Date.now() + 10 * 60_000)];
  const mac = createHmac('sha256', key).update([PURPOSE, ...fields].join(':')).digest('base64url');
  return [...fields, mac].join('.');
}

export async function playbackSecret(db) {
  const secret = (await db.query(`select value from app_secrets where name = 'token-signing-root'`)).rows[0]?.value;
  if (!secret) throw new Error('the server has no token signing secret');
  return secret;
}
