// Clip and reel numbers for `npm run bench -- clips`. A generated 1080p30 game
// (BENCH_CLIP_GAME_SECONDS, 120 by default) is uploaded through the API and transcoded by the real
// worker; then, all through the API:
// - POST clip -> playable: GET .../chunk answers and a Range GET of its source answers 206   target < 1 s
// - POST -> the clip's own MP4 for a 15 s clip (p95 over BENCH_CLIPS clips, 10 by default)    target < 5 s
// - the cut's first frame against a full re-encode of the same range with the same settings  target >= 40 dB
// - the gap at each chunk switch of a reel of 5 clips on the public page /r/{id} in Chromium  target < 100 ms
// - reel export time as a multiple of the reel's duration                                      target < 1.5x
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { at } from './lib/paths.mjs';
import { benchCoach, startApp, tempDataDir } from './lib/bench-app.mjs';
import { fetchWithin, GaveUp, until } from './lib/bounded.mjs';
import { chunkSwitchGaps } from './lib/chunk-switch-gaps.mjs';
import { ffmpeg, recordingFfmpeg, run, source, uploadAndPlay } from './bench-videos.mjs';

const CLIP_SECONDS = 15;
const REEL_CLIPS = 5;
const ms = (s) => `${(s * 1000).toFixed(0)} ms`;
const sec = (s) => `${s.toFixed(2)} s`;
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
// Nearest rank: with 10 samples the p95 is the largest.
const p95 = (xs) => sorted(xs)[Math.ceil(xs.length * 0.95) - 1];
const since = (t0) => (performance.now() - t0) / 1000;

/** ffmpeg's stderr at info level, for the filters that report there (psnr); one frame each, so a minute is plenty. */
function ffmpegReport(args, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-nostats', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new GaveUp(`gave up after ${timeoutMs / 1000} s waiting for ffmpeg's PSNR of ${args.join(' ').slice(0, 300)}`));
    }, timeoutMs);
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(err);
      else reject(new Error(`ffmpeg exited ${code}: ${err.slice(-2000)}`));
    });
  });
}

/** PSNR (dB, all planes) of the first frame of `a` against the first frame of `b`; `seekB` seeks b first. */
async function firstFramePsnr(a, b, seekB = null) {
  const out = await ffmpegReport([
    '-i', a,
    ...(seekB === null ? [] : ['-ss', seekB]),
    '-i', b,
    '-filter_complex', '[0:v]trim=end_frame=1,setpts=PTS-STARTPTS[a];[1:v]trim=end_frame=1,setpts=PTS-STARTPTS[b];[a][b]psnr',
    '-f', 'null', '-',
  ]);
  const found = /PSNR .*average:(\S+)/.exec(out);
  if (!found) throw new Error(`no PSNR in ffmpeg's report: ${out.slice(-1000)}`);
  return found[1] === 'inf' ? Infinity : Number(found[1]);
}

const argAfter = (args, flag) => args[args.indexOf(flag) + 1];
const isEncode = (r) => r.args.includes('libx264');
const isPoster = (r) => r.args[r.args.length - 1].endsWith('.jpg');

/**
 * The whole clip encoded in one run with the settings of the cut's first encoded piece (the same
 * seek, filters and x264 options, only the frame count is the clip's), plus the audio as the
 * cut's join encodes it: what the job would do without smart cutting.
 */
function fullReencodeArgs(cutRuns, durationSec, output) {
  const encode = cutRuns.find(isEncode);
  if (!encode) return null;
  const join = cutRuns.find((r) => r.args.includes('1:a:0'));
  const [num, den = 1] = /fps=([\d/.]+)/.exec(argAfter(encode.args, '-vf'))[1].split('/').map(Number); // "30" or "30000/1001"
  const fps = num / den;
  const args = [...encode.args];
  args[args.indexOf('-frames:v') + 1] = String(Math.round(durationSec * fps));
  const an = args.indexOf('-an');
  const audio = join ? join.args.slice(join.args.indexOf('1:a:0') + 1, join.args.indexOf('-c:v')) : null;
  args.splice(an, 1, ...(audio ? ['-map', '0:a:0', ...audio] : ['-an']));
  args.splice(args.indexOf('-f'), 0, '-movflags', '+faststart');
  args[args.length - 1] = output;
  return args;
}

async function download(url, file) {
  const res = await fetchWithin(url, {}, 120_000);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  await fs.writeFile(file, res.arrayBuffer());
}

