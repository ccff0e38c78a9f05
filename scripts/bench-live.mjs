// Live numbers for `npm run bench -- live`, against the built server on a fresh embedded database:
// 1. Playlist refresh at the end of a 3-hour game (10,800 one-second segment rows written straight into the
//    database): bytes (raw, gzip, brotli) of a full refresh and of a delta update (`_HLS_skip=YES`), the
//    time of one refresh on an idle server (median of 50) and autocannon (BENCH_LIVE_CONNECTIONS, 20 by
//    default, BENCH_LIVE_SECONDS each, 10 by default) with compression on: req/s and p99.
// 2. Glass-to-glass latency (target p50 <= 2 s, p95 <= 3 s) and end -> archive (target < 5 s): needs the
//    events API (POST /api/events, GET /api/live/{key}) and the RTMP ingest. ffmpeg publishes a
//    test stream with the wall clock burned in as a 24-bit barcode (one frame of precision); headless Chromium plays
//    the event's `source` with hls.js tuned for low latency and reads the barcode of every presented frame.
//    BENCH_LIVE_WATCH_SECONDS (60) of samples after 10 s of warm-up, once with blocking reload as served
//    and once with it taken out of the playlist (hls.js then polls); then Go live from this phone
//    (lib/live-browser-latency.mjs).
// 3. On one 3 Mb/s test stream: CPU per live stream, save a clip -> playable (target < 2 s) and concurrent HLS
//    viewers one server process sustains (target 150 or more): lib/live-load-benchmarks.mjs.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { at } from './lib/paths.mjs';
import { benchCoach, freePort, startApp, tempDataDir } from './lib/bench-app.mjs';
import { exitWithin, fetchWithin, until, within } from './lib/bounded.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { browserPublishLatency } from './lib/live-browser-latency.mjs';
import { liveLoadBenchmarks } from './lib/live-load-benchmarks.mjs';
import { openStatusStream } from './lib/live-status-stream.mjs';
import { newBenchEvent, playlistEnded } from './lib/live-test-stream.mjs';
import { playbackSecret, playbackToken } from './lib/live-playback-token.mjs';
import { databaseUrl } from './bench-reads.mjs';
import { ffmpeg } from './bench-videos.mjs';

const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_LIVE_CONNECTIONS ?? 20);
const WATCH_SECONDS = Number(process.env.BENCH_LIVE_WATCH_SECONDS ?? 60);
const GAME_SEGMENTS = 3 * 60 * 60;
const BITS = 24;

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const quantile = (xs, q) => sorted(xs)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** A live event at the end of a 3-hour game with two encoder reconnects; its URL with a viewer's token. */
async function threeHourGame(db, baseUrl) {
  const { rows } = await db.query(`select id, tenant_id from users where username = 'bench_coach'`);
  const { id: userId, tenant_id: tenantId } = rows[0];
  const key = randomBytes(16).toString('base64url');
  const hash = createHash('sha256').update(randomBytes(32)).digest('hex');
  const event = await db.query(
    `insert into live_events (tenant_id, key, owner_user_id, title, sport, starts_at, ingest_key_hash, ingest_key_box, status, started_at, last_seen_at)
     values ($1, $2, $3, 'Bench derby', 'FTB', now() - interval '3 hours', $4, 'box', 'live', now() - interval '3 hours', now()) returning id`,
    [tenantId, key, userId, hash],
  );
  const eventId = event.rows[0].id;
  await db.query(
    `insert into live_segments (event_id, seq, storage_key, started_at_ms, duration_sec, discontinuity, byte_size)
     select $1::uuid, s, $2::text || '/live/' || $1::uuid::text || '/' || s || '.ts', $3::bigint + s * 1000, 1.0, s in (3600, 7200), 400000
       from generate_series(0, $4 - 1) s`,
    [eventId, tenantId, Date.now() - GAME_SEGMENTS * 1000, GAME_SEGMENTS],
  );
  const token = encodeURIComponent(playbackToken(await playbackSecret(db), eventId, userId));
  return { eventId, url: `${baseUrl}/api/live/${key}/index.m3u8?token=${token}`, lastSeq: GAME_SEGMENTS - 1 };
}

