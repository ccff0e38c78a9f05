/**
 * Signed media URLs live minutes (the server's MEDIA_URL_SECONDS, 10 min); pages fetch the video
 * again this long before they expire, and the player swaps the renewed URLs in.
 */
export const MEDIA_RENEW_BEFORE_MS = 3 * 60_000;

/**
 * When to fetch renewed media URLs for URLs expiring at `expiresAt`: never sooner than in 5 s, and
 * at least hourly (a timer over 2^31 ms would fire at once).
 */
export function mediaRenewDelay(expiresAt: string | null | undefined, now = Date.now()): number | false {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (Number.isNaN(at)) return false;
  return Math.min(60 * 60_000, Math.max(5_000, at - MEDIA_RENEW_BEFORE_MS - now));
}
