// Film study numbers for `npm run bench -- film`, each beside a natural baseline measured in the same run.
// In Chromium (playwright-core, the system Chromium), measured in the page:
// - a press -> its bar painted on the timeline (from the keydown to the frame after the optimistic bar is
//   in the DOM), median and p95 over BENCH_FILM_PRESSES (50) presses, with 0 and with 3,000 instances
//   loaded, on a 3-hour game; baseline: a keydown that changes nothing -> the next frame  target < 50 ms
// - on that game with 3,000 instances (imported as CSV): the timeline painted after the list arrives,
//   and a filter change (a code, a label, cleared) painted after the click; baseline: the same page
//   with 0 instances (the render) and with 50 (the filter)                               target < 100 ms
// - "Play all" of a filtered code's instances: the switch gaps (max, p95) beside the shared reel player
//   playing clips of the same instances                                           target: no gap > 100 ms
// The 3-hour game is a small 10 fps pattern looped by stream copy; it is played as uploaded (its preview)
// and the server then runs without workers, so its renditions do not load the machine while measuring.
// Then, for a generated 1080p30 game (BENCH_FILM_GAME_SECONDS, 30 by default; at least 25, so that it
// goes up as the browser sends large files, by tus) uploaded and transcoded by the real worker, a clip
// of it (BENCH_FILM_CLIP_SECONDS, 10) gets a drawing (an arrow, a freehand stroke, a spotlight and a
// text) held 3 s, then, through the API:
// - the clip's Download MP4 with the drawing burnt in (POST export -> ready), as a multiple of the clip's
//   length                                                                                  target <= 1.5x
// - against plain ffmpeg encoding the same clip with the export's settings: the ratio
import fs from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import { at } from './lib/paths.mjs';
import { benchCoach, startApp, tempDataDir } from './lib/bench-app.mjs';
import { fetchWithin, until } from './lib/bounded.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { chunkSwitchGaps, playedSwitchGaps } from './lib/chunk-switch-gaps.mjs';
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

async function exportBenchmarks() {
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
    await playAllGaps(app, user, video.key, gameSec);
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

const GAME_SECONDS = 3 * 3600;
const INSTANCES = 3000;
/**
 * The imported instances end here; the presses with them loaded come later in the game: a press extends
 * my latest instance of its code when the press is not past its end (the re-activate rule).
 */
const IMPORTED_UNTIL = GAME_SECONDS - 1800;
/** The codes of the bench's window; the presses use the first one's hotkey. */
const BUTTONS = [
  { name: 'Drive', color: '#ef4444', hotkey: 'q', leadSeconds: 5, lagSeconds: 5, labels: ['Left', 'Right'] },
  { name: 'Screen', color: '#3b82f6', hotkey: 'w', leadSeconds: 5, lagSeconds: 5, labels: ['Left', 'Right'] },
  { name: 'Shot made', color: '#22c55e', hotkey: 'e', leadSeconds: 5, lagSeconds: 5 },
  { name: 'Shot missed', color: '#f97316', hotkey: 'r', leadSeconds: 5, lagSeconds: 5 },
  { name: 'Turnover', color: '#a855f7', hotkey: 't', leadSeconds: 5, lagSeconds: 5 },
  { name: 'Rebound', color: '#eab308', hotkey: 'y', leadSeconds: 5, lagSeconds: 5 },
];
const ms = (s) => `${Math.round(s)} ms`;
const msSec = (s) => `${Math.round(s * 1000)} ms`;
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const stats = (xs) => `median ${ms(quantile(xs, 0.5))}, p95 ${ms(quantile(xs, 0.95))}, max ${ms(Math.max(...xs))} (n=${xs.length})`;

async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: ensureChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--autoplay-policy=no-user-gesture-required'],
  });
}

async function signedInPage(browser, port, user) {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  // localhost, the server's default PUBLIC_URL: media URLs are signed for it, and CSP allows only it.
  await page.goto(`http://localhost:${port}/login`);
  await page.getByLabel('Email or username').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
  return page;
}

/**
 * Installed before the app: each time what the timeline shows changes (its bars in rows that are not
 * hidden, or the "No tags yet" note), the change and the time of the frame that paints it (the task
 * after that frame's requestAnimationFrame), and the time of each keydown and click.
 */