async function sizes(url) {
  const res = await fetchWithin(url, { headers: { 'accept-encoding': 'identity' } });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text()}`);
  const body = res.arrayBuffer();
  const over = async (encoding) => {
    // undici decodes bodies it understands; the header says what came over the wire.
    const r = await fetchWithin(url, { headers: { 'accept-encoding': encoding } });
    const wire = r.headers.get('content-encoding');
    const plain = r.arrayBuffer();
    if (!plain.equals(body)) throw new Error(`${encoding}: the decoded playlist differs`);
    if (wire !== encoding) throw new Error(`${encoding}: answered with ${wire ?? 'no'} content-encoding`);
    return encoding === 'gzip' ? zlib.gzipSync(body).length : zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
  };
  return { raw: body.length, gzip: await over('gzip'), br: await over('br'), segments: (body.toString().match(/^#EXTINF/gm) ?? []).length };
}

async function singleRefreshMs(url, encoding) {
  const ms = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    await fetchWithin(url, { headers: { 'accept-encoding': encoding } });
    ms.push(performance.now() - t0);
  }
  return quantile(ms, 0.5);
}

async function load(autocannon, url, encoding) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { 'accept-encoding': encoding } });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { rps: result.requests.average, p99: result.latency.p99, mbps: (result.throughput.average * 8) / 1e6 };
}

async function playlistRefresh(autocannon, app, db) {
  const game = await threeHourGame(db, app.baseUrl);
  // Play the ingest node feeding it: an event nobody feeds for 4 s is ended (crash safety), and an
  // ended game is an archive (ENDLIST), which has no delta updates.
  const feed = setInterval(() => void db.query(`update live_events set last_seen_at = now() where id = $1`, [game.eventId]), 1000);
  try {
    await refreshes(autocannon, game);
  } finally {
    clearInterval(feed);
  }
}

async function refreshes(autocannon, game) {
  // hls.js asks for the next segment with a delta update; it exists here, so nothing blocks.
  const delta = `${game.url}&_HLS_msn=${game.lastSeq}&_HLS_skip=YES`;
  console.log(`\nPlaylist refresh of a live 3-hour game (${GAME_SEGMENTS} segments; autocannon ${CONNECTIONS} connections, ${SECONDS} s each):`);
  for (const [what, url] of [
    ['full playlist', game.url],
    ['delta update (_HLS_skip=YES)', delta],
  ]) {
    const s = await sizes(url);
    const idle = await singleRefreshMs(url, 'gzip');
    const gz = await load(autocannon, url, 'gzip');
    const br = await load(autocannon, url, 'br');
    console.log(`  ${what}: ${s.segments} segments listed, ${kb(s.raw)} raw, ${kb(s.gzip)} gzip, ${kb(s.br)} brotli`);
    console.log(`    one refresh on an idle server (gzip, median of 50): ${idle.toFixed(1)} ms`);
    console.log(`    gzip:   ${gz.rps.toFixed(0)} req/s, p99 ${gz.p99} ms, ${gz.mbps.toFixed(1)} Mb/s`);
    console.log(`    brotli: ${br.rps.toFixed(0)} req/s, p99 ${br.p99} ms, ${br.mbps.toFixed(1)} Mb/s`);
  }
}

/** 24 boxes on a black strip: box i is white when bit i of the wall clock in ms is set. */
function barcodeFilter() {
  const boxes = Array.from(
    { length: BITS },
    (_, i) => `drawbox=x=${10 + i * 40}:y=10:w=32:h=32:color=white:t=fill:enable='eq(mod(floor(floor(time(0)*1000)/pow(2\\,${i}))\\,2)\\,1)'`,
  );
  return ['drawbox=x=0:y=0:w=980:h=52:color=black:t=fill', ...boxes].join(',');
}

function publish(ingestUrl) {
  const args = [
    '-hide_banner', '-loglevel', 'error', '-re',
    '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30,${barcodeFilter()}`,
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '30', '-keyint_min', '30', '-sc_threshold', '0', '-b:v', '2500k',
    '-c:a', 'aac', '-b:a', '96k', '-f', 'flv', ingestUrl,
  ];
  const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  return { child, exited: new Promise((r) => child.once('exit', r)) };
}

