import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseArgs } from '@app/media/args/common';
import { runFfmpeg } from '@app/media/run-ffmpeg';
import { cutClipJob } from '../../src/modules/clips/cut-clip.job';
import { decodedFrameNumbers } from '../../../../packages/media/test/helpers/decoded';
import { startS3rverStorage, type S3rverStorage } from '../helpers/storage-s3rver';
import { jobContext, runJob } from '../transcode/helpers';
import { call, coach, readyVideo, videosApp, type Person, type TeamsApp } from './helpers';

/*
 * With S3 storage the cut reads the rendition through a presigned link in byte ranges: the index
 * and the seconds around the clip, not the whole file (a 15 s clip of a two-hour game would
 * otherwise download gigabytes first). Bytes are counted by a relay between the storage and s3rver.
 */
const FPS = 25;
const CHUNK_FRAMES = 100;
const COPIES = 24;

let t: TeamsApp;
let s3: S3rverStorage;
let owner: Person;
let fixtures: string;
let source: string;

/**
 * A 96 s, ~230 MB faststart MP4: 4 s of noise (hard to compress) with the frame number on top and
 * a keyframe every 2 s, copied 24 times one after the other, with one tone for the whole length
 * (chunks with their own audio would drift by the audio's extra length at each join).
 */
async function bigRendition(dir: string): Promise<string> {
  const chunk = path.join(dir, 'chunk.mp4');
  const bit = 'mod(floor(N/pow(2,floor(X*8/W))),2)';
  await runFfmpeg(
    [
      ...baseArgs(),
      '-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=${FPS}:duration=${CHUNK_FRAMES / FPS}`,
      '-vf', `noise=alls=100:allf=t,geq=lum='if(lt(Y,H/2),if(${bit},235,16),lum(X,Y))':cb='cb(X,Y)':cr='cr(X,Y)'`,
      '-c:v', 'libx264', '-preset', 'superfast', '-qp', '4', '-pix_fmt', 'yuv420p', '-g', '50', '-keyint_min', '50', '-sc_threshold', '0', '-flags', '+cgop',
      '-f', 'mp4', chunk,
    ],
    { outputFile: chunk },
  );
  const list = path.join(dir, 'copies.txt');
  await writeFile(list, `ffconcat version 1.0\n${`file '${chunk}'\n`.repeat(COPIES)}`);
  const output = path.join(dir, 'big.mp4');
  const durationSec = (CHUNK_FRAMES * COPIES) / FPS;
  await runFfmpeg(
    [
      ...baseArgs(),
      '-f', 'concat', '-safe', '0', '-i', list,
      '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${durationSec}`,
      '-map', '0:v', '-map', '1:a', '-c:v', 'copy', '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', '-f', 'mp4', output,
    ],
    { outputFile: output },
  );
  return output;
}

beforeAll(async () => {
  t = await videosApp();
  s3 = await startS3rverStorage({ countBytes: true });
  owner = await coach(t, 's3cutter', 'Ranged');
  fixtures = await mkdtemp(path.join(os.tmpdir(), 'cut-clip-s3-'));
  source = await bigRendition(fixtures);
});
afterAll(async () => {
  await s3?.close();
  await t?.close();
  if (fixtures) await rm(fixtures, { recursive: true, force: true });
});

describe('the cut-clip job with S3 storage', () => {
  it('reads only a small part of the rendition through a presigned link, and cuts the right frames', { timeout: 120_000 }, async () => {
    const durationSec = (CHUNK_FRAMES * COPIES) / FPS;
    const video = await readyVideo(t, 's3cutter', { durationSec });
    await s3.storage.putFile(video.renditionKey, source, { contentType: 'video/mp4' });
    const sourceBytes = (await stat(source)).size;
    const res = await call(t, 'POST', `/api/user/videos/${video.key}/clips`, owner.headers, { timestamp: 20.4, duration: 3.6 });
    expect(res.statusCode, res.body).toBe(201);
    const clip = res.json() as { _id: string };

    const before = s3.relay!.bytesFromTarget();
    await runJob(cutClipJob, { clipId: clip._id }, jobContext(t, { storage: s3.storage }));
    const read = s3.relay!.bytesFromTarget() - before;

    // The clip's 3.6 s are 11% of the file; the index and the seconds ffmpeg reads around them add little.
    // About a third here, a fixed amount rather than a share: the index and the ~15 s ffmpeg reads
    // around the clip, plus ~4.5 MB for each of the ~10 requests, as ffmpeg reads the index and then
    // seeks away, abandoning a response s3rver has already written into its 4 MB kernel send buffer
    // on loopback. Downloading the rendition first moved all of it (`npm run bench -- clips`: 2 GB).
    expect(read / sourceBytes, `${read} of ${sourceBytes} bytes`).toBeLessThan(0.4);
    const [row] = await t.sql<{ status: string; file_key: string }>(`SELECT status, file_key FROM clips WHERE id = $1`, [clip._id]);
    expect(row).toMatchObject({ status: 'ready' });
    const cut = path.join(fixtures, 'clip.mp4');
    await s3.storage.downloadToFile(row!.file_key, cut);
    // Frame 510 (20.4 s) first; the frame numbers restart with each copy of the 100-frame chunk.
    expect(await decodedFrameNumbers(cut)).toEqual(Array.from({ length: 90 }, (_, i) => (510 + i) % CHUNK_FRAMES));
  });
});
