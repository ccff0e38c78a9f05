// The team schedule for `npm run bench` (`npm run bench -- schedule` runs only these). One built
// server; the bench coach owns three teams with a season of 100 items each (300 in all) written as
// the schedule module stores them:
// - the coach's calendar feed (`GET /cal/<token>.ics`, all three teams): time to generate and fetch
//   it, p50/p95 of sequential fetches, and its size, beside one fetch of the bare Fastify route;
// - `GET /api/team/schedule` for four weeks of the active team with autocannon, right after the bare
//   route (targets >= 2,000 req/s, p99 < 50 ms, as the other reads).
import { at } from './lib/paths.mjs';
import { benchCoach, startApp, tempDataDir } from './lib/bench-app.mjs';
import { fetchWithin } from './lib/bounded.mjs';
import { databaseUrl, load, startBare } from './bench-reads.mjs';
import { insertSeason, ITEMS_PER_TEAM, SCHEDULE_READ } from './lib/bench-season.mjs';

const TEAMS = ['main', 'juniors', 'seniors'];
const FEED_FETCHES = 30;

const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const ms = (x) => `${x.toFixed(1)} ms`;

export async function scheduleBenchmarks() {
  const { default: pg } = await import('pg');
  const { default: autocannon } = await import('autocannon');
  console.log(`\nTeam schedule (calendar feed of ${TEAMS.length} teams x ${ITEMS_PER_TEAM} items; schedule reads):`);
  const dataDir = await tempDataDir();
  const app = await startApp([at('apps/server/dist/main.js')], dataDir, { AUTH_RATE_LIMIT: '100000', INGEST: '0' });
  const url = await databaseUrl(dataDir);
  const db = new pg.Client({ connectionString: url });
  let bare;
  try {
    await db.connect();
    const coach = await benchCoach(app.baseUrl);
    for (const name of TEAMS.slice(1)) await coach.api('POST', '/api/user/channels', { channel: name, description: name });
    const { rows: teams } = await db.query(
      `SELECT c.id, c.tenant_id, u.id AS user_id FROM channels c JOIN users u ON u.id = c.owner_user_id WHERE u.username = 'bench_coach'`,
    );
    for (const team of teams) await insertSeason(db, team.tenant_id, team.id, team.user_id);
    bare = await startBare({ DATABASE_URL: url, USER_ID: String(teams[0].user_id) });

    const { url: feedUrl } = await coach.api('GET', '/api/user/calendar');
    const feedPath = new URL(feedUrl).pathname;
    const fetchTimes = async (target) => {
      const times = [];
      let bytes = 0;
      for (let i = 0; i < FEED_FETCHES; i++) {
        const started = performance.now();
        const res = await fetchWithin(target);
        if (!res.ok) throw new Error(`${target}: ${res.status}`);
        bytes = res.text().length;
        times.push(performance.now() - started);
      }
      return { times, bytes };
    };
    const baseline = await fetchTimes(bare.url);
    const feed = await fetchTimes(`${app.baseUrl}${feedPath}`);
    const events = (await fetchWithin(`${app.baseUrl}${feedPath}`)).text().match(/BEGIN:VEVENT/g)?.length ?? 0;
    console.log(`  bare Fastify route, one fetch (baseline)                         p50 ${ms(percentile(baseline.times, 0.5)).padStart(9)}  p95 ${ms(percentile(baseline.times, 0.95)).padStart(9)}`);
    console.log(
      `  calendar feed, ${events} events of ${TEAMS.length} teams, generated per fetch           p50 ${ms(percentile(feed.times, 0.5)).padStart(9)}  p95 ${ms(percentile(feed.times, 0.95)).padStart(9)}` +
        `  ${(feed.bytes / 1024).toFixed(1)} KiB`,
    );

    const read = SCHEDULE_READ;
    const headers = { authorization: await coach.auth() };
    await autocannon({ url: bare.url, connections: 50, duration: 2 });
    await autocannon({ url: `${app.baseUrl}${read}`, connections: 50, duration: 2, headers });
    const base = await load(autocannon, bare.url, undefined, bare.pid);
    const r = await load(autocannon, `${app.baseUrl}${read}`, headers, app.pid);
    console.log(
      `  GET /api/team/schedule (4 weeks, ${(await coach.api('GET', read)).items.length} items)`.padEnd(56) +
        ` ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ${((r.rps / base.rps) * 100).toFixed(0).padStart(3)}% of bare` +
        `  server CPU ${r.cpuMs.toFixed(2)} ms/req  (bare ${base.rps.toFixed(0)} req/s, p99 ${base.p99} ms)`,
    );
    console.log('  target >= 2,000 req/s, p99 < 50 ms');
  } finally {
    await bare?.stop().catch(() => undefined);
    await db.end().catch(() => undefined);
    await app.stop().catch(() => undefined);
  }
}
