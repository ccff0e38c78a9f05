import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ingest } from '../../src/modules/live/ingest/ingest.service';
import type { Storage } from '../../src/storage/storage';
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

/** The real Storage, except that stores under `prefix` wait until `release()`. */
function heldStorage(storage: Storage, prefix: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  const wrapped = new Proxy(storage, {
    get(target, name, receiver) {
      if (name !== 'putFile') return Reflect.get(target, name, receiver) as unknown;
      return async (...args: Parameters<Storage['putFile']>) => {
        if (args[0].startsWith(prefix)) {
          held += 1;
          await gate;
        }
        return target.putFile(...args);
      };
    },
  });
  return { storage: wrapped, release, held: () => held };
}

describe('RTMP ingest with a slow Storage', () => {
  it('keeps packaging while one stream waits for Storage, and the other stream is not held up', async () => {
    const slow = await insertEvent(t, 'coach');
    const fast = await insertEvent(t, 'coach');
    const held = heldStorage(t.runtime.storage, `demo/live/${slow.id}/`);
    ingest = await startTestIngest(t, { storage: held.storage });
    const slowPublisher = publish(ingest.port, slow.ingestKey, { seconds: 5 });
    const fastPublisher = publish(ingest.port, fast.ingestKey, { seconds: 5 });

    expect(await fastPublisher.exited).toBe(0);
    expect(await slowPublisher.exited).toBe(0);
    await waitFor('the other stream to end', async () => (await eventState(t, fast.id)).status === 'ended', 5000);
    expect((await segments(t, fast.id)).length).toBeGreaterThanOrEqual(4);
    // Nothing of the held stream is in yet, and it is not ended while its segments wait.
    expect(held.held()).toBe(1);
    expect(await segments(t, slow.id)).toEqual([]);
    expect((await eventState(t, slow.id)).status).toBe('upcoming');

    held.release();
    await waitFor('the held stream to end', async () => (await eventState(t, slow.id)).status === 'ended', 5000);
    const rows = await segments(t, slow.id);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i));
    expect(rows.some((r) => r.discontinuity)).toBe(false);
    // Each segment keeps the wall clock of its capture, not of its late arrival in Storage.
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.started_at_ms - rows[i - 1]!.started_at_ms).toBeCloseTo(rows[i - 1]!.duration_sec * 1000, -2);
    await ingest.close();
    ingest = undefined;
  });

  it('drops the oldest waiting segment when Storage falls too far behind, and marks the gap', async () => {
    const event = await insertEvent(t, 'coach');
    const held = heldStorage(t.runtime.storage, `demo/live/${event.id}/`);
    ingest = await startTestIngest(t, { storage: held.storage, maxQueuedSegments: 2 });
    expect(await publish(ingest.port, event.ingestKey, { seconds: 6 }).exited).toBe(0);
    // One segment is being stored, two wait, the ones between were dropped.
    expect(held.held()).toBe(1);
    held.release();
    await waitFor('the event to end', async () => (await eventState(t, event.id)).status === 'ended', 5000);
    const rows = await segments(t, event.id);
    expect(rows.map((r) => [r.seq, r.discontinuity])).toEqual([
      [0, false],
      [1, true],
      [2, false],
    ]);
    // The gap shows in the wall clock: the rows after it start seconds after the first one ended.
    expect(rows[1]!.started_at_ms - rows[0]!.started_at_ms).toBeGreaterThan(2500);
    for (const row of rows) expect(await t.runtime.storage.head(row.storage_key)).not.toBeNull();
    await ingest.close();
    ingest = undefined;
  });
});
