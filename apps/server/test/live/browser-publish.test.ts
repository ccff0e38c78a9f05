import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { findFfmpeg } from '@app/media/binaries';
import { build } from '../../src/app';
import type { Ingest } from '../../src/modules/live/ingest/ingest.service';
import { coach, createEvent, eventId, type Person, type TeamsApp, videosApp } from './events-helpers';
import { eventState, segments, startTestIngest, waitFor } from './ingest-helpers';

let t: TeamsApp;
let ingest: Ingest;
let owner: Person;
let rival: Person;
let base: string;
let dir: string;
/** What a phone's MediaRecorder sends: WebM, VP8 + Opus, small clusters. */
let webm: Buffer;
const WEBM_SECONDS = 6;
const CHUNK_MS = 250;

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'bpcoach', 'Eagles');
  rival = await coach(t, 'bprival', 'Hawks');
  ingest = await startTestIngest(t);
  t.liveIngest.current = { host: '127.0.0.1', port: ingest.port };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  dir = await mkdtemp(path.join(os.tmpdir(), 'browser-publish-'));
  const file = path.join(dir, 'phone.webm');
  // -cluster_time_limit keeps clusters at MediaRecorder's 250 ms timeslice; a 1 s GOP like a browser's (its keyframes are rarer still).
  await promisify(execFile)(findFfmpeg().path, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', String(WEBM_SECONDS), '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1M', '-g', '30', '-c:a', 'libopus'],
    ...['-cluster_time_limit', String(CHUNK_MS), '-f', 'webm', file],
  ]);
  webm = await readFile(file);
});

