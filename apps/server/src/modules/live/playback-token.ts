import type { Db } from '../../db/client';
import { tokenSigner, userIdField, type TokenSigner } from '../../signed-token';

/** A playback token lasts as long as a media URL: access ends within 10 minutes of a removal. */
export const PLAYBACK_TOKEN_TTL_MS = 10 * 60_000;

export interface PlaybackGrant {
  eventId: string;
  userId: number;
  /** The event's access epoch when the token was issued: a bump stops the token. */
  eventEpoch: number;
  /** The viewer's own access epoch (live_viewer_access) when it was issued. */
  viewerEpoch: number;
  /** ms since the epoch. */
  expiresAt: number;
}

/**
 * Tokens that let one viewer load one event's playlists (`?token=`), checked without a database read on
 * every one-second playlist refresh: the epochs they carry are compared with what the node holds in memory.
 * hls.js cannot send our Bearer header on a native player. `<event id>.<user id>.<epochs>.<expiry>.<HMAC>`.
 */
export function createPlaybackTokens(signer: TokenSigner) {
  const purpose = signer.purpose('live-playback', { fields: 4, expires: true });
  return {
    sign: (grant: PlaybackGrant): string => purpose.sign([grant.eventId, grant.userId, grant.eventEpoch, grant.viewerEpoch], grant.expiresAt),
    /** Whom the token lets watch, when it is genuine, for this event and unexpired; else null. */
    verify(token: string, eventId: string, now = Date.now()): Omit<PlaybackGrant, 'expiresAt'> | null {
      const fields = purpose.verify(token, now);
      if (!fields || fields[0] !== eventId) return null;
      const userId = userIdField(fields[1]!);
      const eventEpoch = epochField(fields[2]!);
      const viewerEpoch = epochField(fields[3]!);
      return userId && eventEpoch !== null && viewerEpoch !== null ? { eventId, userId, eventEpoch, viewerEpoch } : null;
    },
  };
}
export type PlaybackTokens = ReturnType<typeof createPlaybackTokens>;

const epochField = (field: string): number | null => (/^(0|[1-9]\d{0,9})$/.test(field) ? Number(field) : null);

export async function loadPlaybackTokens(db: Db): Promise<PlaybackTokens> {
  return createPlaybackTokens(await tokenSigner(db));
}

/** What a segment's path token is signed over: the same for every viewer of the game in one time bucket. */
export interface SegmentPathScope {
  tenantId: string;
  key: string;
  epoch: number;
}

/**
 * Per-game path tokens for segment URLs (`a/<bucket>.<HMAC>/`): one URL per segment for every viewer, so a
 * cache or CDN in front serves it once. A token is good for its time bucket and the next (at most two buckets,
 * 10 minutes by default), and for the game's access epoch: a bump, or the end of the window, stops it.
 */
export function createSegmentPaths(signer: TokenSigner, bucketSeconds: number) {
  const PURPOSE = 'live-segment-path';
  const bucketOf = (now: number) => Math.floor(now / (bucketSeconds * 1000));
  // Tenant ids and keys may hold characters a token field may not: signed as base64url.
  const text = (s: string) => Buffer.from(s).toString('base64url');
  const fields = (scope: SegmentPathScope, bucket: number) => [text(scope.tenantId), text(scope.key), String(scope.epoch), String(bucket)];
  return {
    /** The token of the current bucket. */
    sign(scope: SegmentPathScope, now = Date.now()): string {
      const bucket = bucketOf(now);
      return `${bucket}.${signer.signature(PURPOSE, fields(scope, bucket))}`;
    },
    /** Whether `token` is genuine for this game's scope and its bucket is the current one or the one before. */
    verify(token: string, scope: SegmentPathScope, now = Date.now()): boolean {
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return false;
      const bucket = Number(match[1]);
      const current = bucketOf(now);
      if (bucket !== current && bucket !== current - 1) return false;
      return signer.matches(PURPOSE, fields(scope, bucket), match[2]!);
    },
  };
}
export type SegmentPaths = ReturnType<typeof createSegmentPaths>;