/** Posts a clip and times it to playable (chunk + 206) and to its own MP4 (the chunk's source is the cut). */
async function clipAndTime(app, user, video, startSec, durationSec) {
  const posted = performance.now();
  const clip = await user.api('POST', `/api/user/videos/${encodeURIComponent(video.key)}/clips`, { key: video.key, timestamp: startSec, duration: durationSec });
  const postSec = since(posted);
  const chunkPath = `/api/user/clips/${clip.stream_id}/${clip.clip_id}/chunk`;
  const { source: first } = await user.api('GET', chunkPath);
  const range = await fetchWithin(new URL(first.split('#')[0], app.baseUrl), { headers: { range: 'bytes=0-1' } });
  if (range.status !== 206) throw new Error(`Range GET of the chunk source: ${range.status}`);
  const playableSec = since(posted);
  // The target is 5 s; a minute without the cut is a failure to report.
  const own = await until(
    `clip ${clip.clip_id}'s own MP4 (a chunk source without #t=)`,
    async (note) => {
      const { source: s } = await user.api('GET', chunkPath);
      note(s);
      return !s.includes('#t=') && s;
    },
    { everyMs: 50, timeoutMs: 60_000 },
  );
  return { clip, postSec, playableSec, ownSec: since(posted), ownUrl: new URL(own, app.baseUrl).href };
}

