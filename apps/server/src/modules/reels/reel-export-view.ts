import type { ReelExport } from '@app/contracts/clips';
import { storageKey } from '../../storage/keys';
import type { Storage } from '../../storage/storage';
import { MEDIA_URL_SECONDS } from '../../storage/media-urls';
import type { ReelExportRow } from './reel-exports.repo';

/** Where a reel's export goes: under the reel's own objects, deleted with the export. */
export const reelExportPrefix = (reel: { tenantId: string; reelId: string }) => `${storageKey(reel.tenantId, 'reels', reel.reelId, 'export')}/`;

/**
 * How long a download link works: as long as any media URL, so someone removed from the team cannot
 * start a download of its clips later than that (a download under way goes on: a URL is checked
 * when a request starts).
 */
const DOWNLOAD_URL_SECONDS = MEDIA_URL_SECONDS;

/**
 * The file name a download gets: the reel's title in plain ASCII letters, digits, spaces, hyphens and
 * underscores (every browser and S3-compatible store takes those alike), else 'reel'.
 */
export function downloadName(title: string | null): string {
  const plain = (title ?? '').replace(/[^A-Za-z0-9 _-]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100).trim();
  return `${plain || 'reel'}.mp4`;
}

/** The JSON of a reel's export (contract `reelExport`); no row is 'none'. */
export async function toReelExport(storage: Storage, row: ReelExportRow | undefined, title: string | null): Promise<ReelExport> {
  if (!row) return { status: 'none', progress: 0, url: null, failureReason: null };
  const url = row.status === 'ready' && row.fileKey ? await storage.signedGetUrl(row.fileKey, { expiresInSec: DOWNLOAD_URL_SECONDS, downloadName: downloadName(title) }) : null;
  return { status: row.status, progress: row.progress, url, failureReason: row.status === 'failed' ? row.failureReason : null };
}
