import { randomBytes } from 'node:crypto';
import type { Storage } from '../../storage/storage';
import type { ClipReels } from '../clips/clips.service';
import { reelExportPrefix } from './reel-export-view';
import type { ReelExportsRepo } from './reel-exports.repo';
import type { ReelsRepo } from './reels.repo';

/** A reel id: the share link, so 144 random bits (at least 128 for a public secret), base64url. */
export const newReelId = () => randomBytes(18).toString('base64url');

/** The reels module's side of each clip (its own reel, and the exports that play it), for the clips module. */
export function createClipReels({ reels, exportRows, storage }: { reels: ReelsRepo; exportRows: ReelExportsRepo; storage: Storage }): ClipReels {
  return {
    newId: newReelId,
    addOwn: (tx, clip) => reels.insertOwnReel(tx, clip),
    lengthChanged: (tx, clip, durationSec) => reels.setOwnChunkLength(tx, clip, durationSec),
    async clipsDeleted(tx, clipIds) {
      const discarded = await exportRows.discardExports(tx, await exportRows.exportedReelsOfClips(tx, clipIds));
      return async () => {
        for (const row of discarded) await storage.deletePrefix(reelExportPrefix(row));
      };
    },
  };
}
