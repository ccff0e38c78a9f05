import { describe, expect, it } from 'vitest';
import type { Storage } from '../../src/storage/storage';
import { createMediaUrls, MEDIA_URL_SECONDS } from '../../src/storage/media-urls';

/** A storage that signs `key@expiresAt` and counts the signatures. */
function fakeStorage() {
  const signed: number[] = [];
  const storage = {
    signedGetUrl: async (key: string, { expiresInSec }: { expiresInSec: number }) => {
      const expires = Math.floor(Date.now() / 1000) + expiresInSec;
      signed.push(expires);
      return `${key}@${expires}`;
    },
  } as unknown as Storage;
  return { storage, signed };
}

describe('media URLs', () => {
  it('sign a key once per step, expiring within MEDIA_URL_SECONDS and at most one step earlier', async () => {
    const { storage, signed } = fakeStorage();
    const url = createMediaUrls(storage);
    const now = Math.floor(Date.now() / 1000);
    const first = await url('demo/a.mp4');
    expect(await url('demo/a.mp4')).toBe(first);
    await url('demo/b.mp4');
    expect(signed).toHaveLength(2);
    const expires = signed[0]!;
    expect(expires).toBeLessThanOrEqual(now + MEDIA_URL_SECONDS + 1);
    expect(expires).toBeGreaterThan(now + MEDIA_URL_SECONDS - 60 - 1);
  });
});
