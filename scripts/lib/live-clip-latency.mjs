// Save a clip -> playable (target under 2 s): during the live publish a viewer presses Clip
// (POST /api/user/clips/{key} {timestamp}: the wall clock of the frame a player at the live edge shows,
// as the app sends it; a moment past the stored segments is refused), then asks for the clip's chunk and fetches its
// source until it answers 200 with bytes ffprobe reads; timed from the POST to those bytes. The press is
// at the live edge, so the first cut lacks the 5 s after the moment: the `finish-live-clip` job cuts it
// again and the chunk's source changes to the final file; that time is reported too.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fetchWithin, until } from './bounded.mjs';
import { ffprobe as npmFfprobe } from '../bench-videos.mjs';

const PRESSES = 10;
const PRESS_EVERY_MS = 1500;
const FINAL_WAIT_MS = 30_000;
// Far past the 2 s target: a clip not playable by then is a failure worth a message, not a wait.
const PLAYABLE_WAIT_MS = 60_000;
const PROBE_WAIT_MS = 30_000;
const LIVE_SYNC_MS = 1500;
// FFPROBE_PATH, else the ffprobe npm ships (a fresh machine has none on its PATH).
const ffprobe = process.env.FFPROBE_PATH || npmFfprobe;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)];
const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** Seconds of media ffprobe reads in the bytes, or null when it cannot read them. */
async function probedSeconds(bytes, dir) {
  const file = path.join(dir, `${Date.now()}-${Math.random()}.mp4`);
  await fs.writeFile(file, bytes);
  try {
    const { stdout } = await promisify(execFile)(ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { timeout: PROBE_WAIT_MS });
    const seconds = Number(stdout.trim());
    return seconds > 0 ? seconds : null;
  } catch {
    return null;
  } finally {
    await fs.rm(file, { force: true });
  }
}

/**
 * The moment a viewer's player shows when Clip is pressed: hls.js tuned as the app tunes it plays
 * `liveSyncDuration` (1.5 s) behind the end of the newest listed segment, whose wall clock the playlist's
 * PROGRAM-DATE-TIME gives (the app sends the wall clock of the frame on screen).
 */
async function momentOnScreen(app, stream) {
  const text = (await fetchWithin(`${new URL(stream.source, app.baseUrl)}&_HLS_skip=YES`)).text();
  let endMs = Number.NaN;
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) endMs = Date.parse(line.slice(25));
    else if (line.startsWith('#EXTINF:')) endMs += Number.parseFloat(line.slice(8)) * 1000;
  }
  if (!Number.isFinite(endMs)) throw new Error(`no PROGRAM-DATE-TIME in the playlist:\n${text}`);
  return Math.round(endMs - LIVE_SYNC_MS);
}

async function chunkSource(app, user, key, clipId) {
  const { source } = await user.api('GET', `/api/user/clips/${key}/${clipId}/chunk`);
  return new URL(source, app.baseUrl);
}

/** Fetches the clip's media until it is playable; the time its bytes arrived and its length. */
export function firstPlayable(app, user, key, clipId, dir, timeoutMs = PLAYABLE_WAIT_MS) {
  return until(
    `clip ${clipId}'s file to be playable`,
    async (note) => {
      const source = await chunkSource(app, user, key, clipId);
      const res = await fetchWithin(source);
      const arrived = performance.now();
      const seconds = res.status === 200 ? await probedSeconds(res.arrayBuffer(), dir) : null;
      note(`${source.pathname}: ${res.status}${res.status === 200 ? `, ${res.arrayBuffer().length} bytes ffprobe cannot read` : ''}`);
      return seconds !== null && { arrived, seconds, path: source.pathname };
    },
    { everyMs: 50, timeoutMs },
  );
}

/** When the chunk's source becomes another file (the final cut), fetched and readable; null if it never does. */
async function finalVersion(app, user, key, clipId, firstPath, pressed, dir) {
  while (performance.now() - pressed < FINAL_WAIT_MS) {
    const source = await chunkSource(app, user, key, clipId);
    if (source.pathname !== firstPath) {
      const res = await fetchWithin(source);
      const arrived = performance.now();
      const seconds = res.status === 200 ? await probedSeconds(res.arrayBuffer(), dir) : null;
      if (seconds !== null) return { ms: arrived - pressed, seconds };
    }
    await sleep(200);
  }
  return null;
}

export async function clipLatency(app, user, stream) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-bench-clips-'));
  try {
    const presses = [];
    const finals = [];
    const lags = [];
    for (let i = 0; i < PRESSES; i++) {
      const timestamp = await momentOnScreen(app, stream);
      lags.push(Date.now() - timestamp);
      const pressed = performance.now();
      const clip = await user.api('POST', `/api/user/clips/${stream.key}`, { timestamp });
      const answered = performance.now();
      const first = await firstPlayable(app, user, stream.key, clip.clip_id, dir);
      presses.push({ postMs: answered - pressed, playableMs: first.arrived - pressed, seconds: first.seconds });
      // Watched meanwhile; a failure there must not outlive this benchmark as an unhandled rejection.
      finals.push(finalVersion(app, user, stream.key, clip.clip_id, first.path, pressed, dir).catch((err) => ({ err })));
      await sleep(Math.max(0, PRESS_EVERY_MS - (performance.now() - pressed)));
    }
    const playable = presses.map((p) => p.playableMs);
    const posts = presses.map((p) => p.postMs);
    console.log(
      `\nSave a clip -> playable (${PRESSES} presses during the live publish by the event's owner; the moment is the frame a player at the live edge shows, ` +
        `${sec(quantile(lags, 0.5))} before the press):`,
    );
    console.log(`  POST -> clip's file fetched and readable by ffprobe: p50 ${sec(quantile(playable, 0.5))}, max ${sec(Math.max(...playable))}   target < 2 s`);
    console.log(`  of which the POST (the first cut): p50 ${sec(quantile(posts, 0.5))}, max ${sec(Math.max(...posts))}; first cut ${presses[0].seconds.toFixed(1)} s long`);
    const watched = await Promise.all(finals);
    const failed = watched.find((w) => w?.err);
    if (failed) throw failed.err;
    const done = watched.filter(Boolean);
    if (done.length === 0) {
      console.log(`  final version (with the 5 s after the moment): not seen within ${FINAL_WAIT_MS / 1000} s of a press`);
    } else {
      const ms = done.map((d) => d.ms);
      console.log(
        `  POST -> final version (the 5 s after the moment follow) playable: p50 ${sec(quantile(ms, 0.5))}, max ${sec(Math.max(...ms))} ` +
          `(${done.length} of ${PRESSES} seen; ${done[0].seconds.toFixed(1)} s long)`,
      );
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
