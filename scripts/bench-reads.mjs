// Signed-in reads for `npm run bench` (`npm run bench -- reads` runs only these). The built server on
// a fresh embedded database, a coach with a team subscription, an avatar and a hero, 20 ready videos
// and a season on the team's schedule; autocannon (50
// connections) against a bare Fastify route with one PostgreSQL query on the same database and
// against each signed-in read, each right after its own bare run: req/s, p99 and the ratio to the
// bare route. Targets: >= 2,000 req/s, p99 < 50 ms and >= 30% of the bare route, on 2 cores shared
// with the load generator, where absolute numbers move with whatever else runs: read the ratios.
// BENCH_READS_SECONDS sets the length of each run (default 10).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { at } from './lib/paths.mjs';
import { benchCoach, freePort, startApp, tempDataDir } from './lib/bench-app.mjs';
import { exitWithin, within } from './lib/bounded.mjs';
import { insertSeason, SCHEDULE_READ } from './lib/bench-season.mjs';

const SECONDS = Number(process.env.BENCH_READS_SECONDS ?? 10);
const CONNECTIONS = 50;
const VIDEOS = 20;

/** The embedded cluster the server started: credentials beside its directory, port in postmaster.pid. */
export async function databaseUrl(dataDir) {
  const creds = JSON.parse(await fs.readFile(path.join(dataDir, '.postgres-credentials.json'), 'utf8'));
  const port = (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3].trim();
  return `postgres://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/app`;
}

/** Ready videos with every source, a poster and a storyboard, written as the transcoder leaves them. */
export async function insertVideos(db, count) {
  const { rows } = await db.query(`select id, tenant_id from users where username = 'bench_coach'`);
  const { id: userId, tenant_id: tenantId } = rows[0];
  const keys = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const dir = `${tenantId}/videos/${id}/renditions/bench`;
    const rendition = (name, width, height, size) => ({ key: `${dir}/${name}.mp4`, width, height, size, fps: 30 });
    await db.query(
      `insert into videos (id, tenant_id, owner_user_id, title, status, progress, source_key, source_name, source_size,
         source_content_type, duration_sec, width, height, renditions, poster_key, storyboard, highlights, ready_at, playable_at, created_at)
       values ($1, $2, $3, $4, 'ready', 100, $5, 'game.mp4', 2000000000, 'video/mp4', 600, 1920, 1080, $6, $7, $8, $9, now(), now(), now() - make_interval(secs => $10))`,
      [
        id,
        tenantId,
        userId,
        `Game ${i + 1}`,
        `${tenantId}/videos/${id}/source/game.mp4`,
        JSON.stringify({ low: rendition('low', 640, 360, 30_000_000), full: rendition('full', 1920, 1080, 500_000_000) }),
        `${dir}/poster.jpg`,
        JSON.stringify({ key: `${dir}/storyboard.jpg`, intervalSec: 5, columns: 10, rows: 12, tileWidth: 160, tileHeight: 90, count: 120 }),
        JSON.stringify([{ intro: 10, highlight: 12, outro: 15 }]),
        i,
      ],
    );
    keys.push(id);
  }
  return { userId, keys };
}

/** A ready avatar and hero of the user, written as the image job leaves them (the avatar is also `users.image`). */
async function insertImages(db, userId) {
  const { rows } = await db.query(`select tenant_id from users where id = $1`, [userId]);
  const tenantId = rows[0].tenant_id;
  for (const [tag, sizes, ratio] of [['avatar', [128, 256, 512], 1], ['hero', [800, 1600], 0.4]]) {
    const id = randomUUID();
    const variants = sizes.map((size) => ({ name: String(size), key: `${tenantId}/images/${id}/${size}.webp`, width: size, height: Math.round(size * ratio) }));
    const full = variants.at(-1);
    await db.query(
      `insert into user_images (id, tenant_id, user_id, tag, status, original_key, width, height, variants, placeholder, ready_at)
       values ($1, $2, $3, $4, 'ready', $5, $6, $7, $8, $9, now())`,
      [id, tenantId, userId, tag, `${tenantId}/images/${id}/original`, full.width, full.height, JSON.stringify(variants), `data:image/webp;base64,${'A'.repeat(120)}`],
    );
    if (tag === 'avatar') await db.query(`update users set image = $1 where id = $2`, [`/api/images/${id}/256.webp`, userId]);
  }
}

export async function startBare(env, script = at('scripts/lib/bench-bare-app.mjs')) {
  const port = await freePort();
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((r) => child.once('exit', r));
  await within(
    `the bare app to listen on port ${port}`,
    30_000,
    new Promise((resolve, reject) => {
      child.stdout.on('data', (d) => String(d).includes('listening') && resolve());
      child.once('exit', (code) => reject(new Error(`the bare app exited ${code}`)));
    }),
  ).catch((err) => {
    child.kill('SIGKILL');
    throw err;
  });
  return {
    pid: child.pid,
    url: `http://127.0.0.1:${port}/bare`,
    async stop() {
      child.kill('SIGINT');
      await exitWithin('the bare app (SIGINT)', child, exited, 10_000);
    },
  };
}

