import { describe, expect, it, vi } from 'vitest';

import { getVideos } from '@/features/videos/api/get-videos';
import type { ApiClient } from '@/lib/api-client';

function fakeApi() {
  const request = vi.fn(async () => ({ items: [] }));
  return { api: { request } as unknown as ApiClient, paths: () => request.mock.calls.map((call: unknown[]) => call[0]) };
}

describe('getVideos', () => {
  it('asks for a page or the newest few with the query the server expects', async () => {
    const { api, paths } = fakeApi();
    await getVideos(api, { limit: 12 });
    await getVideos(api, { limit: 12, timestamp: '2025-03-04T18:00:00.000Z' });
    await getVideos(api, { limit: 2 });
    expect(paths()).toEqual([
      '/api/user/videos?limit=12',
      '/api/user/videos?limit=12&timestamp=2025-03-04T18%3A00%3A00.000Z',
      '/api/user/videos?limit=2',
    ]);
  });
});
