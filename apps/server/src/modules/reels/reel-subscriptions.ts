import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import type { Storage } from '../../storage/storage';
import { reelExportPrefix } from './reel-export-view';
import { createReelExportsRepo } from './reel-exports.repo';

/**
 * What the reels module hears: a drawing changed where a reel's export shows it (the export burns drawings
 * in), so that export is discarded in the drawing's transaction and made again on the next Download.
 */
export function subscribeReels(events: Pick<DomainEvents, 'on'>, { db, storage }: { db: Db; storage: Storage }): void {
  const exportRows = createReelExportsRepo(db);
  events.on('drawing.changed', async (tx, { tenantId, videoId, at, afterCommit }) => {
    const discarded = await exportRows.discardExports(tx, await exportRows.exportedReelsAt(tx, tenantId, videoId, at));
    afterCommit(async () => {
      for (const row of discarded) await storage.deletePrefix(reelExportPrefix(row));
    });
  });
}
