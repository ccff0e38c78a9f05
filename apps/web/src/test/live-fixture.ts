import type { Cheer, LiveEvent, LiveStream, LiveStreamList } from '@app/contracts/live';

/** A list item of `/api/team/live`, `/upcoming`, `/archives` and `/api/events`; tests override what they look at. */
export function streamFixture(overrides: Partial<LiveStream> = {}): LiveStream {
  const key = overrides.streamKey ?? 'evt-live-000000000001';
  return {
    live: true,
    streamKey: key,
    streams: [{ source: `/live/${key}` }],
    teamA: 'Hawks',
    teamB: 'Owls',
    title: 'Hawks vs Owls',
    dateTime: '2026-03-08T19:30:00.000Z',
    thumbnail: '',
    status: 'live',
    sport: 'IHK',
    public: true,
    owner: 'coach',
    channel: 'main',
    viewers: 12,
    endedAt: null,
    ...overrides,
  };
}

export function listOf(items: LiveStream[], next: number | null = null): LiveStreamList {
  return { items, next };
}

/** `GET /api/live/{key}` for a subscriber watching a live game. */
export function liveEventFixture(overrides: Partial<LiveEvent> = {}): LiveEvent {
  const key = overrides.key ?? 'evt-live-000000000001';
  return {
    key,
    live: true,
    status: 'live',
    source: `/api/live/${key}/index.m3u8?token=t1`,
    sourceExpiresAt: '2999-01-01T00:00:00.000Z',
    playable: true,
    playbackError: null,
    owner: 'coach',
    channel: 'main',
    eventTeams: ['Hawks', 'Owls'],
    eventName: 'Hawks vs Owls',
    startDate: '2026-03-08T19:30:00.000Z',
    scheduledFor: '2026-03-08T19:30:00.000Z',
    endedAt: null,
    sport: 'IHK',
    public: true,
    thumbnail: '',
    viewers: 12,
    owned: false,
    // This device's clock, unless a test sets the server's apart.
    serverTime: Date.now(),
    ...overrides,
  };
}

export const cheersFixture: Cheer[] = [
  { timestamp: 1_772_998_260_000, cheer: 10, path: '' },
  { timestamp: 1_772_998_200_000, cheer: 4, path: '/team/clips/reel-cheer-1' },
  { timestamp: 1_772_998_320_000, cheer: 7.4, path: '' },
];