export async function clipBenchmarks() {
  const gameSec = Number(process.env.BENCH_CLIP_GAME_SECONDS ?? 120);
  const clipCount = Number(process.env.BENCH_CLIPS ?? 10);
  const reelClipSec = Number(process.env.BENCH_REEL_CLIP_SECONDS ?? 5);
  console.log(`\nClips and reels (1080p30 H.264/AAC game, ${gameSec} s; ${clipCount} clips of ${CLIP_SECONDS} s; a reel of ${REEL_CLIPS} clips of ${reelClipSec} s):`);
  const file = await source(gameSec);
  const dataDir = await tempDataDir();
  const recorder = await recordingFfmpeg(dataDir);
  const cuts = [];
  const onLog = (line) => {
    if (!line.includes('"clip cut"')) return;
    try {
      const { clipId, mode, reason } = JSON.parse(line);
      cuts.push({ clipId, mode, reason });
    } catch {
      // Not a log record (the mode is then printed as unknown).
    }
  };
  const app = await startApp([at('apps/server/dist/main.js')], dataDir, { FFMPEG_PATH: recorder.wrapper, AUTH_RATE_LIMIT: '500', LOG_LEVEL: 'info' }, { onLog });
  const work = path.join(dataDir, 'bench-clips');
  await fs.mkdir(work);
  try {
    const user = await benchCoach(app.baseUrl);
    console.log('  uploading the game and waiting for the worker to transcode it...');
    const video = await uploadAndPlay(app, user, file, { fileName: 'game.mp4', contentType: 'video/mp4', untilReady: true, sourceSec: gameSec });

    // Starts spread over the game and off the 2 s keyframe grid, so most cuts are smart cuts.
    const span = Math.max(1, gameSec - CLIP_SECONDS - 1);
    const clips = [];
    for (let i = 0; i < clipCount; i++) {
      const before = (await recorder.runs().catch(() => [])).length;
      const startSec = Math.round(((i + 0.37) * span * 1000) / clipCount) / 1000;
      const timed = await clipAndTime(app, user, video, startSec, CLIP_SECONDS);
      const runs = (await recorder.runs()).slice(before);
      clips.push({ ...timed, startSec, runs, cut: cuts.find((c) => c.clipId === timed.clip._id) });
    }
    const playable = clips.map((c) => c.playableSec);
    const own = clips.map((c) => c.ownSec);
    console.log(`POST clip -> playable (chunk answers, Range GET of its source 206), ${clips.length} clips: median ${ms(median(playable))}, p95 ${ms(p95(playable))}   target < 1 s`);
    console.log(`  of which the POST itself: median ${ms(median(clips.map((c) => c.postSec)))}`);
    const modes = {};
    for (const c of clips) modes[c.cut?.mode ?? 'unknown'] = (modes[c.cut?.mode ?? 'unknown'] ?? 0) + 1;
    console.log(`POST -> own MP4 ready, ${CLIP_SECONDS} s clip, ${clips.length} clips: median ${sec(median(own))}, p95 ${sec(p95(own))}   target p95 < 5 s`);
    const inFfmpeg = clips.map((c) => c.runs.reduce((sum, r) => sum + r.ms, 0) / 1000);
    console.log(`  of which inside ffmpeg (cut, join, poster): median ${sec(median(inFfmpeg))}; queue, probe, keyframes, storage and polling: median ${sec(median(own.map((o, i) => o - inFfmpeg[i])))}`);
    console.log(`  cut modes: ${Object.entries(modes).map(([m, n]) => `${m} ${n}`).join(', ')}; each: ${clips.map((c) => `${c.startSec}s ${c.cut?.mode ?? '?'} ${sec(c.ownSec)}`).join(', ')}`);

    // First frame against a full re-encode, for the first clip that had an encoded piece.
    const sample = clips.find((c) => c.runs.some(isEncode));
    if (sample) {
      const cutFile = path.join(work, 'cut.mp4');
      const fullFile = path.join(work, 'full-reencode.mp4');
      await download(sample.ownUrl, cutFile);
      const args = fullReencodeArgs(sample.runs, sample.clip.duration, fullFile);
      const started = performance.now();
      await run(ffmpeg, args);
      const fullSec = since(started);
      const cutFfmpegSec = sample.runs.filter((r) => !isPoster(r)).reduce((s, r) => s + r.ms, 0) / 1000;
      const sourcePath = args[args.indexOf('-i') + 1];
      const seek = argAfter(args, '-ss');
      const psnr = await firstFramePsnr(cutFile, fullFile);
      const cutVsSource = await firstFramePsnr(cutFile, sourcePath, seek);
      const fullVsSource = await firstFramePsnr(fullFile, sourcePath, seek);
      const db = (x) => (x === Infinity ? 'inf (identical)' : `${x.toFixed(1)} dB`);
      console.log(`first frame, cut (${sample.cut?.mode ?? '?'}) vs full re-encode of the same range, same settings: PSNR ${db(psnr)}   target >= 40 dB`);
      console.log(`  each against the source rendition's frame: cut ${db(cutVsSource)}, full re-encode ${db(fullVsSource)}`);
      console.log(
        `cut time (the job's ffmpeg runs, poster excluded) ${sec(cutFfmpegSec)} vs full re-encode ${sec(fullSec)}: ratio ${(cutFfmpegSec / fullSec).toFixed(2)} (POST -> own MP4 was ${sec(sample.ownSec)})`,
      );
    } else {
      console.log('first frame vs full re-encode: every cut was a plain copy (no encoded piece to compare)');
    }

    // A reel of short clips, cut first: what a shared reel plays once its clips are done.
    const reelClips = [];
    for (let i = 0; i < REEL_CLIPS; i++) {
      const startSec = Math.round(((i + 0.61) * (gameSec - reelClipSec - 1) * 1000) / REEL_CLIPS) / 1000;
      reelClips.push((await clipAndTime(app, user, video, startSec, reelClipSec)).clip);
    }
    const { reelId } = await user.api('POST', `/api/user/reels/${reelClips[0].stream_id}`, { clips: reelClips.map((c) => c.clip_id) });
    const switches = REEL_CLIPS - 1;
    const { gaps, frames } = await chunkSwitchGaps(app.port, reelId, switches, (REEL_CLIPS * reelClipSec * 3 + 30) * 1000);
    console.log(
      `chunk switch gap on /r/{id} (signed out), last frame of chunk N on screen -> first frame of N+1 on screen, ${gaps.length} switches (${frames} frames seen): max ${ms(Math.max(...gaps))}, median ${ms(median(gaps))}   target < 100 ms`,
    );
    console.log(`  each: ${gaps.map(ms).join(', ')}; a frame lasts ${ms(1 / 30)} at 30 fps, the gap between two frames within a chunk (counted in rendering updates, ${ms(1 / 60)} at 60 Hz)`);

    const reelSec = reelClips.reduce((s, c) => s + c.duration, 0);
    const exportStarted = performance.now();
    await user.api('POST', `/api/user/reels/${reelId}/export`);
    const exported = await until(
      `reel ${reelId}'s export to be ready`,
      async (note) => {
        const e = await user.api('GET', `/api/user/reels/${reelId}/export`);
        if (e.status === 'failed') throw new Error(`the export failed: ${e.failureReason}`);
        note(`${e.status}${e.progress === undefined ? '' : `, ${e.progress}%`}`);
        return e.status === 'ready' && e;
      },
      // The target is 1.5x the reel's length; ten times that and a minute more is a failure.
      { everyMs: 250, timeoutMs: (reelSec * 10 + 60) * 1000 },
    );
    const exportSec = since(exportStarted);
    const exportFile = path.join(work, 'reel.mp4');
    await download(new URL(exported.url, app.baseUrl).href, exportFile);
    console.log(`reel export (POST -> ready), ${REEL_CLIPS} clips, ${sec(reelSec)} of video: ${sec(exportSec)}, ${(exportSec / reelSec).toFixed(2)}x the reel's duration   target < 1.5x`);
  } finally {
    await app.stop().catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
