import { describe, expect, it, vi } from 'vitest';

import { liveHlsConfig } from '@/components/player/live-hls-config';
import { mediaTimeAt, tokenOf, wallClockAt, withToken, type TimedFragment } from '@/components/player/live-timing';

describe('withToken', () => {
  it('replaces the token of playlist and segment URLs, relative or absolute', () => {
    expect(withToken('/api/live/k/index.m3u8?token=old', 'new')).toBe('/api/live/k/index.m3u8?token=new');
    expect(withToken('http://localhost:3000/api/live/k/12.ts?token=old&_HLS_msn=3', 'n2')).toBe(
      'http://localhost:3000/api/live/k/12.ts?token=n2&_HLS_msn=3',
    );
  });

  it('leaves URLs without a token (and a missing token) alone', () => {
    expect(withToken('https://bucket.example/seg.ts?X-Amz-Signature=abc', 'new')).toBe('https://bucket.example/seg.ts?X-Amz-Signature=abc');
    expect(withToken('/api/live/k/index.m3u8?token=old', null)).toBe('/api/live/k/index.m3u8?token=old');
  });

  it('reads the token of a source URL', () => {
    expect(tokenOf('/api/live/k/index.m3u8?token=abc.def')).toBe('abc.def');
    expect(tokenOf(null)).toBeNull();
  });
});

describe('liveHlsConfig', () => {
  it('is the measured low-latency tuning, without liveSyncDurationCount', () => {
    const config = liveHlsConfig(() => null);
    expect(config).toMatchObject({ liveSyncDuration: 1.5, liveMaxLatencyDuration: 3, maxLiveSyncPlaybackRate: 1.2 });
    expect(config).not.toHaveProperty('liveSyncDurationCount');
  });

  it('opens every request with the newest token, so a renewed token needs no reload', async () => {
    let token = 't1';
    const config = liveHlsConfig(() => token);
    const xhr = { open: vi.fn() } as unknown as XMLHttpRequest;
    const context = {} as Parameters<NonNullable<typeof config.xhrSetup>>[2];
    await config.xhrSetup!(xhr, '/api/live/k/7.ts?token=t1', context);
    token = 't2';
    await config.xhrSetup!(xhr, '/api/live/k/index.m3u8?token=t1&_HLS_msn=8', context);
    expect(vi.mocked(xhr.open).mock.calls).toEqual([
      ['GET', '/api/live/k/7.ts?token=t1', true],
      ['GET', '/api/live/k/index.m3u8?token=t2&_HLS_msn=8', true],
    ]);
  });
});

describe('wall clock of the play position', () => {
  // Two 1 s segments, then a reconnect 60 s later (a discontinuity: media time goes on, the clock jumps).
  const fragments: TimedFragment[] = [
    { start: 0, duration: 1, programDateTime: 1_000_000 },
    { start: 1, duration: 1, programDateTime: 1_001_000 },
    { start: 2, duration: 1, programDateTime: 1_062_000 },
  ];

  it('reads the time of day from the fragment that holds the position', () => {
    expect(wallClockAt(fragments, 0.5)).toBe(1_000_500);
    expect(wallClockAt(fragments, 2.25)).toBe(1_062_250);
    expect(wallClockAt([], 1)).toBeNull();
  });

  it('maps a moment of the day back onto the timeline (a cheer, a clip)', () => {
    expect(mediaTimeAt(fragments, 1_001_500)).toBe(1.5);
    expect(mediaTimeAt(fragments, 1_062_500)).toBe(2.5);
    expect(mediaTimeAt(fragments, 900_000)).toBe(0);
  });
});
