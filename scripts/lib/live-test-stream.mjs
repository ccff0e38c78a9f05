// The live benchmarks' encoder: a 3 Mb/s H.264/AAC test stream (720p30, 1 s GOP) encoded once into an FLV
// file and published over RTMP by a stream-copying ffmpeg at real time, so the encoder costs next to no CPU
// on the two cores the server and the load generator share (a live libx264 encode takes most of one).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ffmpeg, run } from '../bench-videos.mjs';
import { exitWithin, fetchWithin, until } from './bounded.mjs';

export const VIDEO_KBPS = 2900;
export const AUDIO_KBPS = 96;
const SECONDS = 30;

/**
 * The cached FLV: constant bit rate (x264 fills up to it), a keyframe every 30 frames = 1 s segments;
 * 720p at 2.9 Mb/s unless told (the crowd bench's viewers share two cores with the server).
 */
export async function testStreamFile({ videoKbps = VIDEO_KBPS, height = 720 } = {}) {
  const dir = path.join(os.tmpdir(), 'teamfilm-bench-cache');
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `live-${height}p30-${videoKbps + AUDIO_KBPS}k-${SECONDS}s.flv`);
  if (await fs.stat(file).then((s) => s.size > 0, () => false)) return file;
  console.log(`  encoding a ${SECONDS} s ${height}p30 test stream at ${videoKbps + AUDIO_KBPS} kb/s...`);
  // prettier-ignore
  await run(ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=${(height * 16) / 9}x${height}:rate=30:duration=${SECONDS}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', '30', '-keyint_min', '30', '-sc_threshold', '0', '-bf', '0',
    '-b:v', `${videoKbps}k`, '-minrate', `${videoKbps}k`, '-maxrate', `${videoKbps}k`, '-bufsize', `${videoKbps}k`, '-x264-params', 'nal-hrd=cbr',
    '-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-f', 'flv', `${file}.tmp`,
  ]);
  await fs.rename(`${file}.tmp`, file);
  return file;
}

/** Publishes the file in a loop at real time (`-re`) to `ingestUrl` until killed. */
export function publishFile(file, ingestUrl) {
  const args = ['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', file, '-c', 'copy', '-f', 'flv', ingestUrl];
  const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((r) => child.once('exit', r));
  return {
    child,
    exited,
    async stop() {
      child.kill('SIGKILL');
      await exitWithin('the test stream publisher (SIGKILL)', child, exited, 10_000);
    },
  };
}

/** A new private event of `user`: its keys and the ingest address on loopback, where the bench's server listens. */
export async function newBenchEvent(app, user, title) {
  const { ingestUrl } = (await fetchWithin(`${app.baseUrl}/api/config`)).json();
  const { key, ingestKey } = await user.api('POST', '/api/events', {
    title,
    date: new Date(Date.now() + 60_000).toISOString(),
    type: 'FTB',
    thumbnail: '',
    public: false,
  });
  // The address shows the public host name.
  const ingest = new URL(`${ingestUrl}/${ingestKey}`);
  ingest.hostname = '127.0.0.1';
  return { key, ingestKey, ingest: ingest.href };
}

/**
 * A new event of `user` with the file publishing into it, once live: its key and ingest key, the
 * `source` of GET /api/live/{key} and the publisher.
 */
export async function liveTestEvent(app, user, title, stream = {}) {
  const { key, ingestKey, ingest } = await newBenchEvent(app, user, title);
  const publisher = publishFile(await testStreamFile(stream), ingest);
  let gone = false;
  void publisher.exited.then(() => (gone = true));
  try {
    const event = await until(
      `event ${key} to go live with a source`,
      async (note) => {
        if (gone) throw new Error('the encoder exited before the event went live');
        const e = await user.api('GET', `/api/live/${key}`);
        note(`live ${e.live}, source ${e.source ?? 'none'}`);
        return e.live && e.source && e;
      },
      { everyMs: 100, timeoutMs: 60_000 },
    );
    return { key, ingestKey, source: event.source, publisher };
  } catch (err) {
    await publisher.stop();
    throw err;
  }
}

/** Waits (a minute at most) until event `key`'s playlist at `source` ends with #EXT-X-ENDLIST: the archive. */
export function playlistEnded(key, source) {
  return until(
    `event ${key}'s playlist to end (#EXT-X-ENDLIST)`,
    async (note) => {
      const res = await fetchWithin(source);
      note(`${res.status}, ${res.text().split('\n').length} lines`);
      return res.text().includes('#EXT-X-ENDLIST');
    },
    { everyMs: 50, timeoutMs: 60_000 },
  );
}
