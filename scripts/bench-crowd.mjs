// `npm run bench -- crowd`: a live game watched by 100, then 1,000 simulated viewers through a real caching
// reverse proxy (nginx from the OS packages with proxy_cache, configured as a CDN would be: the cache key is
// the path, cache-control is honoured, concurrent misses wait for one origin request), then the same without
// the proxy. Each viewer has its own playback token and does what hls.js does at the live edge (blocking
// reloads with delta updates, every new segment fetched); every tenth joins late and plays the game from its
// first segment. Printed: origin requests per segment (goal <= 2 per rendition whatever the crowd), the cache
// hit ratio of segments (goal >= 99%), origin CPU and RSS at 100 and 1,000 viewers (goal: within 20%), the
// viewers' playlist waits and how many fell behind (goal 0).
// Env: BENCH_CROWD_STEPS (100,1000), BENCH_CROWD_HOLD_SECONDS (20), BENCH_CROWD_VIDEO_KBPS (400: the whole
// crowd's bytes pass through this machine's two cores, which also run the server, nginx and the viewers).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { at } from './lib/paths.mjs';
import { benchCoach, freePort, startApp, tempDataDir } from './lib/bench-app.mjs';
import { exitWithin, fetchWithin, until } from './lib/bounded.mjs';
import { createCrowd } from './lib/hls-viewers.mjs';
import { liveTestEvent } from './lib/live-test-stream.mjs';
import { viewerPlaylistUrls } from './lib/live-viewers-load.mjs';
import { cpuWindow, machineBusyWindow, ownCpuWindow, rssMiB } from './lib/proc-stats.mjs';
import { databaseUrl } from './bench-reads.mjs';

const STEPS = (process.env.BENCH_CROWD_STEPS ?? '100,1000').split(',').map(Number);
const HOLD_SECONDS = Number(process.env.BENCH_CROWD_HOLD_SECONDS ?? 20);
const VIDEO_KBPS = Number(process.env.BENCH_CROWD_VIDEO_KBPS ?? 400);
const LATE_JOINER_EVERY = 10;
/** New viewers load their playlist and reach the live edge before a hold starts. */
const SETTLE_MS = 5000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs, q) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)] : Number.NaN);

/** nginx from the OS packages: installed here if missing (Debian), else null with the reason. */
function findNginx() {
  const which = () => ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((p) => fs.existsSync(p));
  if (which()) return { path: which() };
  try {
    console.log('  nginx is not installed: installing it from the OS packages (apt-get install -y nginx)...');
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } catch (err) {
    return { reason: `nginx is not installed and could not be installed here (${err.message.split('\n')[0]}); install it (apt-get install nginx) to run this benchmark` };
  }
  return which() ? { path: which() } : { reason: 'nginx was installed but its binary was not found' };
}

/**
 * The CDN's configuration, as the README shows it: cache by path (the Host kept: it names the tenant), honour
 * cache-control (playlists say `private, no-store` and are never stored; segments `public, immutable`), one
 * origin request per missing object however many viewers ask at once (proxy_cache_lock), long enough reads for
 * a blocking playlist reload.
 */
const nginxConfig = ({ dir, listenPort, originPort, user }) => `
${user ? `user ${user};` : ''}
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  log_format crowd '$uri $upstream_cache_status $upstream_addr $status';
  access_log ${dir}/access.log crowd buffer=256k flush=1s;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=live:20m max_size=2g inactive=1h use_temp_path=off;
  upstream origin {
    server 127.0.0.1:${originPort};
    keepalive 128;
  }
  server {
    listen 127.0.0.1:${listenPort} reuseport;
    location / {
      proxy_pass http://origin;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # The origin picks the tenant by its host name.
      proxy_set_header Host $host;
      proxy_cache live;
      proxy_cache_key $host$uri$is_args$args;
      proxy_cache_lock on;
      proxy_cache_lock_timeout 10s;
      proxy_cache_lock_age 10s;
      proxy_read_timeout 30s;
    }
  }
}
`;