const PLAYER_PAGE = `<!doctype html><html><body style="margin:0;background:#000">
<video id="v" muted autoplay playsinline width="1280" height="720"></video>
<canvas id="c" width="1280" height="60" style="display:none"></canvas>
<script src="/__bench/hls.js"></script>
<script>
  window.samples = []; window.stalls = 0;
  const video = document.getElementById('v');
  const ctx = document.getElementById('c').getContext('2d', { willReadFrequently: true });
  video.addEventListener('waiting', () => window.stalls++);
  const hls = new Hls({ liveSyncDuration: 1.5, liveMaxLatencyDuration: 3, maxLiveSyncPlaybackRate: 1.2 });
  window.startPlayer = (source) => { hls.loadSource(source); hls.attachMedia(video); video.play().catch(() => {}); };
  const onFrame = () => {
    ctx.drawImage(video, 0, 0, 1280, 720, 0, 0, 1280, 720);
    const px = ctx.getImageData(0, 0, 1280, 60).data;
    let value = 0;
    for (let i = 0; i < ${BITS}; i++) {
      const o = (26 * 1280 + 10 + i * 40 + 16) * 4;
      if (px[o] + px[o + 1] + px[o + 2] > 3 * 128) value += 2 ** i;
    }
    const m = 2 ** ${BITS};
    window.samples.push((((Date.now() % m) - value) % m + m) % m);
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
</script></body></html>`;

