// Concurrent HLS viewers one server process sustains at 3 Mb/s on loopback (target 150 or more): viewers
// (hls-viewers.mjs) are added in steps while the test stream is live, each step held HOLD seconds; the
// ramp stops at the first step where a viewer fell behind. Baseline: the same segments served as static
// files by a bare Node `http` server (live-static-server.mjs) to the same viewer loop, the same steps.
// Env: BENCH_LIVE_VIEWER_STEPS (50,100,150,200,300,400: the last is the cap), BENCH_LIVE_HOLD_SECONDS (15 for both ramps,
// which keeps `npm run bench -- live` near 6 minutes).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from './bench-app.mjs';
import { exitWithin, fetchWithin, within } from './bounded.mjs';
import { createCrowd, LAG_LIMIT_MS } from './hls-viewers.mjs';
import { playbackSecret, playbackToken } from './live-playback-token.mjs';
import { at } from './paths.mjs';
import { commandLine, cpuWindow, descendants, machineBusyWindow, ownCpuWindow, rssMiB } from './proc-stats.mjs';

const STEPS = (process.env.BENCH_LIVE_VIEWER_STEPS ?? '50,100,150,200,300,400').split(',').map(Number);
const HOLD_SECONDS = Number(process.env.BENCH_LIVE_HOLD_SECONDS ?? 15);
/** Newly added viewers load the playlist and reach the live edge before a hold starts. */
const SETTLE_MS = 3000;
const BASELINE_SEGMENTS = 10;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs, q) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)] : Number.NaN);
const ms = (x) => `${x.toFixed(0)}`;

/**
 * One viewer account per simulated viewer (rows written directly: only the token matters to the
 * playback routes, and a distinct user makes the server count each one in `live_viewers`, as it
 * would), each with its own token signed as GET /api/live/{key} signs it.
 */
export async function viewerPlaylistUrls(db, app, stream, count, { prefix = 'bench_viewer_' } = {}) {
  const { rows } = await db.query(`select id, tenant_id from live_events where key = $1`, [stream.key]);
  const { id: eventId, tenant_id: tenantId } = rows[0];
  const users = await db.query(
    `with ids as (
       insert into identity_users (tenant_id, username) select $1, $3 || g from generate_series(1, $2) g returning id, username
     )
     insert into users (tenant_id, identity_user_id, username, type) select $1, id, username, 'fan' from ids returning id`,
    [tenantId, count, prefix],
  );
  const secret = await playbackSecret(db);
  // The real source (GET /api/live/{key}) shows where the token goes.
  const source = new URL(stream.source, app.baseUrl);
  return users.rows.map(({ id }) => {
    const url = new URL(source);
    url.searchParams.set('token', playbackToken(secret, eventId, id));
    return url.href;
  });
}

/** The server's embedded PostgreSQL: its descendants that are not ffmpeg. */
const postgresPids = (pid) => descendants(pid).filter((p) => commandLine(p)[0]?.includes('postgres'));

async function ramp(label, holdSeconds, playlistUrlOf, serverPid, extraPids = []) {
  const crowd = createCrowd();
  const rows = [];
  try {
    for (const viewers of STEPS) {
      crowd.add(viewers - crowd.size, playlistUrlOf);
      await sleep(SETTLE_MS);
      const server = cpuWindow([serverPid]);
      const extra = cpuWindow(extraPids);
      const generator = ownCpuWindow();
      const machine = machineBusyWindow();
      const hold = crowd.hold();
      await sleep(holdSeconds * 1000);
      const r = hold.end();
      const row = {
        viewers,
        mbps: (r.bytes * 8) / r.seconds / 1e6,
        segment: [quantile(r.segmentMs, 0.5), quantile(r.segmentMs, 0.99)],
        playlist: [quantile(r.playlistMs, 0.5), quantile(r.playlistMs, 0.99)],
        behind: r.behind,
        errors: r.errors.length,
        worstLagMs: r.worstLagMs,
        serverCpu: server(),
        extraCpu: extra(),
        generatorCpu: generator(),
        machineBusy: machine(),
        rss: rssMiB(serverPid),
        judged: r.judgedSegments,
      };
      rows.push(row);
      console.log(
        `  ${label} ${String(viewers).padStart(3)} viewers: ${row.mbps.toFixed(0)} Mb/s delivered, segment fetch p50/p99 ${ms(row.segment[0])}/${ms(row.segment[1])} ms, ` +
          `playlist wait p50/p99 ${ms(row.playlist[0])}/${ms(row.playlist[1])} ms, fell behind ${row.behind} (worst lag ${ms(Math.min(row.worstLagMs, 99_999))} ms over ${row.judged} segments, ${row.errors} failed requests), ` +
          `server CPU ${row.serverCpu.toFixed(0)}%${extraPids.length ? ` + PostgreSQL ${row.extraCpu.toFixed(0)}%` : ''}, RSS ${row.rss.toFixed(0)} MiB, generator CPU ${row.generatorCpu.toFixed(0)}%, machine ${row.machineBusy.toFixed(0)}% busy`,
      );
      if (row.behind > 0 || row.judged === 0) break;
    }
  } finally {
    crowd.stop();
  }
  // The ramp stopped at the first step that failed: every step before it held.
  return { rows, sustained: rows.filter((r) => r.behind === 0 && r.judged > 0).at(-1)?.viewers ?? 0 };
}