function recordTimeline() {
  const g = globalThis;
  const log = [];
  g.benchShown = log;
  g.benchInput = [];
  g.benchAfterPaint = () => new Promise((resolve) => g.requestAnimationFrame(() => {
    const channel = new g.MessageChannel();
    channel.port1.onmessage = () => resolve(g.performance.now());
    channel.port2.postMessage(0);
  }));
  for (const type of ['keydown', 'click']) g.addEventListener(type, (e) => g.benchInput.push({ type, at: e.timeStamp }), { capture: true });
  let last = null;
  const check = () => {
    const group = g.document.querySelector('[role=group][aria-label="Timeline"]');
    const bars = group ? group.querySelectorAll(':scope > div:not([hidden]) rect').length : -1;
    const rows = group ? group.querySelectorAll(':scope > div:not([hidden])').length : -1;
    const pending = group ? group.querySelectorAll('rect[data-pending]').length : 0;
    const empty = !group && g.document.body.textContent.includes('No tags yet');
    const state = `${rows}/${bars}/${pending}/${empty}`;
    if (state === last) return;
    last = state;
    const entry = { bars, pending, empty, at: g.performance.now(), painted: null };
    log.push(entry);
    g.benchAfterPaint().then((t) => (entry.painted = t));
  };
  g.addEventListener('DOMContentLoaded', () => {
    new g.MutationObserver(check).observe(g.document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['hidden', 'data-pending'] });
    check();
  });
}

/** The film player's element knows the game's length (a press is at its position). */
async function playerLoaded(page) {
  await page.waitForFunction(() => {
    const region = [...globalThis.document.querySelectorAll('[role=region]')].find((r) => /video player/i.test(r.getAttribute('aria-label') ?? ''));
    return (region?.querySelector('video')?.readyState ?? 0) >= 1;
  }, null, { timeout: 60_000, polling: 100 });
}

/** Opens the video's page and answers how long after the tag list arrived the timeline (or the empty note) was painted. */
async function openTimeline(page, port, videoKey, count) {
  await page.goto(`http://localhost:${port}/team/videos/${videoKey}`);
  await page
    .waitForFunction((n) => globalThis.benchShown.some((e) => e.painted !== null && (n === 0 ? e.empty : e.bars >= n)), count, { timeout: 120_000, polling: 50 })
    .catch(async (err) => {
      throw new Error(`the timeline of ${count} did not show: ${JSON.stringify(await page.evaluate(() => globalThis.benchShown))}`, { cause: err });
    });
  return page.evaluate((n) => {
    const g = globalThis;
    const list = g.performance.getEntriesByType('resource').find((r) => /\/api\/user\/videos\/[^/]+\/tags(\?|$)/.test(r.name));
    const shown = g.benchShown.find((e) => e.painted !== null && (n === 0 ? e.empty : e.bars >= n));
    return { sinceList: shown.painted - list.responseEnd, sinceStart: shown.painted };
  }, count);
}

/** Clicks `locator` and answers the time from the click to the frame painting the timeline's next change. */
async function timedClick(page, locator) {
  const before = await page.evaluate(() => globalThis.benchShown.length);
  await locator.click();
  await page.waitForFunction((n) => globalThis.benchShown.length > n && globalThis.benchShown.at(-1).painted !== null, before, { timeout: 30_000, polling: 20 });
  return page.evaluate((n) => {
    const g = globalThis;
    const click = g.benchInput.filter((i) => i.type === 'click').at(-1);
    return g.benchShown[n].painted - click.at;
  }, before);
}

/** Filter changes, each painted: one code, then a label of it, then cleared; `rounds` times. */
async function filterTimes(page, rounds) {
  const codes = page.getByRole('group', { name: 'Codes' });
  const labels = page.getByRole('group', { name: 'Labels' });
  const times = [];
  for (let i = 0; i < rounds; i++) {
    times.push(await timedClick(page, codes.getByRole('button', { name: 'Drive' })));
    times.push(await timedClick(page, labels.getByRole('button', { name: 'Left' })));
    times.push(await timedClick(page, page.getByRole('button', { name: 'Clear filter' })));
  }
  return times;
}

/**
 * `count` presses of Drive's hotkey, each at a new play position (so each makes an instance): the time
 * from the keydown to the frame painting its optimistic bar; each waits for the previous one's save.
 */
async function pressTimes(page, count, firstAt, everySec) {
  const times = [];
  const natural = [];
  for (let i = 0; i < count; i++) {
    await page.evaluate((t) => {
      const g = globalThis;
      const region = [...g.document.querySelectorAll('[role=region]')].find((r) => /video player/i.test(r.getAttribute('aria-label') ?? ''));
      region.querySelector('video').currentTime = t;
    }, firstAt + i * everySec);
    // The baseline: a key nothing handles -> the next frame.
    await page.evaluate(() => {
      const g = globalThis;
      g.benchIdle = new Promise((resolve) => g.addEventListener('keydown', (e) => g.benchAfterPaint().then((t) => resolve(t - e.timeStamp)), { once: true, capture: true }));
    });
    await page.keyboard.press('z');
    natural.push(await page.evaluate(() => globalThis.benchIdle));
    const before = await page.evaluate(() => globalThis.benchShown.length);
    await page.keyboard.press('q');
    await page.waitForFunction((n) => globalThis.benchShown.slice(n).some((e) => e.pending > 0 && e.painted !== null), before, { timeout: 30_000, polling: 20 });
    times.push(await page.evaluate((n) => {
      const g = globalThis;
      const down = g.benchInput.filter((x) => x.type === 'keydown').at(-1);
      return g.benchShown.slice(n).find((e) => e.pending > 0).painted - down.at;
    }, before));
    // Saved: the next press comes after (a coach presses about once a play, not faster than the server answers).
    await page.waitForFunction(() => globalThis.document.querySelectorAll('rect[data-pending]').length === 0, null, { timeout: 30_000, polling: 20 });
  }
  return { times, natural };
}

