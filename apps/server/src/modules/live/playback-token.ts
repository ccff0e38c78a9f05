import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { getOrCreateSecret } from '../../db/app-secrets';

/** A playback token lasts as long as a media URL: access ends within 10 minutes of a removal. */
export const PLAYBACK_TOKEN_TTL_MS = 10 * 60_000;

export interface PlaybackGrant {
  eventId: string;
  userId: number;
  /** ms since the epoch. */
  expiresAt: number;
}

/**
 * Tokens that let one viewer load one event's playlists and segments (`?token=`), checked without a
 * database read on every one-second playlist refresh. hls.js cannot send our Bearer header on a native
 * player, and a query token works behind a redirect to S3 too.
 */
export function createPlaybackTokens(secret: string) {
  const mac = (body: string) => createHmac('sha256', secret).update(`live-playback-v1.${body}`).digest('base64url');
  return {
    sign(grant: PlaybackGrant): string {
      const body = Buffer.from(JSON.stringify([grant.eventId, grant.userId, grant.expiresAt])).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    /** The grant when the token is genuine, for this event and unexpired; else null. */
    verify(token: string, eventId: string, now = Date.now()): PlaybackGrant | null {
      if (token.length > 300) return null;
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(parsed) || parsed.length !== 3) return null;
      const [id, userId, expiresAt] = parsed as unknown[];
      if (id !== eventId || typeof userId !== 'number' || typeof expiresAt !== 'number' || expiresAt <= now) return null;
      return { eventId: id, userId, expiresAt };
    },
  };
}
export type PlaybackTokens = ReturnType<typeof createPlaybackTokens>;

export async function loadPlaybackTokens(db: Db): Promise<PlaybackTokens> {
  return createPlaybackTokens(await getOrCreateSecret(db, 'live-playback-signing'));
}
