// Film study numbers for `npm run bench -- film`. A generated 1080p30 game (BENCH_FILM_GAME_SECONDS, 30
// by default; at least 25, so that it goes up as the browser sends large files, by tus) is uploaded and
// transcoded by the real worker; a clip of it (BENCH_FILM_CLIP_SECONDS, 10)
// gets a drawing (an arrow, a freehand stroke, a spotlight and a text) held 3 s, then, through the API:
// - the clip's Download MP4 with the drawing burnt in (POST export -> ready), as a multiple of the clip's
//   length                                                                                  target <= 1.5x
// - against plain ffmpeg encoding the same clip with the export's settings: the ratio
import fs from 'node:fs/promises';
import path from 'node:path';
import { at } from './lib/paths.mjs';
import { benchCoach, startApp, tempDataDir } from './lib/bench-app.mjs';
import { fetchWithin, until } from './lib/bounded.mjs';
import { ffmpeg, run, source, uploadAndPlay } from './bench-videos.mjs';

const HOLD_SECONDS = 3;
const sec = (s) => `${s.toFixed(2)} s`;
const since = (t0) => (performance.now() - t0) / 1000;

const shapes = [
  { type: 'arrow', points: [[0.2, 0.7], [0.55, 0.4]], color: '#ff0000', width: 0.006 },
  { type: 'freehand', points: Array.from({ length: 300 }, (_, i) => [0.1 + i / 400, 0.3 + 0.1 * Math.sin(i / 20)]), color: '#ffff00', width: 0.004 },
  { type: 'spotlight', points: [[0.55, 0.2], [0.85, 0.6]], color: '#ffffff', width: 0.002 },
  { type: 'text', points: [[0.05, 0.05]], color: '#ffffff', width: 0.005, text: 'Help side, rotate early' },
];

export async function filmBenchmarks() {
  const gameSec = Number(process.env.BENCH_FILM_GAME_SECONDS ?? 30);
  const clipSec = Number(process.env.BENCH_FILM_CLIP_SECONDS ?? 10);
  console.log(`\nFilm study (1080p30 H.264/AAC game, ${gameSec} s; a clip of ${clipSec} s with one drawing held ${HOLD_SECONDS} s):`);
  const file = await source(gameSec);
  const dataDir = await tempDataDir();
  const app = await startApp([at('apps/server/dist/main.js')], dataDir, { AUTH_RATE_LIMIT: '500' });
  const work = path.join(dataDir, 'bench-film');
  await fs.mkdir(work);
  try {
    const user = await benchCoach(app.baseUrl);
    console.log('  uploading the game and waiting for the worker to transcode it...');
    const video = await uploadAndPlay(app, user, file, { fileName: 'game.mp4', contentType: 'video/mp4', untilReady: true, sourceSec: gameSec });
    const startSec = Math.min(3.3, gameSec - clipSec);
    const clip = await user.api('POST', `/api/user/videos/${encodeURIComponent(video.key)}/clips`, { timestamp: startSec, duration: clipSec });
    const chunkPath = `/api/user/clips/${clip.stream_id}/${clip.clip_id}/chunk`;
    // The clip's own MP4 first: what its Download exports from.
    const own = await until(
      `clip ${clip.clip_id}'s own MP4`,
      async () => {
        const { source: s } = await user.api('GET', chunkPath);
        return !s.includes('#t=') && s;
      },
      { everyMs: 100, timeoutMs: 120_000 },
    );
    await user.api('POST', `/api/user/videos/${encodeURIComponent(video.key)}/drawings`, { at: startSec + clipSec / 2, holdSeconds: HOLD_SECONDS, shapes });

    const started = performance.now();
    await user.api('POST', `/api/user/reels/${clip.reel_id}/export`);
    await until(
      `the clip's export to be ready`,
      async (note) => {
        const e = await user.api('GET', `/api/user/reels/${clip.reel_id}/export`);
        if (e.status === 'failed') throw new Error(`the export failed: ${e.failureReason}`);
        note(`${e.status}, ${e.progress}%`);
        return e.status === 'ready';
      },
      { everyMs: 250, timeoutMs: (clipSec * 10 + 60) * 1000 },
    );
    const exportSec = since(started);

    // The same clip encoded by plain ffmpeg with the export's video and audio settings, nothing held.
    const clipFile = path.join(work, 'clip.mp4');
    const res = await fetchWithin(new URL(own, app.baseUrl).href, {}, 120_000);
    if (!res.ok) throw new Error(`GET the clip's MP4: ${res.status}`);
    await fs.writeFile(clipFile, res.arrayBuffer());
    const plainStarted = performance.now();
    await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-i', clipFile, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', path.join(work, 'plain.mp4')]);
    const plainSec = since(plainStarted);

    console.log(
      `clip Download MP4 with a drawing (POST -> ready), ${sec(clipSec)} clip + ${sec(HOLD_SECONDS)} held: ${sec(exportSec)}, ${(exportSec / clipSec).toFixed(2)}x the clip's length   target <= 1.5x`,
    );
    const perSecond = exportSec / (clipSec + HOLD_SECONDS) / (plainSec / clipSec);
    console.log(
      `  plain ffmpeg encoding the same clip: ${sec(plainSec)}; the export takes ${(exportSec / plainSec).toFixed(2)}x that (queue, probe, drawing and storage included), ${perSecond.toFixed(2)}x per second of file written`,
    );
  } finally {
    await app.stop().catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