/** A 3-hour game: a 20 s 320x180 10 fps pattern, stream-copied end to end (about 40 MB, seconds to make). */
async function longGame() {
  const dir = path.join(os.tmpdir(), 'teamfilm-bench-cache');
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `game-180p10-${GAME_SECONDS}s.mp4`);
  if (await fs.stat(file).then((st) => st.size > 0, () => false)) return file;
  const piece = path.join(dir, 'piece-180p10-20s.mp4');
  await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10:duration=20', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '20', '-b:v', '30k', '-movflags', '+faststart', piece]);
  await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-stream_loop', String(GAME_SECONDS / 20), '-i', piece, '-t', String(GAME_SECONDS), '-c', 'copy', '-movflags', '+faststart', `${file}.tmp.mp4`]);
  await fs.rename(`${file}.tmp.mp4`, file);
  return file;
}

/** A small file goes up in one PUT, as the browser sends it; answers the video's key. */
async function putUpload(app, user, file) {
  const body = await fs.readFile(file);
  const pre = await user.api('POST', '/api/user/preupload', { fileName: 'long-game.mp4', contentType: 'video/mp4', size: body.length });
  if (pre.protocol !== 'put') throw new Error(`expected a single PUT, got ${pre.protocol}`);
  const res = await fetchWithin(new URL(pre.url, app.baseUrl), { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body }, 120_000);
  if (!res.ok) throw new Error(`PUT the game: ${res.status} ${res.text()}`);
  await user.api('POST', `/api/user/preupload/${encodeURIComponent(pre.key)}/complete`);
  return pre.key;
}

/** 3,000 instances over the game as the CSV import takes them: the window's codes in turn, some labelled. */
function instancesCsv() {
  const lines = ['code,start,end,labels'];
  for (let i = 0; i < INSTANCES; i++) {
    const start = Math.round(((i + 0.5) * IMPORTED_UNTIL * 1000) / INSTANCES) / 1000;
    const label = i % 4 < 2 ? 'Left' : 'Right';
    lines.push(`${BUTTONS[i % BUTTONS.length].name},${start},${start + 10},${label}`);
  }
  return `${lines.join('\n')}\n`;
}

