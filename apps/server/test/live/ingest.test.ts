import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '@app/media/probe';
import { runFfmpeg } from '@app/media/run-ffmpeg';
import type { PublishListener } from '../../src/modules/live/ingest/ingest-sessions';
import type { Ingest } from '../../src/modules/live/ingest/ingest.service';
import { coach, videosApp, type TeamsApp } from '../videos/helpers';
import { eventState, insertEvent, publish, segments, sha256, startTestIngest, waitFor } from './ingest-helpers';

let t: TeamsApp;
let ingest: Ingest;
// One RTMP server per process (node-media-server keeps module state): a test sets its listener here.
let publishListener: PublishListener | undefined;

beforeAll(async () => {
  t = await videosApp();
  await coach(t, 'coach', 'Eagles');
  ingest = await startTestIngest(t, { onPublish: (publish) => publishListener?.(publish) ?? { stop: async () => undefined } });
});

afterAll(async () => {
  await ingest?.close();
  await t?.close();
});

describe('RTMP ingest', () => {
  it('packages a publish into 1 s segments in Storage, with rows and notifications, live at once and ended at the stop', async () => {
    const event = await insertEvent(t, 'coach');
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    const notified: string[] = [];
    listener.on('notification', (n) => notified.push(n.payload ?? ''));
    await listener.query('LISTEN live_segment');
    try {
      const publishedAt = Date.now();
      const publisher = publish(ingest.port, event.ingestKey, { seconds: 6 });
      const live = await waitFor('the event to go live', async () => {
        const state = await eventState(t, event.id);
        return state.status === 'live' && state;
      });
      expect(Math.abs(live.started_at!.getTime() - publishedAt)).toBeLessThan(1500);
      expect(await publisher.exited).toBe(0);
      const ended = await waitFor('the event to end', async () => {
        const state = await eventState(t, event.id);
        return state.status === 'ended' && state;
      }, 5000);

      const rows = await segments(t, event.id);
      expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i));
      expect(rows.length).toBeGreaterThanOrEqual(5);
      expect(rows.length).toBeLessThanOrEqual(7);
      // A segment closes at a keyframe; the first also holds the audio before the first frame (B-frame delay).
      for (const row of rows.slice(0, -1)) {
        expect(row.duration_sec).toBeGreaterThan(0.95);
        expect(row.duration_sec).toBeLessThan(1.1);
      }
      expect(rows.every((r) => !r.discontinuity)).toBe(true);
      // Program date-time follows the wall clock: each segment starts where the one before ended.
      expect(Math.abs(rows[0]!.started_at_ms - publishedAt)).toBeLessThan(1500);
      for (let i = 1; i < rows.length; i++) {
        expect(rows[i]!.started_at_ms - rows[i - 1]!.started_at_ms).toBeCloseTo(rows[i - 1]!.duration_sec * 1000, -2);
      }
      expect(ended.ended_at!.getTime()).toBeGreaterThanOrEqual(rows.at(-1)!.started_at_ms);
      for (const row of rows) {
        expect(row.storage_key).toBe(`demo/live/${event.id}/${row.seq}.ts`);
        expect((await t.runtime.storage.head(row.storage_key))?.size).toBe(row.byte_size);
      }
      await waitFor('every notification', async () => notified.length === rows.length);
      expect(notified).toEqual(rows.map((r) => `${event.id}:${r.seq}`));
    } finally {
      await listener.end();
    }
  });

  it('ends the event of a publisher that stays connected but sends nothing, and lets the encoder back in', async () => {
    const event = await insertEvent(t, 'coach');
    const publisher = publish(ingest.port, event.ingestKey, { seconds: 30 });
    try {
      await waitFor('the event to go live', async () => (await eventState(t, event.id)).status === 'live');
      publisher.freeze();
      await waitFor('the event to end', async () => (await eventState(t, event.id)).status === 'ended', 10_000);
      const before = (await segments(t, event.id)).length;
      expect(before).toBeGreaterThan(0);
      // The silent connection was dropped, so the key is free while that encoder is still frozen.
      expect(await publish(ingest.port, event.ingestKey, { seconds: 3 }).exited).toBe(0);
      await waitFor('the event to end again', async () => (await eventState(t, event.id)).status === 'ended', 5000);
      expect((await segments(t, event.id)).filter((r) => r.discontinuity).map((r) => r.seq)).toEqual([before]);
    } finally {
      publisher.kill();
    }
  });

  it('copies H.264/AAC as is and encodes anything else, and H.264 no browser plays, to H.264 High/AAC', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ingest-'));
    try {
      for (const codecs of ['h264', 'h264-444', 'legacy'] as const) {
        const event = await insertEvent(t, 'coach');
        const publisher = publish(ingest.port, event.ingestKey, { seconds: 3, codecs });
        expect(await publisher.exited).toBe(0);
        await waitFor('the event to end', async () => (await eventState(t, event.id)).status === 'ended', 5000);
        const [first] = await segments(t, event.id);
        const file = path.join(dir, `${codecs}.ts`);
        const { body } = await t.runtime.storage.getStream(first!.storage_key);
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        await writeFile(file, Buffer.concat(chunks));
        // The ffprobe shipped on npm (4.1) crashes on MPEG-TS; the same streams in MP4 it reads.
        const mp4 = path.join(dir, `${codecs}.mp4`);
        await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-i', file, '-c', 'copy', mp4]);
        const info = await probe(mp4);
        expect([info.video?.codec, info.video?.profile, info.audio?.codec], codecs).toEqual(['h264', 'High', 'aac']);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a wrong key, a revoked key and a key of a game that ended more than 120 s ago', async () => {
    const revoked = await insertEvent(t, 'coach');
    await t.sql(`UPDATE live_events SET ingest_key_hash = $2 WHERE id = $1`, [revoked.id, sha256('a new key')]);
    const over = await insertEvent(t, 'coach', { status: 'ended', endedAt: new Date(Date.now() - 121_000) });
    const before = await t.sql(`SELECT id, status, ended_at, last_seen_at FROM live_events ORDER BY id`);
    for (const key of [randomBytes(32).toString('base64url'), revoked.ingestKey, over.ingestKey]) {
      const publisher = publish(ingest.port, key, { seconds: 5 });
      expect(await publisher.exited).not.toBe(0);
    }
    expect(await t.sql(`SELECT id, status, ended_at, last_seen_at FROM live_events ORDER BY id`)).toEqual(before);
    expect(await segments(t, revoked.id)).toEqual([]);
    expect(await segments(t, over.id)).toEqual([]);
  });

  it('refuses a second publisher while the first goes on', async () => {
    const event = await insertEvent(t, 'coach');
    const first = publish(ingest.port, event.ingestKey, { seconds: 7 });
    await waitFor('the event to go live', async () => (await eventState(t, event.id)).status === 'live');
    const second = publish(ingest.port, event.ingestKey, { seconds: 5 });
    expect(await second.exited).not.toBe(0);
    const atRefusal = (await segments(t, event.id)).length;
    await waitFor('more segments from the first publisher', async () => (await segments(t, event.id)).length > atRefusal + 1);
    expect(await first.exited).toBe(0);
    await waitFor('the event to end', async () => (await eventState(t, event.id)).status === 'ended', 5000);
    expect((await segments(t, event.id)).some((r) => r.discontinuity)).toBe(false);
  });

  it('continues the same event after a reconnect within 120 s, marking the discontinuity', async () => {
    const event = await insertEvent(t, 'coach');
    expect(await publish(ingest.port, event.ingestKey, { seconds: 3 }).exited).toBe(0);
    await waitFor('the event to end', async () => (await eventState(t, event.id)).status === 'ended', 5000);
    const firstRun = await segments(t, event.id);
    const firstStart = (await eventState(t, event.id)).started_at;

    const again = publish(ingest.port, event.ingestKey, { seconds: 3 });
    await waitFor('the event to be live again', async () => {
      const state = await eventState(t, event.id);
      return state.status === 'live' && state.ended_at === null;
    });
    expect(await again.exited).toBe(0);
    await waitFor('the event to end again', async () => (await eventState(t, event.id)).status === 'ended', 5000);
    const rows = await segments(t, event.id);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i));
    expect(rows.filter((r) => r.discontinuity).map((r) => r.seq)).toEqual([firstRun.length]);
    expect((await eventState(t, event.id)).started_at).toEqual(firstStart);
    expect(rows[firstRun.length]!.started_at_ms).toBeGreaterThan(firstRun.at(-1)!.started_at_ms + 1000);
  });
});

