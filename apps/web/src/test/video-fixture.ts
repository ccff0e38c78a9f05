import type { Video } from '@app/contracts/videos';

/** A ready video as the server answers it; tests override what they look at. */
export function videoFixture(overrides: Partial<Video> = {}): Video {
  const key = overrides.key ?? '11111111-1111-4111-8111-111111111111';
  return {
    key,
    _id: key,
    title: 'Hawks vs Owls',
    dateTime: '2025-03-04T18:00:00.000Z',
    ownerId: 7,
    ownerUsername: 'coach',
    ownerName: 'coach',
    status: 'ready',
    progress: 100,
    failureReason: null,
    durationSec: 95,
    sources: { full: { url: `/storage/${key}/full.mp4?sig=a`, width: 1280, height: 720 } },
    poster: `/storage/${key}/poster.jpg?sig=a`,
    storyboard: null,
    highlights: [],
    isTest: false,
    mediaExpiresAt: '2999-01-01T00:00:00.000Z',
    ...overrides,
  };
}
