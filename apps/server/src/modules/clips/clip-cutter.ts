import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fullPreset, lowPreset } from '@app/media/args/rendition';
import { cutClip } from '@app/media/clip-cut';
import { probe } from '@app/media/probe';
import type { JobContext } from '../../job-context';
import { mediaSource } from '../../storage/media-source';
import { clipObjectsPrefix } from './clips.service';
import type { ClipsRepo } from './clips.repo';

export const clipCutTempRoot = (dataDir: string) => path.join(dataDir, 'tmp', 'clip-cut');

/**
 * The `cut-clip` job: cuts the clip's own faststart MP4 and poster out of the rendition it was made
 * from (smart cut where the codec allows, see @app/media/clip-cut), stores them under a fresh
 * attempt key and points the clip at them. A clip deleted meanwhile, or cut by another attempt,
 * keeps nothing of this one. Errors throw for a retry; after the last one the clip is `failed`
 * and keeps playing from its source.
 */
export async function cutStoredClip(clipId: string, ctx: JobContext, repo: ClipsRepo): Promise<void> {
  const { storage, config, log } = ctx;
  const clip = await repo.forCut(clipId);
  if (!clip || clip.fileKey) {
    log.info({ clipId, status: clip?.status ?? 'deleted' }, 'nothing to cut: clip deleted or already cut');
    return;
  }
  const root = clipCutTempRoot(config.dataDir);
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(path.join(root, `${clip.id}-`));
  const prefix = `${clipObjectsPrefix(clip)}${randomUUID()}/`;
  const keys = { fileKey: `${prefix}clip.mp4`, posterKey: `${prefix}poster.jpg` };
  try {
    const input = await mediaSource(storage, clip.sourceKey);
    const preset = clip.sourceRendition === 'low' ? lowPreset : fullPreset;
    const output = path.join(dir, 'clip.mp4');
    const poster = path.join(dir, 'poster.jpg');
    const result = await cutClip({
      input,
      source: await probe(input, { signal: ctx.signal }),
      startSec: clip.startSec,
      durationSec: clip.durationSec,
      output,
      poster,
      encoder: { crf: preset.crf, preset: preset.preset, maxBitrateKbps: preset.maxBitrateKbps },
      tempDir: dir,
      signal: ctx.signal,
    });
    await storage.putFile(keys.fileKey, output, { contentType: 'video/mp4' });
    await storage.putFile(keys.posterKey, poster, { contentType: 'image/jpeg' });
    if (!(await repo.markCut(clip.id, keys))) {
      await storage.deletePrefix(prefix);
      log.info({ clipId }, 'clip deleted or cut meanwhile: this cut is dropped');
      return;
    }
    log.info({ clipId, mode: result.mode, reason: result.reason, durationSec: result.durationSec }, 'clip cut');
  } catch (err) {
    await storage.deletePrefix(prefix).catch(() => undefined);
    if (ctx.job.retryCount >= ctx.job.retryLimit) await repo.markFailed(clip.id);
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