afterAll(async () => {
  await ingest?.close();
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Socket {
  ws: WebSocket;
  /** Resolves at the server's `{"type":"ready"}`. */
  ready: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
}

function connect(key: string, who?: Person, server = base): Socket {
  const token = who?.headers.authorization?.replace(/^Bearer /, '');
  const ws = new WebSocket(`${server}/api/live/${key}/publish${token ? `?access_token=${encodeURIComponent(token)}` : ''}`);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const ready = new Promise<void>((resolve, reject) => {
    ws.on('message', (data, isBinary) => {
      if (!isBinary && (JSON.parse(data.toString()) as { type?: string }).type === 'ready') resolve();
    });
    void closed.then(({ code, reason }) => reject(new Error(`closed before ready: ${code} ${reason}`)));
  });
  ready.catch(() => undefined);
  return { ws, ready, closed };
}

/** Sends the WebM (its first `seconds`) as MediaRecorder would: one chunk every 250 ms, in real time. */
async function sendInRealTime(ws: WebSocket, bytes: Buffer, seconds = WEBM_SECONDS): Promise<void> {
  const chunks = Math.ceil((WEBM_SECONDS * 1000) / CHUNK_MS);
  const size = Math.ceil(bytes.length / chunks);
  const start = Date.now();
  for (let i = 0; i < Math.ceil((Math.min(seconds, WEBM_SECONDS) * 1000) / CHUNK_MS); i++) {
    ws.send(bytes.subarray(i * size, (i + 1) * size));
    const due = start + (i + 1) * CHUNK_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
  }
}

/** Waits for the event to end; its state then and its segment rows, checked to be numbered 0, 1, 2... */
async function endedWithSegments(id: string) {
  const ended = await waitFor('the event to end', async () => {
    const state = await eventState(t, id);
    return state.status === 'ended' && state;
  });
  const rows = await segments(t, id);
  expect(rows.map((row) => row.seq)).toEqual(rows.map((_, i) => i));
  return { ended, rows };
}

describe('GET /api/live/{key}/publish (WebSocket)', () => {
  it("packages the owner's browser stream like an encoder's: segments while it runs, the event ends after the close", async () => {
    const { key } = await createEvent(t, owner, { title: 'Phone game' });
    const id = await eventId(t, key);
    const socket = connect(key, owner);
    await socket.ready;

    // A second device on the same event is refused while the first publishes.
    const second = connect(key, owner);
    expect(await second.closed).toEqual({ code: 4409, reason: 'This event is already being streamed from another device.' });

    const sentAt = Date.now();
    const seen = new Map<number, number>();
    const note = async () => {
      for (const row of await segments(t, id)) if (!seen.has(row.seq)) seen.set(row.seq, Date.now());
    };
    let sent = false;
    const sending = sendInRealTime(socket.ws, webm).then(() => (sent = true));
    // Rows are noted as they show up while the browser sends (for the latency printed below).
    await waitFor('the browser to send it all', async () => (await note(), sent));
    await sending;
    // Packaged while the connection is open, not at its close: the rows are there and the event is live
    // before the socket closes (how many rows were ready during the sending depends on the machine's load).
    await waitFor('segments of the running stream', async () => (await note(), seen.size >= 3));
    expect((await eventState(t, id)).status).toBe('live');
    socket.ws.close(1000);
    expect((await socket.closed).code).toBe(1000);

    const { ended, rows } = await endedWithSegments(id);
    expect(ended.ended_at).not.toBeNull();
    const total = rows.reduce((sum, r) => sum + r.duration_sec, 0);
    expect(total).toBeGreaterThan(WEBM_SECONDS - 1.5);
    expect(total).toBeLessThan(WEBM_SECONDS + 1.5);
    for (const row of rows.slice(0, -1)) expect(row.duration_sec).toBeLessThan(1.2);
    if (process.env.MEASURE_LATENCY === '1') {
      // Capture -> row: the moment a segment's last frame was sent (in real time) to its row being visible.
      let mediaEnd = 0;
      for (const row of rows) {
        mediaEnd += row.duration_sec;
        const at = seen.get(row.seq);
        if (at !== undefined) process.stdout.write(`segment ${row.seq}: row ${at - (sentAt + mediaEnd * 1000)} ms after its last frame was sent\n`);
      }
    }
  });

  it("refuses another team's coach (4403), an unknown event (4404) and a missing or bad token (4401)", async () => {
    const { key } = await createEvent(t, owner, { title: 'Public game', public: true });
    expect(await connect(key, rival).closed).toEqual({ code: 4403, reason: 'Only the team that set up this event can go live on it.' });
    expect(await connect('no-such-event-key-0000', owner).closed).toEqual({ code: 4404, reason: 'Event not found.' });
    expect(await connect(key).closed).toEqual({ code: 4401, reason: 'Sign in to continue.' });
    const forged = { ...owner, headers: { ...owner.headers, authorization: 'Bearer not-a-token' } };
    expect((await connect(key, forged).closed).code).toBe(4401);
  });

  it('closes with 1011 when the ingest refuses the publish (an event ended long ago)', async () => {
    const { key } = await createEvent(t, owner, { title: 'Old game' });
    await t.sql(`UPDATE live_events SET status = 'ended', started_at = now() - interval '1 hour', ended_at = now() - interval '10 minutes' WHERE key = $1`, [key]);
    const socket = connect(key, owner);
    await socket.ready;
    // ffmpeg reaches the ingest once it has read the stream's header.
    socket.ws.send(webm);
    expect(await socket.closed).toEqual({ code: 1011, reason: 'The live stream stopped on the server (refused or unreadable video).' });
  });

  it('refuses with 4503 on a server that runs no ingest', async () => {
    const { key } = await createEvent(t, owner, { title: 'No ingest game' });
    const running = t.liveIngest.current;
    t.liveIngest.current = undefined;
    try {
      expect(await connect(key, owner).closed).toEqual({ code: 4503, reason: 'This server does not take live streams.' });
    } finally {
      t.liveIngest.current = running;
    }
  });
});

describe('an idle publish socket', () => {
  // The app's bound is IDLE_TIMEOUT_MS (10 s). A second app on the same runtime (database, ingest) has a
  // shorter one, so these tests do not wait that long and the tests above are not cut short by it.
  const IDLE_MS = 2000;
  const idleClose = { code: 4408, reason: 'No video arrived for 2 seconds: the live stream has stopped.' };
  let quiet: FastifyInstance;
  let quietBase: string;
  beforeAll(async () => {
    quiet = await build(t.config, t.runtime, { liveIngest: t.liveIngest, browserPublish: { idleTimeoutMs: IDLE_MS } });
    await quiet.listen({ port: 0, host: '127.0.0.1' });
    quietBase = `ws://127.0.0.1:${(quiet.server.address() as { port: number }).port}`;
  });
  afterAll(() => quiet?.close());

  it('is closed with 4408 when the video stops coming, and the event ends as after an encoder stop', async () => {
    const { key } = await createEvent(t, owner, { title: 'Frozen tab game' });
    const id = await eventId(t, key);
    const socket = connect(key, owner, quietBase);
    await socket.ready;
    // Half the game, then nothing (a tab frozen in the background, a phone gone without a close).
    await sendInRealTime(socket.ws, webm, WEBM_SECONDS / 2);
    expect(await socket.closed).toEqual(idleClose);

    // Its ffmpeg flushed what it had and left the ingest: what was sent is packaged and the event ended.
    const { ended, rows } = await endedWithSegments(id);
    expect(ended.started_at).not.toBeNull();
    expect(rows.reduce((sum, row) => sum + row.duration_sec, 0)).toBeGreaterThan(1);
  });

  it('is closed with 4408 when nothing at all comes after "ready", and its ffmpeg lets go of the event', async () => {
    const { key } = await createEvent(t, owner, { title: 'Silent phone game' });
    const id = await eventId(t, key);
    const socket = connect(key, owner, quietBase);
    await socket.ready;
    expect(await socket.closed).toEqual(idleClose);
    expect((await eventState(t, id)).status).toBe('upcoming');

    // The event is free again once the silent socket's ffmpeg has exited: another device may stream it.
    const next = await waitFor('another socket to be taken', async () => {
      const attempt = connect(key, owner, quietBase);
      return (await attempt.ready.then(() => true, () => false)) && attempt;
    });
    next.ws.close(1000);
    expect((await next.closed).code).toBe(1000);
  });
});
