// Glass-to-glass latency of "Go live from this phone" for `npm run bench -- live`: a Chromium page
// draws the wall clock as the same 24-bit barcode the RTMP bench burns in with ffmpeg (box i at x=10+i*40,
// y=10, 32x32, white when bit i of Date.now() is set) on a 1280x720 canvas, records it with MediaRecorder and
// sends it over the publish WebSocket exactly as the app's Go live does; another page plays the event with
// the RTMP bench's hls.js reader (its PLAYER_PAGE, passed in as `playerPage`) and reads the barcode of every
// presented frame.
import { createRequire } from 'node:module';
import { until, within } from './bounded.mjs';
import { playlistEnded } from './live-test-stream.mjs';
import { at } from './paths.mjs';

// Mirrors apps/web/src/features/upload/utils/live-publish.ts (LIVE_TYPES, LIVE_TIMESLICE_MS,
// LIVE_VIDEO_BITS_PER_SECOND): a bench imports nothing from the web app, so keep these in step with it.
const LIVE_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm;codecs=h264,opus', 'video/webm'];
const LIVE_TIMESLICE_MS = 250;
const LIVE_VIDEO_BITS_PER_SECOND = 2_500_000;
const WARM_UP_MS = 10_000;

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)];
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/**
 * The phone: a canvas clock (barcode, plus a running time so every frame differs) and a tone, as one
 * MediaStream; `goLive` follows use-live-publish.ts: open the socket, start recording at the server's
 * `{"type":"ready"}`, send every chunk; `end` sends the last chunk, then closes with 1000.
 */
const PUBLISHER_PAGE = `<!doctype html><html><body style="margin:0;background:#000">
<canvas id="c" width="1280" height="720"></canvas>
<script>
  const canvas = document.getElementById('c');
  const ctx = canvas.getContext('2d');
  const draw = () => {
    const now = Date.now();
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, 1280, 720);
    ctx.fillStyle = '#fff';
    for (let i = 0; i < 24; i++) if (Math.floor(now / 2 ** i) % 2 === 1) ctx.fillRect(10 + i * 40, 10, 32, 32);
    ctx.font = '64px monospace';
    ctx.fillText(new Date(now).toISOString().slice(11, 23), 40, 400);
    requestAnimationFrame(draw);
  };
  requestAnimationFrame(draw);
  const audio = new AudioContext();
  const tone = audio.createOscillator();
  const sink = audio.createMediaStreamDestination();
  tone.connect(sink);
  tone.start();
  const stream = new MediaStream([...canvas.captureStream(30).getVideoTracks(), ...sink.stream.getAudioTracks()]);
  window.goLive = (url, types, timeslice, videoBitsPerSecond) =>
    new Promise((resolve, reject) => {
      const mimeType = types.find((type) => MediaRecorder.isTypeSupported(type));
      if (!mimeType) return reject(new Error('no WebM MediaRecorder in this Chromium'));
      const ws = new WebSocket(url);
      window.socket = ws;
      ws.onmessage = (message) => {
        if (typeof message.data !== 'string' || JSON.parse(message.data).type !== 'ready' || window.recorder) return;
        const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond });
        recorder.ondataavailable = (event) => {
          if (event.data.size > 0 && ws.readyState === WebSocket.OPEN) ws.send(event.data);
        };
        recorder.start(timeslice);
        window.recorder = recorder;
        resolve(mimeType);
      };
      ws.onclose = (event) => {
        window.closedWith = event.code + ' ' + event.reason;
        reject(new Error('the publish socket closed: ' + window.closedWith));
      };
    });
  window.end = () =>
    new Promise((resolve) => {
      window.recorder.onstop = () => {
        window.socket.close(1000, 'Ended');
        resolve();
      };
      window.recorder.stop();
    });
</script></body></html>`;

/** Serves `page` (and hls.js for the player) at `${baseUrl}/__bench/…`: the app's origin, so the socket is same-origin. */
async function benchPage(context, baseUrl, page) {
  const hlsPath = createRequire(at('apps/web/package.json')).resolve('hls.js/dist/hls.min.js');
  const tab = await context.newPage();
  await tab.route(`${baseUrl}/__bench/**`, (route) =>
    route.request().url().endsWith('hls.js') ? route.fulfill({ path: hlsPath, contentType: 'text/javascript' }) : route.fulfill({ body: page, contentType: 'text/html' }),
  );
  await tab.goto(`${baseUrl}/__bench/page.html`);
  return tab;
}

