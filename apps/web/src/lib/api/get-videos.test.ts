import { describe, expect, it, vi } from 'vitest';

import type { ApiClient } from '@/lib/api-client';
import { getVideos } from '@/lib/api/get-videos';

function fakeApi() {
  const request = vi.fn(async () => ({ items: [] }));
  return { api: { request } as unknown as ApiClient, paths: () => request.mock.calls.map((call: unknown[]) => call[0]) };
}

describe('getVideos', () => {
  it('asks for a page, the newest few, or the given videos with the query the server expects', async () => {
    const { api, paths } = fakeApi();
    await getVideos(api, { limit: 12 });
    await getVideos(api, { limit: 12, timestamp: '2025-03-04T18:00:00.000Z' });
    await getVideos(api, { limit: 2 });
    await getVideos(api, { keys: ['a', 'b'] });
    expect(paths()).toEqual([
      '/api/user/videos?limit=12',
      '/api/user/videos?limit=12&timestamp=2025-03-04T18%3A00%3A00.000Z',
      '/api/user/videos?limit=2',
      '/api/user/videos?keys=a%2Cb',
    ]);
  });
});
