import type { LiveEvent, LiveStream } from '@app/contracts/live';
import type { EventWithTeam } from './events.repo';

// "Eagles vs Hawks", "Eagles VS. Hawks".
const OPPONENTS = / vs\.? /i;

/** The teams a title names ("A vs B"), else the team's own name. */
export function eventTeams(row: EventWithTeam): string[] {
  const parts = row.event.title
    .split(OPPONENTS)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return parts.length >= 2 ? parts.slice(0, 2) : [teamName(row)];
}

const teamName = (row: EventWithTeam) => row.teamName || row.ownerUsername;

/** When it starts: the real start once live, else the schedule. */
const startOf = (row: EventWithTeam) => row.event.startedAt ?? row.event.startsAt;

/** The list item (contract `liveStream`): the page path, not a playback URL (only `GET /api/live/{key}` checks the viewer). */
export function toLiveStream(row: EventWithTeam): LiveStream {
  const { event } = row;
  const teams = eventTeams(row);
  return {
    live: event.status === 'live',
    streamKey: event.key,
    streams: [{ source: `/live/${event.key}` }],
    teamA: teams[0] ?? null,
    teamB: teams[1] ?? null,
    title: event.title,
    dateTime: startOf(row).toISOString(),
    thumbnail: event.thumbnail,
    status: event.status,
    sport: event.sport,
    public: event.isPublic,
    owner: row.ownerUsername,
    channel: row.channelName,
    viewers: event.status === 'live' ? row.viewers : 0,
    endedAt: event.endedAt?.toISOString() ?? null,
  };
}

export interface Playback {
  source: string | null;
  sourceExpiresAt: string | null;
  playable: boolean;
  playbackError: string | null;
}

/** `GET /api/live/{key}` (contract `liveEvent`). */
export function toLiveEvent(row: EventWithTeam, playback: Playback, owned: boolean): LiveEvent {
  const { event } = row;
  return {
    key: event.key,
    live: event.status === 'live',
    status: event.status,
    ...playback,
    owner: row.ownerUsername,
    channel: row.channelName,
    eventTeams: eventTeams(row),
    eventName: event.title,
    startDate: startOf(row).toISOString(),
    scheduledFor: event.startsAt.toISOString(),
    endedAt: event.endedAt?.toISOString() ?? null,
    sport: event.sport,
    public: event.isPublic,
    thumbnail: event.thumbnail,
    viewers: event.status === 'live' ? row.viewers : 0,
    owned,
    serverTime: Date.now(),
  };
}
