// What a live game loses when the database goes away (`npm run bench -- faults`), against the built server
// with its RTMP ingest, a looping 3 Mb/s test stream published at real time and one viewer that blocks on
// each next segment (`_HLS_msn`, as hls.js does), fetches every new segment and re-fetches an older one:
// 1. `kill -9` of the embedded PostgreSQL `npm start` runs: the time until /api/health answers 200 again
//    (no restart of the server), the seconds of the game missing from the archive, and the viewer's failed
//    requests during the outage (target: none for what was already stored).
// 2. A database server that goes away for 5 s and for 30 s (its connections cut, new ones refused, by a TCP
//    proxy in front of another node's database): the same numbers. Target: 0 s missing.
// Missing seconds are the holes in the archive's timeline: the wall clock of each segment (its program
// date-time) against the end of the one before.
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { at } from './lib/paths.mjs';
import { benchCoach, freePort, startApp, tempDataDir } from './lib/bench-app.mjs';
import { fetchWithin, until } from './lib/bounded.mjs';
import { liveTestEvent, playlistEnded } from './lib/live-test-stream.mjs';
import { databaseUrl } from './bench-reads.mjs';

const LIVE_BEFORE_SEC = 8;
const LIVE_AFTER_SEC = 12;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One viewer following the live edge; counts what failed during `outage` ({from, to} in performance.now() ms). */
function followLive(source, outage) {
  const stats = { requests: 0, failed: 0, outageRequests: 0, outageFailed: 0, outageStoredFailed: 0, lastFailure: '' };
  const fetched = new Set();
  let stopped = false;
  // A request counts as during the outage when it overlapped it (a blocked playlist request may span it).
  const count = ({ res, startedAt, endedAt }, stored, what) => {
    const during = outage.from !== undefined && startedAt <= (outage.to ?? Infinity) && endedAt >= outage.from;
    stats.requests += 1;
    if (during) stats.outageRequests += 1;
    if (res.status === 200) return;
    stats.failed += 1;
    stats.lastFailure = `${what}: ${res.status}`;
    if (during) stats.outageFailed += 1;
    if (during && stored) stats.outageStoredFailed += 1;
  };
  const get = async (url) => {
    const startedAt = performance.now();
    const res = await fetchWithin(url, {}, 15_000).catch((err) => ({ status: `error (${err.message})`, text: () => '' }));
    return { res, startedAt, endedAt: performance.now() };
  };
  const loop = (async () => {
    let next = 0;
    while (!stopped) {
      const url = new URL(source);
      if (next > 0) url.searchParams.set('_HLS_msn', String(next));
      const answer = await get(url.href);
      const { res } = answer;
      // A playlist names stored segments: every request for it is for what exists.
      count(answer, true, 'playlist');
      if (res.status !== 200) {
        await sleep(500);
        continue;
      }
      const text = res.text();
      const uris = text.split('\n').filter((line) => line && !line.startsWith('#'));
      if (text.includes('#EXT-X-ENDLIST')) break;
      for (const uri of uris) {
        if (fetched.has(uri)) continue;
        fetched.add(uri);
        count(await get(new URL(uri, source).href), true, `segment ${uri.split('?')[0]}`);
      }
      // Rewinding: one segment listed long ago.
      if (uris.length > 2) count(await get(new URL(uris[Math.floor(uris.length / 2)], source).href), true, 'earlier segment');
      next = uris.length;
    }
  })();
  return {
    stats,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

/** Holes in the event's archive timeline, in seconds, from its segment rows. */
async function missingSeconds(pg, databaseUrl, key) {
  // A client of its own: one opened before a fault would have lost its connection.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let rows;
  try {
    ({ rows } = await db.query(
      `select s.started_at_ms::float8 as start, s.duration_sec::float8 as dur from live_segments s join live_events e on e.id = s.event_id where e.key = $1 order by s.seq`,
      [key],
    ));
  } finally {
    await db.end();
  }
  let missing = 0;
  for (let i = 1; i < rows.length; i++) {
    const hole = (rows[i].start - (rows[i - 1].start + rows[i - 1].dur * 1000)) / 1000;
    // Segment boundaries jitter by a frame or two; a lost segment is a second.
    if (hole > 0.5) missing += hole;
  }
  const covered = rows.reduce((sum, r) => sum + r.dur, 0);
  return { missing, covered, segments: rows.length };
}

/** A live game on `app`, a viewer on it, `fault()` after LIVE_BEFORE_SEC; resolves with what was lost. */
async function gameThroughFault(app, user, archiveOf, title, fault) {
  const live = await liveTestEvent(app, user, title);
  const outage = {};
  const viewer = followLive(new URL(live.source, app.baseUrl).href, outage);
  try {
    await sleep(LIVE_BEFORE_SEC * 1000);
    outage.from = performance.now();
    await fault();
    outage.to = performance.now();
    await sleep(LIVE_AFTER_SEC * 1000);
  } finally {
    await live.publisher.stop();
  }
  await playlistEnded(live.key, new URL(live.source, app.baseUrl).href);
  await viewer.stop();
  return { archive: await archiveOf(live.key), viewer: viewer.stats };
}

function report(what, { archive, viewer }, extra = '') {
  console.log(`  ${what}${extra}`);
  console.log(`    archive: ${archive.segments} segments, ${archive.covered.toFixed(1)} s; missing ${archive.missing.toFixed(1)} s   target 0 s`);
  console.log(
    `    viewer: ${viewer.outageRequests} requests during the outage, ${viewer.outageFailed} failed (${viewer.outageStoredFailed} for stored media, target 0); ` +
      `${viewer.failed} of ${viewer.requests} failed in all${viewer.lastFailure ? ` (last: ${viewer.lastFailure})` : ''}`,
  );
}

/**
 * Waits until /api/health answers 200 and `recovered()` holds; its time since `fromMs`. (Right after a
 * kill -9 the dead postmaster's backends still answer on their open connections for a moment.)
 */
async function healthyAfter(app, fromMs, recovered = async () => true) {
  await until(
    'the server to be healthy again',
    async (note) => {
      if (!(await recovered())) return note('the database has not come back yet');
      const res = await fetchWithin(`${app.baseUrl}/api/health`, {}, 2_000).catch((err) => note(err.message));
      if (res) note(`/api/health ${res.status}`);
      return res?.status === 200;
    },
    { everyMs: 25, timeoutMs: 120_000 },
  );
  return performance.now() - fromMs;
}

async function postmasterPid(dataDir) {
  return Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function killEmbedded(pg) {
  console.log('\nkill -9 of the embedded PostgreSQL during a live game:');
  const dataDir = await tempDataDir();
  const app = await startApp([at('apps/server/dist/main.js')], dataDir, { AUTH_RATE_LIMIT: '1000', RTMP_PORT: String(await freePort()) });
  try {
    const url = await databaseUrl(dataDir);
    const user = await benchCoach(app.baseUrl);
    let healthyMs = 0;
    const result = await gameThroughFault(app, user, (key) => missingSeconds(pg, url, key), 'Killed database', async () => {
      const pid = await postmasterPid(dataDir);
      const t0 = performance.now();
      process.kill(pid, 'SIGKILL');
      const restarted = async () => (await postmasterPid(dataDir).catch(() => pid)) !== pid && !isAlive(pid);
      healthyMs = await healthyAfter(app, t0, restarted);
    });
    report('kill -9 -> healthy', result, `: ${(healthyMs / 1000).toFixed(2)} s (the server process kept running)`);
  } finally {
    await app.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** A TCP proxy to `target` that can go dark: live connections cut, new ones refused. */
async function cuttableProxy(target) {
  const port = await freePort();
  const sockets = new Set();
  let server;
  const listen = () =>
    new Promise((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await listen();
  return {
    port,
    async cut() {
      await new Promise((resolve) => {
        server.close(resolve);
        for (const s of sockets) s.destroy();
      });
    },
    restore: listen,
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

async function separateServerOutages(pg) {
  console.log('\nA separate database server gone for 5 s and for 30 s during a live game:');
  // The database host: another node's embedded PostgreSQL; the node under test reaches it through the proxy.
  const dbDir = await tempDataDir();
  const dbNode = await startApp([at('apps/server/dist/main.js')], dbDir, { INGEST: '0', WORKERS: '0' });
  const realUrl = new URL(await databaseUrl(dbDir));
  const proxy = await cuttableProxy({ host: realUrl.hostname, port: Number(realUrl.port) });
  const proxied = new URL(realUrl);
  proxied.port = String(proxy.port);
  const dataDir = await tempDataDir();
  const app = await startApp([at('apps/server/dist/main.js')], dataDir, { AUTH_RATE_LIMIT: '1000', RTMP_PORT: String(await freePort()), DATABASE_URL: proxied.href });
  try {
    const user = await benchCoach(app.baseUrl);
    for (const seconds of [5, 30]) {
      let healthyMs = 0;
      const result = await gameThroughFault(app, user, (key) => missingSeconds(pg, realUrl.href, key), `Outage ${seconds} s`, async () => {
        await proxy.cut();
        await sleep(seconds * 1000);
        await proxy.restore();
        healthyMs = await healthyAfter(app, performance.now());
      });
      report(`${seconds} s outage`, result, `: healthy ${(healthyMs / 1000).toFixed(2)} s after the database was back`);
    }
  } finally {
    await app.stop();
    proxy.close();
    await dbNode.stop();
    for (const dir of [dataDir, dbDir]) await fs.rm(dir, { recursive: true, force: true });
  }
}

export async function faultBenchmarks() {
  const { default: pg } = await import('pg');
  await killEmbedded(pg);
  await separateServerOutages(pg);
}
