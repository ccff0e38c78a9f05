import { rm } from 'node:fs/promises';
import path from 'node:path';
import { lowPreset, renditionArgs } from '@app/media/args/rendition';
import { runFfmpeg } from '@app/media/run-ffmpeg';
import { createTestClip } from '@app/media/test-clip';
import { cachedFixture } from '../../../../packages/media/test/helpers/fixture-cache';
import type { StoredObject } from '../../src/storage/storage';
import { userId, type TeamsApp } from '../videos/helpers';

export * from '../videos/helpers';

export interface ReadyVideo {
  key: string;
  renditionKey: string;
}

/**
 * A video as the transcoder leaves it: `ready`, with a stored low rendition of `durationSec`. The
 * rendition's bytes are `file` when given (a real MP4 for the cut job), else a stand-in the API never reads.
 */
export async function readyVideo(
  t: TeamsApp,
  owner: string,
  options: { title?: string; durationSec?: number; file?: string; tenantId?: string } = {},
): Promise<ReadyVideo> {
  const tenant = options.tenantId ?? 'demo';
  const [row] = await t.sql<{ id: string }>(
    `INSERT INTO videos (tenant_id, owner_user_id, title, status, source_key, duration_sec) VALUES ($1, $2, $3, 'ready', 'x/source.mp4', $4) RETURNING id`,
    [tenant, await userId(t, owner), options.title ?? 'Derby', options.durationSec ?? 60],
  );
  const key = row!.id;
  const renditionKey = `${tenant}/videos/${key}/renditions/attempt-1/low.mp4`;
  if (options.file) await t.runtime.storage.putFile(renditionKey, options.file, { contentType: 'video/mp4' });
  else await t.runtime.storage.put(renditionKey, Buffer.from('rendition'), { contentType: 'video/mp4' });
  await t.sql(`UPDATE videos SET renditions = $2 WHERE id = $1`, [key, JSON.stringify({ low: { key: renditionKey, width: 320, height: 240, size: 9, fps: 25 } })]);
  return { key, renditionKey };
}

export async function objectsUnder(t: TeamsApp, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.runtime.storage.list(prefix) as AsyncIterable<StoredObject>) keys.push(object.key);
  return keys;
}

export const FPS = 25;

/** A 10 s frame-numbered source encoded like our low rendition (a keyframe every 2 s, closed GOPs). */
export async function numberedRendition(dir: string): Promise<string> {
  const output = path.join(dir, 'low.mp4');
  const clip = { durationSec: 10, fps: FPS, width: 320, height: 240, frameNumbers: true };
  const rendition = { ...lowPreset, sourceWidth: 320, sourceHeight: 240, sourceFps: FPS, audio: true };
  await cachedFixture(output, { numberedRendition: { clip, rendition } }, async (file) => {
    const source = `${file}.source.mp4`;
    try {
      await createTestClip(source, clip);
      await runFfmpeg(renditionArgs({ ...rendition, input: source, output: file }), { outputFile: file });
    } finally {
      await rm(source, { force: true });
    }
  });
  return output;
}

/** A clip as the cut job leaves it: its own (stand-in) file stored and `ready`; returns the file's key. */
export async function markCut(t: TeamsApp, clipId: string): Promise<string> {
  const [row] = await t.sql<{ tenant_id: string; stream_id: string }>(`SELECT tenant_id, stream_id FROM clips WHERE id = $1`, [clipId]);
  const fileKey = `${row!.tenant_id}/videos/${row!.stream_id}/clips/${clipId}/cut-1/clip.mp4`;
  await t.runtime.storage.put(fileKey, Buffer.from('clip'), { contentType: 'video/mp4' });
  await t.sql(`UPDATE clips SET file_key = $2, status = 'ready' WHERE id = $1`, [clipId, fileKey]);
  return fileKey;
}

/** Switches a reel's share link with its own request, as the editor's switch does. */
export const setSharing = (t: TeamsApp, who: { headers: Record<string, string> } | null, reelId: string, shared: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/user/reels/${reelId}/sharing`, headers: who?.headers ?? {}, payload: { shared } as object });
