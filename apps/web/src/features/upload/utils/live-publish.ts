import { EVENT_TITLE_MAX, SPORTS, toSportCode, type SportCode } from '@app/contracts/live';

/** MediaRecorder hands a chunk to the socket this often: the latency it adds at most. */
export const LIVE_TIMESLICE_MS = 250;
/** What a phone's upload usually carries; the server caps its own encode at 2.5 Mbit/s as well. */
export const LIVE_VIDEO_BITS_PER_SECOND = 2_500_000;

/** The server reads WebM only (VP8/VP9/H.264 + Opus); Safari's MP4-only recorder cannot go live. */
const LIVE_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm;codecs=h264,opus', 'video/webm'] as const;

export function pickLiveType(isTypeSupported: (type: string) => boolean): string | undefined {
  return LIVE_TYPES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

export const NO_LIVE_RECORDER = 'This browser cannot stream live video. Try Chrome, Edge or Firefox.';

/** `GET /api/live/{key}/publish` as a WebSocket on this origin; the token rides in the query (no headers on a WebSocket). */
export function publishUrl(location: Pick<Location, 'protocol' | 'host'>, eventKey: string, accessToken: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/live/${encodeURIComponent(eventKey)}/publish?access_token=${encodeURIComponent(accessToken)}`;
}

/** The event a phone creates: 'Live from <team>' and when, so two games of a day differ. */
export function liveTitle(team: string, now: Date): string {
  const when = now.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  return `Live from ${team} ${when}`.slice(0, EVENT_TITLE_MAX);
}

/** The profile's sport is free text ('Basketball', 'bbk'): a sport code when it names one. */
export function sportFromProfile(sport: string | null | undefined): SportCode | null {
  if (!sport) return null;
  const code = toSportCode(sport);
  if (code) return code;
  const wanted = sport.trim().toLowerCase();
  return (Object.keys(SPORTS) as SportCode[]).find((key) => SPORTS[key].toLowerCase() === wanted) ?? null;
}

/** What the page says when the server closes the socket (its reason when it gave one). */
export function closeMessage(code: number, reason: string): string {
  if (reason) return reason;
  if (code === 1006) return 'The connection to the server was lost. The stream has stopped.';
  return `The live stream stopped (code ${code}).`;
}
