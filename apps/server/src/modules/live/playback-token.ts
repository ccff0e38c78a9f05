import type { Db } from '../../db/client';
import { tokenSigner, userIdField, type TokenSigner } from '../../signed-token';

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
 * player, and a query token works behind a redirect to S3 too. `<event id>.<user id>.<expiry>.<HMAC>`.
 */
export function createPlaybackTokens(signer: TokenSigner) {
  const purpose = signer.purpose('live-playback', { fields: 2, expires: true });
  return {
    sign: (grant: PlaybackGrant): string => purpose.sign([grant.eventId, grant.userId], grant.expiresAt),
    /** Whom the token lets watch, when it is genuine, for this event and unexpired; else null. */
    verify(token: string, eventId: string, now = Date.now()): { eventId: string; userId: number } | null {
      const fields = purpose.verify(token, now);
      const userId = fields && fields[0] === eventId ? userIdField(fields[1]!) : null;
      return userId ? { eventId, userId } : null;
    },
  };
}
export type PlaybackTokens = ReturnType<typeof createPlaybackTokens>;

export async function loadPlaybackTokens(db: Db): Promise<PlaybackTokens> {
  return createPlaybackTokens(await tokenSigner(db));
}