async function startNginx(binary, originPort) {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'teamfilm-bench-cdn-'));
  // Root runs nginx's workers as nobody, who may not enter a 0700 temporary directory: keep them root here.
  await fsp.chmod(dir, 0o755);
  const listenPort = await freePort();
  const file = path.join(dir, 'nginx.conf');
  await fsp.writeFile(file, nginxConfig({ dir, listenPort, originPort, user: process.getuid?.() === 0 ? 'root' : null }));
  const child = spawn(binary, ['-p', dir, '-c', file, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((r) => child.once('exit', r));
  await until(
    `nginx to listen on ${listenPort}`,
    async (note) => {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${await fsp.readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')}`);
      const res = await fetchWithin(`http://127.0.0.1:${listenPort}/api/health`, {}, 2_000).catch((err) => note(err.message));
      return res?.status === 200;
    },
    { everyMs: 50, timeoutMs: 20_000 },
  );
  const log = path.join(dir, 'access.log');
  return {
    baseUrl: `http://127.0.0.1:${listenPort}`,
    pids: () => [child.pid, ...execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number)],
    /** Segment requests logged since the last call: per segment, how many went to the origin; hits and all. */
    async segmentRequests() {
      // nginx writes its buffered log at least every second.
      await sleep(1500);
      const text = await fsp.readFile(log, 'utf8').catch(() => '');
      await fsp.truncate(log, 0).catch(() => {});
      const origin = new Map();
      let total = 0;
      let fromCache = 0;
      const statuses = {};
      for (const line of text.split('\n')) {
        const [uri, cacheStatus, upstream, status] = line.split(' ');
        const segment = uri && /\/a\/[^/]+\/([a-z0-9]+)\/(\d+)\.ts$/.exec(uri);
        if (!segment) continue;
        total += 1;
        statuses[cacheStatus] = (statuses[cacheStatus] ?? 0) + 1;
        const key = `${segment[1]}/${segment[2]}`;
        if (upstream !== '-') origin.set(key, (origin.get(key) ?? 0) + 1);
        else if (status === '200' || status === '206') fromCache += 1;
      }
      return { origin, total, fromCache, statuses };
    },
    async stop() {
      child.kill('SIGQUIT');
      await exitWithin('nginx (SIGQUIT)', child, exited, 15_000).catch(() => child.kill('SIGKILL'));
      await fsp.rm(dir, { recursive: true, force: true });
    },
  };
}

async function ramp(label, urlOf, originPid, cdn) {
  const crowd = createCrowd();
  const rows = [];
  try {
    for (const viewers of STEPS) {
      crowd.add(viewers - crowd.size, urlOf, { fromStartEvery: LATE_JOINER_EVERY });
      await sleep(SETTLE_MS);
      await cdn?.segmentRequests();
      const origin = cpuWindow([originPid]);
      const proxy = cdn ? cpuWindow(cdn.pids()) : null;
      const generator = ownCpuWindow();
      const machine = machineBusyWindow();
      const hold = crowd.hold();
      await sleep(HOLD_SECONDS * 1000);
      const r = hold.end();
      const row = { viewers, originCpu: origin(), proxyCpu: proxy?.() ?? 0, generatorCpu: generator(), machineBusy: machine(), rss: rssMiB(originPid), r, cdn: await cdn?.segmentRequests() };
      rows.push(row);
      const perSegment = row.cdn ? [...row.cdn.origin.values()] : [];
      console.log(
        `  ${label} ${String(viewers).padStart(4)} viewers (${Math.floor(viewers / LATE_JOINER_EVERY)} of them late, from the first segment): ` +
          `${((r.bytes * 8) / r.seconds / 1e6).toFixed(0)} Mb/s to viewers, playlist wait p50/p95 ${quantile(r.playlistMs, 0.5).toFixed(0)}/${quantile(r.playlistMs, 0.95).toFixed(0)} ms, ` +
          `segment fetch p95 ${quantile(r.segmentMs, 0.95).toFixed(0)} ms, fell behind ${r.behind} (${r.errors.length} failed requests), ` +
          `origin CPU ${row.originCpu.toFixed(0)}%, RSS ${row.rss.toFixed(0)} MiB${cdn ? `, nginx CPU ${row.proxyCpu.toFixed(0)}%` : ''}; ` +
          `the viewers' generator (this Node process) ${row.generatorCpu.toFixed(0)}%, machine ${row.machineBusy.toFixed(0)}% busy (a generator at 100% of its core is the limit, not the origin)`,
      );
      if (row.cdn) {
        const { total, fromCache, statuses } = row.cdn;
        console.log(
          `      segments through the cache: ${total} requests, ${(100 * (fromCache / Math.max(1, total))).toFixed(2)}% served without the origin   target >= 99%; ` +
            `origin requests per segment max ${Math.max(0, ...perSegment)}, mean ${(perSegment.reduce((a, b) => a + b, 0) / Math.max(1, perSegment.length)).toFixed(2)} over ${perSegment.length} segments   target <= 2; nginx: ${JSON.stringify(statuses)}`,
        );
      }
    }
  } finally {
    crowd.stop();
  }
  return rows;
}

export async function crowdBenchmarks() {
  console.log(`\nA crowd watching one live game (test stream ${VIDEO_KBPS} kb/s video; steps ${STEPS.join(', ')}, ${HOLD_SECONDS} s each; every ${LATE_JOINER_EVERY}th viewer joins late from the start):`);
  const nginx = findNginx();
  if (!nginx.path) {
    console.log(`  skipped: ${nginx.reason}`);
    return;
  }
  const { default: pg } = await import('pg');
  const dataDir = await tempDataDir();
  const app = await startApp([at('apps/server/dist/main.js')], dataDir, { AUTH_RATE_LIMIT: '1000', RTMP_PORT: String(await freePort()) });
  const db = new pg.Client({ connectionString: await databaseUrl(dataDir), connectionTimeoutMillis: 30_000, query_timeout: 120_000 });
  let stream;
  let cdn;
  try {
    await db.connect();
    const user = await benchCoach(app.baseUrl);
    stream = await liveTestEvent(app, user, 'Crowd bench', { videoKbps: VIDEO_KBPS, height: 360 });
    const urls = await viewerPlaylistUrls(db, app, stream, Math.max(...STEPS), { prefix: 'crowd_viewer_' });
    cdn = await startNginx(nginx.path, app.port);
    const through = (base) => (i) => urls[i].replace(app.baseUrl, base);
    const version = spawnSync(nginx.path, ['-v'], { encoding: 'utf8' }).stderr.trim();
    console.log(`  through ${version || 'nginx'} (proxy_cache by path, cache-control honoured, proxy_cache_lock):`);
    const cached = await ramp('CDN   ', through(cdn.baseUrl), app.pid, cdn);
    await cdn.stop();
    cdn = undefined;
    console.log('  the same crowd straight at the origin, for comparison:');
    const direct = await ramp('origin', through(app.baseUrl), app.pid, null);
    const [low, high] = [cached[0], cached.at(-1)];
    if (low && high && low !== high) {
      const change = (a, b) => `${(((b - a) / a) * 100).toFixed(0)}%`;
      console.log(
        `  origin behind the CDN from ${low.viewers} to ${high.viewers} viewers: CPU ${low.originCpu.toFixed(0)}% -> ${high.originCpu.toFixed(0)}% (${change(low.originCpu, high.originCpu)}), ` +
          `RSS ${low.rss.toFixed(0)} -> ${high.rss.toFixed(0)} MiB (${change(low.rss, high.rss)})   goal: flat, within 20%`,
      );
    }
    const d = direct.at(-1);
    if (d && high) console.log(`  at ${d.viewers} viewers the origin alone used ${d.originCpu.toFixed(0)}% CPU (${d.r.behind} fell behind) against ${high.originCpu.toFixed(0)}% behind the CDN`);
  } finally {
    await cdn?.stop();
    await stream?.publisher.stop();
    await db.end().catch(() => {});
    await app.stop();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}
