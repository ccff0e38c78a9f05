/** A fragment of the playing HLS level: its media time and the wall clock of its first frame (PROGRAM-DATE-TIME). */
export type TimedFragment = { start: number; duration: number; programDateTime: number | null };

/**
 * The wall clock (ms) at media time `t`: from the fragment that holds `t` (or the last one before
 * it), so a discontinuity after an encoder reconnect does not shift the clock. Null without dates.
 */
export function wallClockAt(fragments: readonly TimedFragment[], t: number): number | null {
  let found: TimedFragment | undefined;
  for (const frag of fragments) {
    if (frag.programDateTime === null) continue;
    if (frag.start <= t + 1e-6) found = frag;
    else break;
  }
  found ??= fragments.find((f) => f.programDateTime !== null);
  if (!found || found.programDateTime === null) return null;
  return found.programDateTime + (t - found.start) * 1000;
}

/** The media time of wall clock `ms`: the inverse of `wallClockAt` (a cheer's or a clip's moment on the timeline). */
export function mediaTimeAt(fragments: readonly TimedFragment[], ms: number): number | null {
  let found: TimedFragment | undefined;
  for (const frag of fragments) {
    if (frag.programDateTime === null) continue;
    if (frag.programDateTime <= ms) found = frag;
    else break;
  }
  found ??= fragments.find((f) => f.programDateTime !== null);
  if (!found || found.programDateTime === null) return null;
  return Math.max(0, found.start + (ms - found.programDateTime) / 1000);
}

/**
 * `url` with its `token` query parameter replaced by `token`. A playlist URL carries the playback
 * token that was current when the player got it; hls.js keeps requesting it, so every request is
 * rewritten to the newest token and playback never has to reload when one expires. URLs without a
 * token (segments, under the game's path token; another host; a presigned redirect target) are left alone.
 */
export function withToken(url: string, token: string | null): string {
  if (!token) return url;
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://relative.invalid');
  } catch {
    return url;
  }
  if (!parsed.searchParams.has('token')) return url;
  parsed.searchParams.set('token', token);
  return parsed.origin === 'http://relative.invalid' ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.toString();
}

/** The `token` parameter of a playlist URL, or null. */
export function tokenOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, 'http://relative.invalid').searchParams.get('token');
  } catch {
    return null;
  }
}

/** How far behind the live edge counts as "behind" (the 'Go live' button shows instead of 'LIVE'). */
export const BEHIND_LIVE_SECONDS = 4;