/** The newest segments of the stream, fetched through the server, as 0.ts ... for the static server. */
async function copySegments(playlistUrl, dir) {
  const text = (await fetchWithin(playlistUrl)).text();
  const entries = [...text.matchAll(/#EXTINF:([\d.]+),\n(.+)/g)].slice(-BASELINE_SEGMENTS);
  let bytes = 0;
  let seconds = 0;
  for (const [i, [, duration, uri]] of entries.entries()) {
    const body = (await fetchWithin(new URL(uri, playlistUrl))).arrayBuffer();
    await fs.writeFile(path.join(dir, `${i}.ts`), body);
    bytes += body.length;
    seconds += Number(duration);
  }
  return { count: entries.length, mbps: (bytes * 8) / seconds / 1e6 };
}

async function startStaticServer(dir, count) {
  const port = await freePort();
  const child = spawn(process.execPath, [at('scripts/lib/live-static-server.mjs')], {
    env: { ...process.env, DIR: dir, COUNT: String(count), PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  await within(
    `the static baseline server to listen on port ${port}`,
    30_000,
    new Promise((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', () => reject(new Error('the static baseline server exited during start-up')));
    }),
  ).catch((err) => {
    child.kill('SIGKILL');
    throw err;
  });
  return {
    pid: child.pid,
    playlistUrl: `http://127.0.0.1:${port}/index.m3u8?token=none`,
    async stop() {
      child.kill('SIGINT');
      await exitWithin('the static baseline server (SIGINT)', child, exited, 10_000);
    },
  };
}

export async function viewersLoad(app, db, stream) {
  // startApp spawns node on the server's entry itself, no wrapper: its pid is the process that serves.
  if (!commandLine(app.pid).some((arg) => arg.endsWith('dist/main.js'))) throw new Error(`pid ${app.pid} is not the server: ${commandLine(app.pid).join(' ')}`);
  const max = Math.max(...STEPS);
  const urls = await viewerPlaylistUrls(db, app, stream, max);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-bench-static-'));
  try {
    const copied = await copySegments(urls[0], dir);
    console.log(
      `\nConcurrent HLS viewers on loopback (the test stream at ${copied.mbps.toFixed(2)} Mb/s measured from its segments; steps ${STEPS.join(', ')}, ` +
        `${HOLD_SECONDS} s each; a viewer falls behind when a segment is not fully fetched within ${LAG_LIMIT_MS / 1000} s of its announcement):`,
    );
    console.log(`  ${max} viewer accounts, one playback token each; the load generator is this Node process, on the same 2 cores as the server`);
    const live = await ramp('server', HOLD_SECONDS, (i) => urls[i], app.pid, postgresPids(app.pid));
    console.log(`  sustained ${live.sustained} viewers at 3 Mb/s   target 150 or more${live.sustained === max ? ' (the cap of this test)' : ''}`);

    const bare = await startStaticServer(dir, copied.count);
    let baseline;
    try {
      console.log(`  baseline: the same segments as static files from a bare Node http server, the same viewer loop:`);
      baseline = await ramp('static', HOLD_SECONDS, () => bare.playlistUrl, bare.pid);
    } finally {
      await bare.stop();
    }
    console.log(`  static baseline sustained ${baseline.sustained} viewers; server / baseline: ${(live.sustained / baseline.sustained).toFixed(2)}`);
    // CPU per viewer at the largest step both held.
    const both = live.rows.filter((r) => r.behind === 0 && baseline.rows.some((b) => b.viewers === r.viewers && b.behind === 0)).at(-1);
    if (both) {
      const b = baseline.rows.find((r) => r.viewers === both.viewers);
      const per = (cpu) => cpu / both.viewers;
      console.log(
        `  CPU per viewer at ${both.viewers} viewers: server ${per(both.serverCpu).toFixed(2)}% (+ PostgreSQL ${per(both.extraCpu).toFixed(2)}%), static ${per(b.serverCpu).toFixed(2)}% of a core; ratio ${(both.serverCpu / b.serverCpu).toFixed(1)}x`,
      );
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