/** `/proc/<pid>/stat` after the command name: state, ppid, ..., utime and stime at 11 and 12. */
const statOf = async (pid) => (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
const cpuOf = (fields) => (Number(fields[11]) + Number(fields[12])) / 100;

/** CPU seconds (user + system) a process has used so far (Linux). */
const cpuSeconds = async (pid) => cpuOf(await statOf(pid));

/** CPU seconds of each process of the PostgreSQL cluster in `dataDir` (the postmaster and its backends). */
async function clusterCpu(dataDir) {
  const postmaster = (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0].trim();
  const cpu = new Map();
  for (const pid of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const fields = await statOf(pid).catch(() => undefined);
    if (fields && (pid === postmaster || fields[1] === postmaster)) cpu.set(pid, cpuOf(fields));
  }
  return cpu;
}

/**
 * req/s, p99 and the CPU milliseconds the serving process spent per request: the last one does not
 * move with the machine's other load. With `dataDir`, also the CPU milliseconds the database spent
 * per request (every backend of the cluster, so whatever else queries it meanwhile counts too).
 */
export async function load(autocannon, url, headers, pid, dataDir) {
  const cpuBefore = await cpuSeconds(pid);
  const dbBefore = dataDir && (await clusterCpu(dataDir));
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpu = (await cpuSeconds(pid)) - cpuBefore;
  const dbAfter = dataDir && (await clusterCpu(dataDir));
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts of ${result.requests.total}`);
  const perRequest = (seconds) => (seconds * 1000) / result.requests.total;
  const dbCpu = dbAfter && [...dbAfter].reduce((sum, [backend, after]) => sum + after - (dbBefore.get(backend) ?? 0), 0);
  return { rps: result.requests.average, p99: result.latency.p99, cpuMs: perRequest(cpu), ...(dbAfter && { dbCpuMs: perRequest(dbCpu) }) };
}

export async function readBenchmarks() {
  const { default: autocannon } = await import('autocannon');
  const { default: pg } = await import('pg');
  console.log(`\nSigned-in reads (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, load generator on the same machine):`);
  const dataDir = await tempDataDir();
  const app = await startApp([at('apps/server/dist/main.js')], dataDir, { LOG_LEVEL: 'info', AUTH_RATE_LIMIT: '1000' });
  let bare;
  const db = new pg.Client({ connectionString: await databaseUrl(dataDir), connectionTimeoutMillis: 30_000, query_timeout: 120_000 });
  try {
    await db.connect();
    const user = await benchCoach(app.baseUrl);
    const { userId, keys } = await insertVideos(db, VIDEOS);
    await insertImages(db, userId);
    const me = await user.api('GET', '/api/user/me');
    if (me.images.length !== 2 || !me.image) throw new Error('the avatar and hero are not on /api/user/me');
    const { rows: teams } = await db.query(`select id, tenant_id from channels where owner_user_id = $1`, [userId]);
    await insertSeason(db, teams[0].tenant_id, teams[0].id, userId);
    const list = await user.api('GET', `/api/user/videos?limit=${VIDEOS}`);
    if (list.items.length !== VIDEOS || list.items.some((v) => v.status !== 'ready' || !v.sources.full)) throw new Error('the videos are not listed as ready');
    bare = await startBare({ DATABASE_URL: await databaseUrl(dataDir), USER_ID: String(userId) });

    const routes = [
      '/api/user/me',
      '/api/user/team',
      '/api/user/teams',
      '/api/user/usage',
      `/api/user/videos?limit=${VIDEOS}`,
      `/api/user/videos/${keys[0]}`,
      SCHEDULE_READ,
    ];
    const row = (name, r, base) =>
      `  ${name.padEnd(50)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms` +
      (base ? `  ${((r.rps / base) * 100).toFixed(0).padStart(3)}% of bare` : '');
    // Warm the bare route (JIT, pool) before measuring; each read is warmed right before its own run.
    await autocannon({ url: bare.url, connections: CONNECTIONS, duration: 2 });

    // Each route right after its own bare run: on a shared machine the load from elsewhere moves
    // between runs, so a ratio is only fair against a baseline measured next to it.
    const paired = async (name, url, headers) => {
      await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
      const base = await load(autocannon, bare.url, undefined, bare.pid, dataDir);
      const r = await load(autocannon, url, headers, app.pid, dataDir);
      const cpu = (x) => `server CPU ${x.cpuMs.toFixed(2)}, database CPU ${x.dbCpuMs.toFixed(2)} ms/req`;
      console.log(row(name, r, base.rps) + `  ${cpu(r)}  (bare ${base.rps.toFixed(0)} req/s, p99 ${base.p99} ms, ${cpu(base)})`);
    };
    for (const route of routes) {
      const headers = { authorization: await user.auth() };
      await paired(`GET ${route === SCHEDULE_READ ? '/api/team/schedule (4 weeks)' : route.replace(keys[0], ':key')}`, `${app.baseUrl}${route}`, headers);
    }
    await paired('GET /api/health (public, no sign-in)', `${app.baseUrl}/api/health`);
    console.log('  target >= 2,000 req/s, p99 < 50 ms, >= 30% of the bare route');
  } finally {
    await bare?.stop().catch(() => undefined);
    await db.end().catch(() => undefined);
    await app.stop().catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
