import { spawn } from 'node:child_process';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '@app/media/binaries';
import type { Ingest } from '../../src/modules/live/ingest/ingest.service';
import { coach, videosApp, type TeamsApp } from '../videos/helpers';
import { eventState, insertEvent, publish, segments, startTestIngest, waitFor } from './ingest-helpers';

let t: TeamsApp;
let ingest: Ingest | undefined;

beforeAll(async () => {
  t = await videosApp();
  await coach(t, 'coach', 'Eagles');
});

afterAll(async () => {
  await ingest?.close();
  await t?.close();
});

describe('RTMP ingest across server restarts', () => {
  it('ends the events of a stopping server and resumes them when the encoder comes back', async () => {
    ingest = await startTestIngest(t);
    const event = await insertEvent(t, 'coach');
    const publisher = publish(ingest.port, event.ingestKey, { seconds: 30 });
    await waitFor('two segments', async () => (await segments(t, event.id)).length >= 2);
    await ingest.close();
    ingest = undefined;
    // Closed with its last segment stored: the archive is complete when close() returns.
    expect((await eventState(t, event.id)).status).toBe('ended');
    expect(await publisher.exited).not.toBe(0);
    const before = await segments(t, event.id);

    ingest = await startTestIngest(t);
    expect(await publish(ingest.port, event.ingestKey, { seconds: 3 }).exited).toBe(0);
    await waitFor('the event to end again', async () => (await eventState(t, event.id)).status === 'ended', 5000);
    const rows = await segments(t, event.id);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i));
    expect(rows.length).toBeGreaterThan(before.length + 1);
    expect(rows.filter((r) => r.discontinuity).map((r) => r.seq)).toEqual([before.length]);
    await ingest.close();
    ingest = undefined;
  });

  it('on start, ends a live event its crashed server left behind, and a new publish resumes it', async () => {
    const event = await insertEvent(t, 'coach', { status: 'live', lastSeenAt: new Date(Date.now() - 30_000) });
    await t.sql(
      `INSERT INTO live_segments (event_id, seq, storage_key, started_at_ms, duration_sec, byte_size) VALUES ($1, 0, 'demo/live/x/0.ts', $2, 1, 100)`,
      [event.id, Date.now() - 31_000],
    );
    ingest = await startTestIngest(t);
    const ended = await eventState(t, event.id);
    expect(ended.status).toBe('ended');
    expect(ended.ended_at).not.toBeNull();

    const publisher = publish(ingest.port, event.ingestKey, { seconds: 3 });
    await waitFor('the event to be live again', async () => (await eventState(t, event.id)).status === 'live');
    expect(await publisher.exited).toBe(0);
    await waitFor('the event to end', async () => (await eventState(t, event.id)).status === 'ended', 5000);
    const rows = await segments(t, event.id);
    expect(rows[1]).toMatchObject({ seq: 1, discontinuity: true });
    await ingest.close();
    ingest = undefined;
  });

  it('serves RTMP plays to this machine only', async () => {
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === 'IPv4')?.address;
    if (!outside) throw new Error('this test needs a network interface besides loopback');
    ingest = await startTestIngest(t, { host: '0.0.0.0' });
    const event = await insertEvent(t, 'coach');
    const publisher = publish(ingest.port, event.ingestKey, { seconds: 6 });
    await waitFor('the event to go live', async () => (await eventState(t, event.id)).status === 'live');
    const play = (host: string) =>
      new Promise<number | null>((resolve) => {
        const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-rw_timeout', '3000000', '-i', `rtmp://${host}:${ingest!.port}/live/${event.ingestKey}`, '-t', '1', '-f', 'null', '-'];
        spawn(findFfmpeg().path, args, { stdio: 'ignore' }).once('close', resolve);
      });
    expect(await play(outside)).not.toBe(0);
    expect(await play('127.0.0.1')).toBe(0);
    expect(await publisher.exited).toBe(0);
  });
});
