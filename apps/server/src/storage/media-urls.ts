import type { Storage } from './storage';

/**
 * Media URLs in the JSON live only minutes: a URL is a capability, so someone removed from a team
 * (or a shared link) keeps access at most this long. Players fetch the video again before
 * `mediaExpiresAt` and swap in the renewed URLs (web: use-player-source.ts).
 */
export const MEDIA_URL_SECONDS = 10 * 60;
/** Expiries are rounded down to whole steps, so a key signs to one URL for a whole step. */
const MEDIA_URL_STEP_SECONDS = 60;
/** Keys remembered per step (a library page has 4 per video); past it, the memo starts over. */
const MEDIA_URL_MEMO_SIZE = 20_000;

export type MediaUrl = (key: string) => Promise<string>;

/** Unix seconds at which a URL signed at `nowSec` expires: MEDIA_URL_SECONDS later, rounded down to a step. */
export function mediaUrlExpiry(nowSec = Math.floor(Date.now() / 1000)): number {
  // One second of margin: the driver reads the clock again and may be a second later.
  return Math.floor((nowSec + MEDIA_URL_SECONDS - 1) / MEDIA_URL_STEP_SECONDS) * MEDIA_URL_STEP_SECONDS;
}

/**
 * Signs media URLs for the JSON. A URL expires at most MEDIA_URL_SECONDS after it is handed out
 * (at least that less one step), at the end of a 1-minute step, so within a step a key has one URL:
 * signed once (a library page of 20 videos needs 80 signatures, which were most of its CPU time),
 * and the same poster URL on every page load lets the browser cache it. The memo holds only
 * signatures, a pure function of key and expiry, so nothing in it can go stale.
 */
export function createMediaUrls(storage: Storage): MediaUrl {
  let expires = 0;
  let memo = new Map<string, Promise<string>>();
  return (key) => {
    const now = Math.floor(Date.now() / 1000);
    const step = mediaUrlExpiry(now);
    if (step !== expires || memo.size >= MEDIA_URL_MEMO_SIZE) {
      expires = step;
      memo = new Map();
    }
    let url = memo.get(key);
    if (!url) {
      const signing = storage.signedGetUrl(key, { expiresInSec: step - now });
      const entries = memo;
      signing.catch(() => entries.delete(key));
      memo.set(key, (url = signing));
    }
    return url;
  };
}
