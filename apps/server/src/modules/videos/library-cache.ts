import { LRUCache } from 'lru-cache';
import { mediaUrlExpiry } from '../../storage/media-urls';
import type { Viewer } from './videos.repo';

/** Bytes of JSON kept per node: about 1,200 library pages of 20 videos. */
const CACHE_BYTES = 32 * 1024 * 1024;

/**
 * The library's reads, kept as the JSON they were sent as. A page of 20 videos is 27 KB built from
 * 20 rows of JSON columns and 80 signed URLs; reading it again costs one tiny query instead: the
 * tenant's library version (schema `libraryVersions`), which database triggers move on every change
 * a page could show (a video, a membership, a username), whichever node or worker made it. A page
 * is kept per viewer, so no one is ever sent what another may see, and only within one media URL
 * step, so its signed URLs are the ones a fresh read would sign.
 */
export function createLibraryCache(libraryVersion: (tenantId: string) => Promise<number>) {
  // Kept as bytes: encoding 27 KB of text again on every send was a tenth of a kept read's CPU.
  const pages = new LRUCache<string, { version: number; json: Buffer }>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (entry, key) => entry.json.length + key.length,
  });
  return {
    /**
     * The JSON of `what` (a route and its parameters) as `viewer` reads it: the kept copy while the
     * tenant's version stands still, else `render`'s. The version is read before rendering, so a
     * copy is never older than the version it is kept under (a change during the render only makes
     * the next read render again).
     */
    async read(viewer: Viewer, what: string, render: () => Promise<string>): Promise<Buffer> {
      const version = await libraryVersion(viewer.tenantId);
      const key = `${viewer.tenantId}\u0000${viewer.userId}\u0000${mediaUrlExpiry()}\u0000${what}`;
      const kept = pages.get(key);
      if (kept?.version === version) return kept.json;
      const json = Buffer.from(await render());
      pages.set(key, { version, json });
      return json;
    },
  };
}