describe('publish listeners (the auto highlights hook)', () => {
  it('are told of each publish with the loopback pull and the clock of its segments, can read its audio on that clock, and stop after the event ended', async () => {
    const { loudnessSamples } = await import('@app/media/cheers/run-loudness');
    const event = await insertEvent(t, 'coach');
    const calls: { inputUrl: string; anchorMs: number; statusAtStop?: string }[] = [];
    // The readings' times, on the publisher's clock like the segments' (the listener reads with -copyts).
    const times: number[] = [];
    publishListener = ({ event: e, inputUrl, anchorMs }) => {
        const call: (typeof calls)[number] = { inputUrl, anchorMs };
        calls.push(call);
        const controller = new AbortController();
        const reading = (async () => {
          try {
            for await (const sample of loudnessSamples(inputUrl, { signal: controller.signal, stallTimeoutSec: 3 })) {
              times.push(sample.t);
            }
          } catch {
            // the stream ended or we stopped it
          }
        })();
        return {
          async stop() {
            call.statusAtStop = (await eventState(t, e.id)).status;
            controller.abort();
            await reading;
          },
        };
    };
    try {
      const publisher = publish(ingest.port, event.ingestKey, { seconds: 6 });
      expect(await publisher.exited).toBe(0);
      await waitFor('the listener to stop', async () => calls[0]?.statusAtStop !== undefined, 10_000);
      const rows = await segments(t, event.id);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.inputUrl).toBe(`rtmp://127.0.0.1:${ingest.port}/live/${event.ingestKey}`);
      expect(Math.abs(calls[0]!.anchorMs - rows[0]!.started_at_ms)).toBeLessThan(1500);
      expect(calls[0]!.statusAtStop).toBe('ended');
      expect(times.length).toBeGreaterThan(10);
      // The last reading ends where the last segment ends. On the pull's own clock (no -copyts) it would
      // end earlier by the time the pull joined after the publish started (a second or more).
      const last = rows.at(-1)!;
      const streamEndSec = (last.started_at_ms + last.duration_sec * 1000 - calls[0]!.anchorMs) / 1000;
      expect(Math.abs(Math.max(...times) - streamEndSec)).toBeLessThan(0.5);
    } finally {
      publishListener = undefined;
    }
  });
});
