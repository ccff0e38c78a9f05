// `npm run bench`: prints the numbers. Foundation targets: warm start < 3 s, /login JS < 150 KB gzip
// (also checked in `npm test`, from the build output); the video targets are in bench-videos.mjs,
// the signed-in read targets in bench-reads.mjs, the clip and reel targets in bench-clips.mjs (and
// the bytes a clip of a 2 GB rendition on S3 reads in bench-clip-s3.mjs),
// the live targets in bench-live.mjs, crowd-cheer analysis in bench-cheers.mjs, team talk (live
// updates, board and activity reads) in bench-talk.mjs, the team schedule in bench-schedule.mjs, a live
// game through a database outage in bench-faults.mjs, a clip's export with a drawing burnt in in bench-film.mjs,
// a crowd watching a live game through a caching proxy (nginx) in bench-crowd.mjs.
// `npm run bench -- videos` (or reads, clips, live, cheers, talk, images, schedule, faults, film, crowd) runs only that part.
import fs from 'node:fs/promises';
import os from 'node:os';
import zlib from 'node:zlib';
import { ensureInstall } from './lib/ensure-install.mjs';
import { at } from './lib/paths.mjs';
import { startApp, tempDataDir } from './lib/bench-app.mjs';

ensureInstall();
const { ensureBuilt } = await import('./lib/ensure-build.mjs');
const { ensureChromium } = await import('./lib/chromium.mjs');
await ensureBuilt();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (s) => `${s.toFixed(2)} s`;

async function timeToHealthy(args, dataDir) {
  const app = await startApp(args, dataDir);
  await app.stop();
  return app.seconds;
}

async function startTimes() {
  const dataDir = await tempDataDir();
  try {
    const main = [at('apps/server/dist/main.js')];
    const cold = await timeToHealthy(main, dataDir);
    const warm = [];
    for (let i = 0; i < 3; i++) warm.push(await timeToHealthy(main, dataDir));
    const npmStart = [];
    for (let i = 0; i < 3; i++) npmStart.push(await timeToHealthy([at('scripts/start.mjs')], dataDir));
    return { cold, warm: median(warm), npmStart: median(npmStart) };
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

// What Chromium fetches for /login (scripts and stylesheets), gzipped at level 9 like the check in
// `npm test` (apps/web/scripts/page-weight.mjs), which computes the same files from the Vite
// manifest; both are printed so a difference (a request the manifest does not predict) shows.
async function loginWeight() {
  const { chromium } = await import('playwright-core');
  const dataDir = await tempDataDir();
  const app = await startApp([at('apps/server/dist/main.js')], dataDir);
  try {
    const browser = await chromium.launch({
      executablePath: ensureChromium(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    const page = await browser.newPage();
    const fetched = new Map();
    page.on('response', async (res) => {
      const type = res.request().resourceType();
      if (type === 'script' || type === 'stylesheet') fetched.set(new URL(res.url()).pathname, { type, body: await res.body() });
    });
    await page.goto(`http://localhost:${app.port}/login`, { waitUntil: 'networkidle' });
    await browser.close();
    const sum = { script: { files: 0, raw: 0, gz: 0, br: 0 }, stylesheet: { files: 0, raw: 0, gz: 0, br: 0 } };
    for (const { type, body } of fetched.values()) {
      sum[type].files += 1;
      sum[type].raw += body.length;
      sum[type].gz += zlib.gzipSync(body, { level: 9 }).length;
      sum[type].br += zlib.brotliCompressSync(body).length;
    }
    return sum;
  } finally {
    await app.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const parts = ['videos', 'reads', 'clips', 'live', 'cheers', 'talk', 'images', 'schedule', 'faults', 'film', 'crowd'].filter((part) => process.argv.includes(part));
const runs = (part) => parts.length === 0 || parts.includes(part);

console.log(`Machine: ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.versions.node}`);
if (parts.length === 0) {
  const t = await startTimes();
  console.log(`cold start to healthy (first start, incl. cluster init): ${fmt(t.cold)}`);
  console.log(`warm start to healthy (node apps/server/dist/main.js, median of 3): ${fmt(t.warm)}   target < 3 s`);
  console.log(`warm start to healthy (npm start path incl. install/build checks, median of 3): ${fmt(t.npmStart)}   target < 3 s`);
  const { script: js, stylesheet: css } = await loginWeight();
  const { pageWeight, LOGIN_ROUTE_MODULE, LOGIN_JS_BUDGET_KIB, LOGIN_CSS_BUDGET_KIB } = await import('../apps/web/scripts/page-weight.mjs');
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`/login JavaScript: ${js.files} files, ${kb(js.raw)} raw, ${kb(js.gz)} gzip, ${kb(js.br)} brotli   target < ${LOGIN_JS_BUDGET_KIB} KB gzip`);
  console.log(`/login CSS: ${css.files} files, ${kb(css.raw)} raw, ${kb(css.gz)} gzip, ${kb(css.br)} brotli   target < ${LOGIN_CSS_BUDGET_KIB} KB gzip`);
  const predicted = pageWeight(at('apps/web/dist'), [LOGIN_ROUTE_MODULE]);
  console.log(`/login from the Vite manifest (the npm test check): ${predicted.files.length} files, JavaScript ${kb(predicted.jsGzip)} gzip, CSS ${kb(predicted.cssGzip)} gzip`);
}
if (runs('reads')) {
  const { readBenchmarks } = await import('./bench-reads.mjs');
  await readBenchmarks();
}
if (runs('videos')) {
  const { videoBenchmarks } = await import('./bench-videos.mjs');
  await videoBenchmarks();
}
if (runs('clips')) {
  const { clipBenchmarks } = await import('./bench-clips.mjs');
  await clipBenchmarks();
  const { clipS3Benchmarks } = await import('./bench-clip-s3.mjs');
  await clipS3Benchmarks();
}
if (runs('live')) {
  const { liveBenchmarks } = await import('./bench-live.mjs');
  await liveBenchmarks();
}
if (runs('cheers')) {
  const { cheerBenchmarks } = await import('./bench-cheers.mjs');
  await cheerBenchmarks();
}
if (runs('talk')) {
  const { talkBenchmarks } = await import('./bench-talk.mjs');
  await talkBenchmarks();
}
if (runs('schedule')) {
  const { scheduleBenchmarks } = await import('./bench-schedule.mjs');
  await scheduleBenchmarks();
}
if (runs('faults')) {
  const { faultBenchmarks } = await import('./bench-faults.mjs');
  await faultBenchmarks();
}
if (runs('images')) {
  const { imageBenchmarks } = await import('./bench-images.mjs');
  await imageBenchmarks();
}
if (runs('film')) {
  const { filmBenchmarks } = await import('./bench-film.mjs');
  await filmBenchmarks();
}
if (runs('crowd')) {
  const { crowdBenchmarks } = await import('./bench-crowd.mjs');
  await crowdBenchmarks();
}