async function timelineBenchmarks() {
  const presses = Number(process.env.BENCH_FILM_PRESSES ?? 50);
  console.log(`\nFilm study timeline (a 3-hour game, ${INSTANCES} instances; Chromium, measured in the page; the machine may be shared: compare with the baselines):`);
  const file = await longGame();
  const dataDir = await tempDataDir();
  let app = await startApp([at('apps/server/dist/main.js')], dataDir, { AUTH_RATE_LIMIT: '500' });
  let browser = null;
  try {
    const user = await benchCoach(app.baseUrl);
    const key = await putUpload(app, user, file);
    await until(
      'the game to play as uploaded',
      async () => {
        const v = await user.api('GET', `/api/user/videos/${encodeURIComponent(key)}`);
        return v.durationSec > 0 && (v.sources.preview || v.sources.low || v.sources.full);
      },
      { everyMs: 200, timeoutMs: 120_000 },
    );
    // Played as uploaded from here on; no worker encodes its renditions meanwhile.
    await app.stop();
    app = await startApp([at('apps/server/dist/main.js')], dataDir, { AUTH_RATE_LIMIT: '500', WORKERS: '0' }, { port: app.port });
    await user.api('PUT', '/api/team/codes', { buttons: BUTTONS });

    browser = await launchBrowser();
    const page = await signedInPage(browser, app.port, user);
    await page.addInitScript(recordTimeline);
    console.log('  the game plays as uploaded; pressing with 0 instances loaded...');
    const empty = await openTimeline(page, app.port, key, 0);
    await playerLoaded(page);
    const fromNone = await pressTimes(page, presses, 60, 31);

    console.log('  the same page with them: render, filters...');
    const made = (await user.api('GET', `/api/user/videos/${encodeURIComponent(key)}/tags`)).items.length;
    const few = await openTimeline(page, app.port, key, made);
    const fewFilters = await filterTimes(page, 3);

    console.log(`  importing ${INSTANCES} instances, then the page with them: renders, filters, presses...`);
    const csv = instancesCsv();
    const imported = await fetchWithin(`${app.baseUrl}/api/user/videos/${encodeURIComponent(key)}/tags/import`, {
      method: 'POST',
      headers: { authorization: await user.auth(), 'content-type': 'text/csv' },
      body: csv,
    }, 120_000);
    if (!imported.ok) throw new Error(`the import: ${imported.status} ${imported.text()}`);
    const total = made + INSTANCES;
    const renders = [];
    for (let i = 0; i < 3; i++) renders.push(await openTimeline(page, app.port, key, total));
    const manyFilters = await filterTimes(page, 3);
    await playerLoaded(page);
    const fromMany = await pressTimes(page, presses, IMPORTED_UNTIL + 100, 34);

    const renderMs = renders.map((r) => r.sinceList);
    console.log(`timeline painted after the tag list arrived, ${total} instances: ${stats(renderMs)}   target < 100 ms`);
    console.log(`  baseline, the same page with 0 instances (the empty note painted after its list arrived): ${ms(empty.sinceList)}; page start -> timeline painted: ${ms(quantile(renders.map((r) => r.sinceStart), 0.5))} (with 0: ${ms(empty.sinceStart)})`);
    console.log(`filter change (a code, a label, cleared) click -> painted, ${total} instances: ${stats(manyFilters)}   target < 100 ms`);
    console.log(`  baseline, the same filter changes with ${made} instances (${few.sinceList.toFixed(0)} ms to paint them): ${stats(fewFilters)}`);
    console.log(`press -> its bar painted, with ${total - presses} to ${total} instances loaded: ${stats(fromMany.times)}   target < 50 ms`);
    console.log(`press -> its bar painted, with 0 to ${presses - 1} instances loaded: ${stats(fromNone.times)}`);
    console.log(`  baseline, a key nothing handles -> the next frame: ${stats([...fromNone.natural, ...fromMany.natural])}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await app.stop().catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Play all of a code's instances on the video's page, then the shared reel player on clips of the same
 * instances (each clip cut to its own MP4 first, as a saved reel plays them): the switch gaps of both.
 */
async function playAllGaps(app, user, videoKey, gameSec) {
  const count = 8;
  const lengthSec = 2.5;
  await user.api('PUT', '/api/team/codes', { buttons: [{ name: 'Drive', color: '#ef4444', hotkey: 'q', leadSeconds: 0, lagSeconds: lengthSec }] });
  const starts = Array.from({ length: count }, (_, i) => Math.round((1 + (i * (gameSec - lengthSec - 2)) / count) * 1000) / 1000);
  for (const t of starts) await user.api('POST', `/api/user/videos/${encodeURIComponent(videoKey)}/tags`, { code: 'Drive', at: t });
  const browser = await launchBrowser();
  let playAll;
  try {
    const page = await signedInPage(browser, app.port, user);
    await page.goto(`http://localhost:${app.port}/team/videos/${videoKey}?code=Drive`);
    await page.getByRole('button', { name: 'Play all' }).click();
    const player = page.getByRole('region', { name: /^Reel player: .*tagged instances$/ });
    playAll = await playedSwitchGaps(page, player, count - 1, (count * lengthSec * 4 + 30) * 1000);
  } finally {
    await browser.close();
  }
  const clips = [];
  for (const t of starts) {
    const clip = await user.api('POST', `/api/user/videos/${encodeURIComponent(videoKey)}/clips`, { timestamp: t, duration: lengthSec });
    await until(`clip ${clip.clip_id}'s own MP4`, async () => !(await user.api('GET', `/api/user/clips/${clip.stream_id}/${clip.clip_id}/chunk`)).source.includes('#t='), { everyMs: 100, timeoutMs: 120_000 });
    clips.push(clip);
  }
  const { reelId } = await user.api('POST', `/api/user/reels/${clips[0].stream_id}`, { clips: clips.map((c) => c.clip_id) });
  const shared = await chunkSwitchGaps(app.port, reelId, count - 1, (count * lengthSec * 4 + 30) * 1000);
  const line = ({ gaps }) => `max ${msSec(Math.max(...gaps))}, p95 ${msSec(quantile(gaps, 0.95))}, median ${msSec(quantile(gaps, 0.5))}`;
  console.log(`Play all of ${count} instances of ${lengthSec} s (ranges of the video's rendition), switch gaps (last frame on screen -> next chunk's first): ${line(playAll)}   target: no gap > 100 ms`);
  console.log(`  each: ${playAll.gaps.map(msSec).join(', ')}`);
  console.log(`  baseline, the shared reel player (/r/{id}) on clips of the same instances: ${line(shared)}; each: ${shared.gaps.map(msSec).join(', ')}`);
}

export async function filmBenchmarks() {
  await timelineBenchmarks();
  await exportBenchmarks();
}
