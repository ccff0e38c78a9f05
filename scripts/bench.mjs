// `npm run bench`: prints the numbers. Foundation targets: warm start < 3 s, /login JS < 150 KB gzip;
// the video targets are in bench-videos.mjs, the signed-in read targets in bench-reads.mjs.
// `npm run bench -- videos` or `npm run bench -- reads` runs only that part.
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

async function loginJavaScript() {
  const { chromium } = await import('playwright-core');
  const dataDir = await tempDataDir();
  const app = await startApp([at('apps/server/dist/main.js')], dataDir);
  try {
    const browser = await chromium.launch({
      executablePath: ensureChromium(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    const page = await browser.newPage();
    const scripts = new Map();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.set(new URL(res.url()).pathname, await res.body());
    });
    await page.goto(`http://localhost:${app.port}/login`, { waitUntil: 'networkidle' });
    await browser.close();
    let raw = 0;
    let gz = 0;
    let br = 0;
    for (const body of scripts.values()) {
      raw += body.length;
      gz += zlib.gzipSync(body, { level: 9 }).length;
      br += zlib.brotliCompressSync(body).length;
    }
    return { files: scripts.size, raw, gz, br };
  } finally {
    await app.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const parts = ['videos', 'reads'].filter((part) => process.argv.includes(part));
const runs = (part) => parts.length === 0 || parts.includes(part);

console.log(`Machine: ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.versions.node}`);
if (parts.length === 0) {
  const t = await startTimes();
  console.log(`cold start to healthy (first start, incl. cluster init): ${fmt(t.cold)}`);
  console.log(`warm start to healthy (node apps/server/dist/main.js, median of 3): ${fmt(t.warm)}   target < 3 s`);
  console.log(`warm start to healthy (npm start path incl. install/build checks, median of 3): ${fmt(t.npmStart)}   target < 3 s`);
  const js = await loginJavaScript();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`/login JavaScript: ${js.files} files, ${kb(js.raw)} raw, ${kb(js.gz)} gzip, ${kb(js.br)} brotli   target < 150 KB gzip`);
}
if (runs('reads')) {
  const { readBenchmarks } = await import('./bench-reads.mjs');
  await readBenchmarks();
}
if (runs('videos')) {
  const { videoBenchmarks } = await import('./bench-videos.mjs');
  await videoBenchmarks();
}
