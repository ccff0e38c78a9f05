import { rm, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { storageKey } from '../../../storage/keys';
import type { Storage } from '../../../storage/storage';

/**
 * Every derived file of a video lives under `<tenant>/videos/<id>/renditions/<attemptId>/`: an
 * attempt never overwrites an object that a pointer (or a player) may be using, and objects of
 * attempts that no pointer refers to can be found and deleted. Originals live elsewhere and are kept.
 */
export function outputKey(tenantId: string, videoId: string, attemptId: string, file: string): string {
  return storageKey(tenantId, 'videos', videoId, 'renditions', attemptId, file);
}

export function outputsPrefix(tenantId: string, videoId: string): string {
  return `${storageKey(tenantId, 'videos', videoId, 'renditions')}/`;
}

/** Deletes this video's outputs that are not in `keep` (older attempts, a failed video's leftovers). */
export async function deleteOutputsExcept(storage: Storage, prefix: string, keep: ReadonlySet<string>): Promise<number> {
  let deleted = 0;
  for await (const object of storage.list(prefix)) {
    if (keep.has(object.key)) continue;
    await storage.delete(object.key);
    deleted += 1;
  }
  return deleted;
}

/** `DATA_DIR/tmp/transcode`: one `<videoId>-<attemptId>` directory per running attempt. */
export function transcodeTempRoot(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'transcode');
}

export function attemptDirName(videoId: string, attemptId: string): string {
  return `${videoId}-${attemptId}`;
}

const DIR_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(.+)$/;

/**
 * Removes directories left by killed attempts: every one of `videoId` (this attempt's own is not
 * created yet), and any other whose attempt is no longer alive (several workers may share a disk).
 */
export async function sweepTempDirs(
  root: string,
  options: { videoId: string; isLive(videoId: string, attemptId: string): Promise<boolean>; log: Logger },
): Promise<number> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    const match = DIR_NAME.exec(entry.name);
    if (!entry.isDirectory() || !match) continue;
    const [, videoId, attemptId] = match as unknown as [string, string, string];
    if (videoId !== options.videoId && (await options.isLive(videoId, attemptId))) continue;
    await rm(path.join(root, entry.name), { recursive: true, force: true });
    options.log.info({ dir: entry.name }, 'removed temp files of an interrupted transcode');
    removed += 1;
  }
  return removed;
}
