import type { Clip, ReelChunk, ReelView } from '@app/contracts/clips';

/** A clip as the server answers it; tests override what they look at. */
export function clipFixture(overrides: Partial<Clip> = {}): Clip {
  const id = overrides._id ?? 'clip-1';
  return {
    _id: id,
    clipId: id,
    stream_id: '11111111-1111-4111-8111-111111111111',
    clip_id: 20000,
    reel_id: `reel-of-${id}`,
    time: '00:00:20',
    timestamp: 1_741_111_200_000,
    clipTitle: 'Hawks vs Owls',
    description: '',
    cheer: false,
    start: 20,
    duration: 15,
    poster: `/storage/clips/${id}/poster.jpg?sig=a`,
    ...overrides,
  };
}

/** A reel chunk playing the whole of a clip of `duration` seconds. */
export function chunkFixture(overrides: Partial<ReelChunk> = {}): ReelChunk {
  const clip = overrides.clip ?? 'clip-1';
  return {
    id: `chunk-${clip}`,
    description: '',
    source: `/storage/clips/${clip}/clip.mp4?sig=a`,
    clip,
    in: 0,
    out: 15,
    poster: null,
    ...overrides,
  };
}

export function reelFixture(overrides: Partial<ReelView> = {}): ReelView {
  return {
    reelId: 'reel-1',
    title: 'Defense',
    shared: true,
    timestamp: 1_741_111_200_000,
    chunks: [chunkFixture()],
    mediaExpiresAt: '2999-01-01T00:00:00.000Z',
    owned: true,
    ...overrides,
  };
}
