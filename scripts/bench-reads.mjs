// Signed-in reads for `npm run bench` (`npm run bench -- reads` runs only these). The built server on
// a fresh embedded database, a coach with a team subscription and 20 ready videos; autocannon (50
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

/** CPU seconds (user + system) a process has used so far (Linux). */
async function cpuSeconds(pid) {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** req/s, p99 and the CPU milliseconds the serving process spent per request: the last one does not move with the machine's other load. */
export async function load(autocannon, url, headers, pid) {
  const cpuBefore = await cpuSeconds(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpu = (await cpuSeconds(pid)) - cpuBefore;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts of ${result.requests.total}`);
  return { rps: result.requests.average, p99: result.latency.p99, cpuMs: (cpu * 1000) / result.requests.total };
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
    ];
    const row = (name, r, base) =>
      `  ${name.padEnd(50)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms` +
      (base ? `  ${((r.rps / base) * 100).toFixed(0).padStart(3)}% of bare` : '');
    // Warm both (JIT, pools) before measuring.
    await autocannon({ url: bare.url, connections: CONNECTIONS, duration: 2 });
    await autocannon({ url: `${app.baseUrl}${routes[4]}`, connections: CONNECTIONS, duration: 2, headers: { authorization: await user.auth() } });

    // Each route right after its own bare run: on a shared machine the load from elsewhere moves
    // between runs, so a ratio is only fair against a baseline measured next to it.
    const paired = async (name, url, headers) => {
      const base = await load(autocannon, bare.url, undefined, bare.pid);
      const r = await load(autocannon, url, headers, app.pid);
      console.log(row(name, r, base.rps) + `  server CPU ${r.cpuMs.toFixed(2)} ms/req  (bare ${base.rps.toFixed(0)} req/s, p99 ${base.p99} ms, ${base.cpuMs.toFixed(2)} ms/req)`);
    };
    for (const route of routes) {
      const headers = { authorization: await user.auth() };
      await paired(`GET ${route.replace(keys[0], ':key')}`, `${app.baseUrl}${route}`, headers);
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
