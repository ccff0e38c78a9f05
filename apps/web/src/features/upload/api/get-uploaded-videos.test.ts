import { describe, expect, it, vi } from 'vitest';

import { getUploadedVideos } from '@/features/upload/api/get-uploaded-videos';
import type { ApiClient } from '@/lib/api-client';

describe('getUploadedVideos', () => {
  it('asks for the given videos with the query the server expects', async () => {
    const request = vi.fn(async () => ({ items: [] }));
    await getUploadedVideos({ request } as unknown as ApiClient, ['a', 'b']);
    expect(request.mock.calls.map((call: unknown[]) => call[0])).toEqual(['/api/user/videos?keys=a%2Cb']);
  });
});
