// Team talk for `npm run bench` (`npm run bench -- talk` runs only these). Two built servers on one
// embedded database (node 1 starts the cluster, node 2 joins it with DATABASE_URL), a coach and
// member athletes in one team:
// - post -> event in another user's open `GET /api/updates` stream, p50/p95, on one node and across
//   the two, beside PostgreSQL's own NOTIFY -> LISTEN round trip measured in the same run
//   (targets p95 < 1 s and < 2 s);
// - N open streams in node 1 (BENCH_TALK_STREAMS, default 10,000, spread over the members) and one
//   update fanned out to all of them: p50/p95 from the write to each stream's receipt and the
//   server's memory per stream, beside a bare node:http SSE server holding as many streams
//   (target fan-out p95 < 2 s);
// - `GET /api/team/board?limit=20` and `GET /api/team/activity?limit=20` with autocannon, each right
//   after the bare Fastify route of the read benchmarks (targets >= 2,000 req/s, p99 < 50 ms, >= 30%
//   of bare).
// The post goes through `POST /api/team/board` when the server has it; otherwise it is written as
// recordUpdate writes it (lock, insert, NOTIFY in one transaction) and the output says so.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import { at } from './lib/paths.mjs';
import { benchCoach, startApp, tempDataDir } from './lib/bench-app.mjs';
import { fetchWithin, within } from './lib/bounded.mjs';
import { rssMiB } from './lib/proc-stats.mjs';
import { databaseUrl, load, startBare } from './bench-reads.mjs';

const STREAMS = Number(process.env.BENCH_TALK_STREAMS ?? 10_000);
const MEMBERS = 20;
const SAMPLES = Number(process.env.BENCH_TALK_SAMPLES ?? 40);
const FANOUT_ROUNDS = 3;
const OPEN_CONCURRENCY = 100;
// recordUpdate's lock (modules/updates/record-update.ts): the SQL fallback orders its ids the same way.
const TEAM_UPDATES_LOCK = 2_113_021;

const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};
const ms = (x) => `${x.toFixed(1)} ms`;
const label = (text) => `  ${text}`.padEnd(76);
const spread = (xs) => `p50 ${ms(percentile(xs, 0.5)).padStart(9)}  p95 ${ms(percentile(xs, 0.95)).padStart(9)}`;