/** One viewer watching `source` for WATCH_SECONDS after 10 s of warm-up: latency quantiles in ms, stalls. */
async function watch(browser, app, hlsPath, source, { blockingReload }) {
  const page = await browser.newPage();
  let playlists = 0;
  try {
    await page.route(`${app.baseUrl}/__bench/**`, (route) =>
      route.request().url().endsWith('hls.js') ? route.fulfill({ path: hlsPath, contentType: 'text/javascript' }) : route.fulfill({ body: PLAYER_PAGE, contentType: 'text/html' }),
    );
    await page.route('**/index.m3u8?*', async (route) => {
      playlists++;
      const response = await route.fetch();
      const body = await response.text();
      await route.fulfill({ response, body: blockingReload ? body : body.replace(/CAN-BLOCK-RELOAD=YES,?/, '') });
    });
    await page.goto(`${app.baseUrl}/__bench/player.html`);
    await page.evaluate((url) => globalThis.startPlayer(url), source);
    await new Promise((r) => setTimeout(r, 10_000));
    await page.evaluate(() => ((globalThis.samples = []), (globalThis.stalls = 0)));
    playlists = 0;
    await new Promise((r) => setTimeout(r, WATCH_SECONDS * 1000));
    const { samples, stalls } = await page.evaluate(() => ({ samples: globalThis.samples, stalls: globalThis.stalls }));
    // A misread frame (mid-transition) gives nonsense; a real latency is under a minute.
    const valid = samples.filter((ms) => ms < 60_000);
    return { p50: quantile(valid, 0.5), p95: quantile(valid, 0.95), frames: valid.length, unreadable: samples.length - valid.length, stalls, playlists };
  } finally {
    // A blocking playlist request may still be held by the server.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  }
}

async function glassToGlass(app, user) {
  const { key, ingest } = await newBenchEvent(app, user, 'Latency bench');
  // What an open event page hears: the status pushed by the update stream.
  const statuses = await openStatusStream(app.baseUrl, key, await user.auth());
  const published = performance.now();
  const publisher = publish(ingest);
  let publisherGone = false;
  publisher.exited.then(() => (publisherGone = true));
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const t0 = performance.now();
    const event = await until(
      `event ${key} to go live with a source`,
      async (note) => {
        if (publisherGone) throw new Error('the encoder exited before the event went live');
        const e = await user.api('GET', `/api/live/${key}`);
        note(`live ${e.live}, source ${e.source ?? 'none'}`);
        return e.live && e.source ? e : null;
      },
      { everyMs: 100, timeoutMs: 60_000 },
    );
    console.log(`\nGlass-to-glass (RTMP publish, 1 s GOP -> hls.js in Chromium, ${WATCH_SECONDS} s after 10 s of warm-up):`);
    console.log(`  publish -> event live with a source: ${((performance.now() - t0) / 1000).toFixed(2)} s`);
    const live = await within(`'live' on event ${key}'s update stream`, 60_000, statuses.arrived('live'));
    console.log(`  publish -> 'live' on the open pages' update stream: ${((live - published) / 1000).toFixed(2)} s   target < 2 s`);
    const hlsPath = createRequire(at('apps/web/package.json')).resolve('hls.js/dist/hls.min.js');
    const source = new URL(event.source, app.baseUrl).toString();
    // A/B on the same stream: the playlist as served (blocking reload: hls.js asks for the next segment at
    // once and the server answers when it exists) and with CAN-BLOCK-RELOAD taken out (hls.js then polls
    // every target duration). Both go through the same request interception so they pay the same overhead.
    const blocking = await watch(browser, app, hlsPath, source, { blockingReload: true });
    const polling = await watch(browser, app, hlsPath, source, { blockingReload: false });
    for (const [what, r] of [
      ['blocking reload (as served)', blocking],
      ['polling (CAN-BLOCK-RELOAD removed)', polling],
    ]) {
      console.log(`  ${what}: p50 ${(r.p50 / 1000).toFixed(2)} s, p95 ${(r.p95 / 1000).toFixed(2)} s, ${r.frames} frames read (${r.unreadable} unreadable), ${r.stalls} stalls, ${r.playlists} playlist requests`);
    }
    console.log(`  target p50 <= 2 s, p95 <= 3 s; blocking / polling p50 ratio ${(blocking.p50 / polling.p50).toFixed(2)}`);

    const stopped = performance.now();
    publisher.child.kill('SIGKILL');
    await exitWithin('the RTMP encoder (SIGKILL)', publisher.child, publisher.exited, 10_000);
    await playlistEnded(key, source);
    console.log(`  encoder gone -> archive playlist (ENDLIST): ${((performance.now() - stopped) / 1000).toFixed(2)} s   target < 5 s`);
    const ended = await within(`'ended' on event ${key}'s update stream`, 60_000, statuses.arrived('ended'));
    console.log(`  encoder gone -> 'ended' on the open pages' update stream: ${((ended - stopped) / 1000).toFixed(2)} s   target < 2 s`);
  } finally {
    statuses.close();
    publisher.child.kill('SIGKILL');
    await browser.close();
  }
}

export async function liveBenchmarks() {
  const { default: autocannon } = await import('autocannon');
  const { default: pg } = await import('pg');
  const dataDir = await tempDataDir();
  const app = await startApp([at('apps/server/dist/main.js')], dataDir, { AUTH_RATE_LIMIT: '1000', RTMP_PORT: String(await freePort()) });
  const db = new pg.Client({ connectionString: await databaseUrl(dataDir), connectionTimeoutMillis: 30_000, query_timeout: 120_000 });
  try {
    await db.connect();
    const user = await benchCoach(app.baseUrl);
    await playlistRefresh(autocannon, app, db);
    await glassToGlass(app, user);
    await browserPublishLatency(app, user, { executablePath: ensureChromium(), watchSeconds: WATCH_SECONDS, playerPage: PLAYER_PAGE });
    await liveLoadBenchmarks(app, db, user);
  } finally {
    await db.end();
    await app.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