/**
 * "Go live from this phone": browser MediaRecorder -> WebSocket -> ffmpeg -> RTMP ingest -> 1 s segments ->
 * hls.js. Prints p50/p95 over `watchSeconds` after a 10 s warm-up, frames read, stalls, and End -> archive.
 * `playerPage` serves /__bench/hls.js and reads the barcode into `samples` (bench-live.mjs's PLAYER_PAGE).
 */
export async function browserPublishLatency(app, user, { executablePath, watchSeconds, playerPage }) {
  const { key } = await user.api('POST', '/api/events', {
    title: 'Phone latency bench',
    date: new Date(Date.now() + 60_000).toISOString(),
    type: 'FTB',
    thumbnail: '',
    public: false,
  });
  const token = (await user.auth()).replace(/^Bearer /, '');
  const publishUrl = `${app.baseUrl.replace(/^http/, 'ws')}/api/live/${encodeURIComponent(key)}/publish?access_token=${encodeURIComponent(token)}`;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath,
    args: [
      ...['--no-sandbox', '--autoplay-policy=no-user-gesture-required', '--disable-background-networking', '--disable-component-update'],
      // Two pages at once: neither may be throttled as a background tab.
      ...['--disable-background-timer-throttling', '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows'],
      // A page fulfilled by the bench has no address: Chromium counts it as public and blocks its socket to loopback.
      '--disable-features=LocalNetworkAccessChecks',
    ],
  });
  try {
    const phone = await benchPage(await browser.newContext({ viewport: { width: 1280, height: 720 } }), app.baseUrl, PUBLISHER_PAGE);
    const t0 = performance.now();
    const mimeType = await within(
      `the publish socket's {"type":"ready"} for event ${key}`,
      60_000,
      phone.evaluate(([url, types, slice, bps]) => globalThis.goLive(url, types, slice, bps), [publishUrl, LIVE_TYPES, LIVE_TIMESLICE_MS, LIVE_VIDEO_BITS_PER_SECOND]),
    );
    const event = await until(
      `event ${key} to go live with a source`,
      async (note) => {
        const closed = await phone.evaluate(() => globalThis.closedWith);
        if (closed) throw new Error(`the publish socket closed before the event went live: ${closed}`);
        const e = await user.api('GET', `/api/live/${key}`);
        note(`live ${e.live}, source ${e.source ?? 'none'}`);
        return e.live && e.source ? e : null;
      },
      { everyMs: 100, timeoutMs: 60_000 },
    );
    console.log(`\nGo live from this phone (browser MediaRecorder -> WebSocket -> ffmpeg -> RTMP ingest), ${mimeType}, ${LIVE_TIMESLICE_MS} ms chunks, ${watchSeconds} s after 10 s of warm-up:`);
    console.log(`  Go live -> event live with a source: ${seconds(performance.now() - t0)}`);

    const viewer = await benchPage(await browser.newContext({ viewport: { width: 1280, height: 720 } }), app.baseUrl, playerPage);
    const source = new URL(event.source, app.baseUrl).toString();
    await viewer.evaluate((url) => globalThis.startPlayer(url), source);
    await new Promise((r) => setTimeout(r, WARM_UP_MS));
    await viewer.evaluate(() => ((globalThis.samples = []), (globalThis.stalls = 0)));
    await new Promise((r) => setTimeout(r, watchSeconds * 1000));
    const { samples, stalls } = await viewer.evaluate(() => ({ samples: globalThis.samples, stalls: globalThis.stalls }));
    // A misread frame (mid-transition) gives nonsense; a real latency is under a minute.
    const valid = samples.filter((ms) => ms < 60_000);
    if (valid.length === 0) throw new Error(`no readable frame in ${watchSeconds} s (${samples.length} read)`);
    console.log(`  p50 ${seconds(quantile(valid, 0.5))}, p95 ${seconds(quantile(valid, 0.95))}   (encoder over RTMP: target p50 <= 2 s, p95 <= 3 s)`);
    console.log(`  ${valid.length} frames read (${samples.length - valid.length} unreadable), ${stalls} stalls`);

    const ended = performance.now();
    await within("the phone's recorder to stop and send its last chunk", 30_000, phone.evaluate(() => globalThis.end()));
    await playlistEnded(key, source);
    console.log(`  End -> archive playlist (ENDLIST): ${seconds(performance.now() - ended)}   target < 5 s`);
  } finally {
    await browser.close();
  }
}