/** A member athlete: signed up, registered, in the coach's team; returns its access token. */
async function member(baseUrl, tenantId, username) {
  const post = (url, body, token) =>
    fetchWithin(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
  const created = await post(`/v0/tenants/${tenantId}/auth/create`, { email: `${username}@example.com`, username, password: 'bench-password-1' });
  if (created.status !== 201) throw new Error(`sign-up failed: ${created.text()}`);
  const token = created.json().tokens.access.value;
  const me = await post('/api/user/me', { username, type: 'athlete' }, token);
  if (!me.ok) throw new Error(`registration failed: ${me.text()}`);
  return token;
}

/**
 * A server-sent event stream on a raw socket (thousands of them cost the bench little): resolves once
 * the stream is open (its first frame); `onChunk` then sees what arrives, with the previous tail so a
 * marker split across two reads is still found.
 */
function rawStream(port, path, token, onChunk) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${token ? `Authorization: Bearer ${token}\r\n` : ''}\r\n`);
    let head = '';
    let open = false;
    let tail = '';
    socket.on('data', (chunk) => {
      const text = chunk.toString('latin1');
      if (!open) {
        head += text;
        if (!head.startsWith('HTTP/1.1 200')) {
          if (head.includes('\r\n\r\n')) reject(new Error(`GET ${path}: ${head.split('\r\n')[0]} ${head.split('\r\n\r\n')[1]}`));
          return;
        }
        if (!/\nid: \d+\n/.test(head)) return;
        open = true;
        resolve(socket);
        return;
      }
      onChunk(tail + text);
      tail = text.slice(-80);
    });
    socket.once('error', reject);
  });
}

/** Opens `count` streams, `OPEN_CONCURRENCY` at a time; `onChunk(i, text)`. */
async function openMany(count, open) {
  const sockets = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        sockets[i] = await open(i);
      }
    }),
  );
  return sockets;
}

/** `rounds` times: a new marker sent with `fire(marker)`, timed to its arrival in every stream (`marking` records those). */
async function fanOut(sockets, marks, fire, rounds = FANOUT_ROUNDS) {
  const times = [];
  for (let round = 0; round < rounds; round++) {
    const marker = `fan-${round}-${Date.now()}`;
    let left = sockets.length;
    const done = new Promise((resolve) => {
      marks.current = { marker, at: new Array(sockets.length).fill(null), arrived: () => --left === 0 && resolve() };
    });
    const start = performance.now();
    await fire(marker);
    await within(`the update to reach ${sockets.length} streams`, 120_000, done);
    for (const t of marks.current.at) times.push(t - start);
  }
  return times;
}

/** A chunk handler for `fanOut`: stream `i` records when the current marker first reaches it. */
const marking = (marks) => (i, text) => {
  const current = marks.current;
  if (current && current.at[i] === null && text.includes(current.marker)) {
    current.at[i] = performance.now();
    current.arrived();
  }
};

async function notifyRoundTrip(pg, url) {
  const listener = new pg.Client({ connectionString: url });
  const sender = new pg.Client({ connectionString: url });
  await listener.connect();
  await sender.connect();
  try {
    await listener.query('LISTEN bench_round_trip');
    const times = [];
    for (let i = 0; i < SAMPLES; i++) {
      const arrived = new Promise((resolve) => listener.once('notification', resolve));
      const start = performance.now();
      await sender.query(`SELECT pg_notify('bench_round_trip', $1)`, [String(i)]);
      await arrived;
      times.push(performance.now() - start);
    }
    return times;
  } finally {
    await listener.end();
    await sender.end();
  }
}

export async function talkBenchmarks() {
  const { default: pg } = await import('pg');
  const { default: autocannon } = await import('autocannon');
  console.log(`\nTeam talk (GET /api/updates; ${STREAMS.toLocaleString('en')} streams in one process; board and activity reads):`);
  const dataDir = await tempDataDir();
  const dataDir2 = await tempDataDir();
  // Nodes of one deployment share the key that encrypts the signing keys and the public URL (the tokens' issuer).
  const env = { AUTH_RATE_LIMIT: '100000', INGEST: '0', KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'), PUBLIC_URL: 'http://talk.bench.test' };
  const node1 = await startApp([at('apps/server/dist/main.js')], dataDir, env);
  let node2;
  let bare;
  const url = await databaseUrl(dataDir);
  const db = new pg.Client({ connectionString: url });
  const sockets = [];
  try {
    await db.connect();
    node2 = await startApp([at('apps/server/dist/main.js')], dataDir2, { ...env, DATABASE_URL: url, WORKERS: '0' });
    const coach = await benchCoach(node1.baseUrl);
    const { tenantId } = (await fetchWithin(`${node1.baseUrl}/api/config`)).json();
    const {
      rows: [team],
    } = await db.query(`SELECT c.id, c.tenant_id FROM channels c JOIN users u ON u.id = c.owner_user_id WHERE u.username = 'bench_coach'`);
    const tokens = [];
    for (let i = 0; i < MEMBERS; i++) tokens.push(await member(node1.baseUrl, tenantId, `bench_member_${i}`));
    await db.query(`INSERT INTO channel_members (channel_id, user_id) SELECT $1, id FROM users WHERE username LIKE 'bench\\_member\\_%'`, [team.id]);

    // A post: through the board route when this server has it, else as recordUpdate writes it.
    const board = await fetchWithin(`${node1.baseUrl}/api/team/board`, {
      method: 'POST',
      headers: { authorization: await coach.auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Bench warm-up' }),
    });
    const viaBoard = board.status === 201;
    const post = async (marker) => {
      if (viaBoard) return coach.api('POST', '/api/team/board', { subject: '', message: marker });
      await db.query('BEGIN');
      await db.query('SELECT pg_advisory_xact_lock($1)', [TEAM_UPDATES_LOCK]);
      const { rows } = await db.query(`INSERT INTO team_updates (tenant_id, channel_id, kind, data) VALUES ($1, $2, 'delete', $3) RETURNING id`, [
        team.tenant_id,
        team.id,
        JSON.stringify({ _id: marker, kind: 'board' }),
      ]);
      await db.query(`SELECT pg_notify('team_update', $1)`, [String(rows[0].id)]);
      await db.query('COMMIT');
    };
    const how = viaBoard ? 'through POST /api/team/board' : 'written as recordUpdate does (POST /api/team/board is not on this server)';

    // Post -> event in another user's stream, one node and across two.
    const baseline = await notifyRoundTrip(pg, url);
    console.log(`${label('PostgreSQL NOTIFY -> LISTEN round trip (baseline)')} ${spread(baseline)}`);
    for (const [name, reader] of [
      ['one node', node1],
      ['two nodes (post on 1, stream on 2)', node2],
    ]) {
      const marks = { current: null };
      const socket = await rawStream(reader.port, '/api/updates', tokens[0], (text) => marking(marks)(0, text));
      sockets.push(socket);
      const times = await fanOut([socket], marks, post, SAMPLES);
      socket.destroy();
      console.log(`${label(`post -> event in another user's stream, ${name}`)} ${spread(times)}   target p95 < ${reader === node1 ? '1 s' : '2 s'}`);
    }
    console.log(`  (posts ${how}; ${SAMPLES} posts each, one at a time)`);

    // Fan-out: the bare SSE server first, then node 1, each holding STREAMS streams.
    bare = await startBare({}, at('scripts/lib/bench-bare-sse.mjs'));
    const barePort = Number(new URL(bare.url).port);
    const bareMarks = { current: null };
    const bareRssBefore = rssMiB(bare.pid);
    const bareSockets = await openMany(STREAMS, (i) => rawStream(barePort, '/sse', null, (text) => marking(bareMarks)(i, text)));
    const bareRss = (rssMiB(bare.pid) - bareRssBefore) / STREAMS;
    const bareTimes = await fanOut(bareSockets, bareMarks, (marker) => fetch(`http://127.0.0.1:${barePort}/fire?marker=${marker}`).then((r) => r.text()));
    for (const s of bareSockets) s.destroy();
    await bare.stop();
    bare = undefined;

    const marks = { current: null };
    const rssBefore = rssMiB(node1.pid);
    const openedAt = performance.now();
    const streams = await openMany(STREAMS, (i) => rawStream(node1.port, '/api/updates', tokens[i % MEMBERS], (text) => marking(marks)(i, text)));
    sockets.push(...streams);
    const openSeconds = (performance.now() - openedAt) / 1000;
    const perStream = (rssMiB(node1.pid) - rssBefore) / STREAMS;
    const times = await fanOut(streams, marks, (marker) => post(marker));
    console.log(`${label(`bare node:http SSE, ${STREAMS} streams, one frame to all (baseline)`)} ${spread(bareTimes)}   memory ${(bareRss * 1024).toFixed(1)} KiB/stream`);
    console.log(
      `${label(`GET /api/updates, ${STREAMS} streams of ${MEMBERS} members, one post to all`)} ${spread(times)}   memory ${(perStream * 1024).toFixed(1)} KiB/stream   target p95 < 2 s` +
        `  (opened in ${openSeconds.toFixed(1)} s; ${FANOUT_ROUNDS} posts)`,
    );
    for (const s of streams) s.destroy();

    // Board and activity reads beside the bare route.
    const reads = ['/api/team/board?limit=20', '/api/team/activity?limit=20'];
    const probe = await Promise.all(reads.map((r) => fetchWithin(`${node1.baseUrl}${r}`, { headers: { authorization: `Bearer ${tokens[0]}` } })));
    if (probe.some((r) => r.status === 404)) {
      console.log(`  board and activity reads: need the board routes (GET ${reads.join(', GET ')} answer 404 on this server)`);
    } else {
      for (let i = 0; i < 20; i++) await post(`Bench post ${i}`);
      const { rows } = await db.query(`SELECT id FROM users WHERE username = 'bench_coach'`);
      bare = await startBare({ DATABASE_URL: url, USER_ID: String(rows[0].id) });
      const headers = { authorization: await coach.auth() };
      await autocannon({ url: bare.url, connections: 50, duration: 2 });
      await autocannon({ url: `${node1.baseUrl}${reads[0]}`, connections: 50, duration: 2, headers });
      for (const read of reads) {
        const base = await load(autocannon, bare.url, undefined, bare.pid);
        const r = await load(autocannon, `${node1.baseUrl}${read}`, headers, node1.pid);
        console.log(
          `  GET ${read.padEnd(46)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ${((r.rps / base.rps) * 100).toFixed(0).padStart(3)}% of bare` +
            `  (bare ${base.rps.toFixed(0)} req/s, p99 ${base.p99} ms)`,
        );
      }
      console.log('  target >= 2,000 req/s, p99 < 50 ms, >= 30% of the bare route');
    }
  } finally {
    for (const s of sockets) s.destroy();
    await bare?.stop().catch(() => undefined);
    await db.end().catch(() => undefined);
    await node2?.stop().catch(() => undefined);
    await node1.stop().catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(dataDir2, { recursive: true, force: true });
  }
}
