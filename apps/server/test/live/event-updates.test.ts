import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEventUpdate } from '@app/contracts/live';
import { athlete, call, coach, createEvent, eventId, joinTeam, pathOf, setStatus, type Person, type TeamsApp, videosApp } from './events-helpers';
import { addSegment, liveSegmentFiles } from './playback-helpers';

let t: TeamsApp;
let base: string;
let dir: string;
let owner: Person;
let mate: Person;
let rival: Person;

/** A server-sent events stream read over real HTTP: its `update` events in order, awaited one by one. */
async function openUpdates(key: string, headers: Record<string, string>, query = '') {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/live/${key}/updates${query}`, { headers: { 'accept-encoding': 'gzip, br', ...headers }, signal: controller.signal });
  const received: LiveEventUpdate[] = [];
  // Wakes `next()` when something arrives (a holder: the closure below assigns it).
  const waiting: { wake: (() => void) | null } = { wake: null };
  let ended = false;
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let text = '';
      try {
        for await (const chunk of res.body!) {
          text += decoder.decode(chunk as Uint8Array, { stream: true });
          let end: number;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            if (/^event: update$/m.test(block)) received.push(JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as LiveEventUpdate);
            waiting.wake?.();
          }
        }
      } catch {
        // Aborted by the test.
      }
      ended = true;
      waiting.wake?.();
    })();
  }
  let read = 0;
  return {
    res,
    /** The next update (waits for it), or null when the stream ended first. */
    async next(): Promise<LiveEventUpdate | null> {
      while (read >= received.length && !ended) await new Promise<void>((resolve) => (waiting.wake = resolve));
      return read < received.length ? received[read++]! : null;
    },
    close: () => controller.abort(),
  };
}

beforeAll(async () => {
  t = await videosApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  dir = await mkdtemp(path.join(os.tmpdir(), 'event-updates-'));
  owner = await coach(t, 'upcoach', 'Lions');
  mate = await athlete(t, 'upmate');
  await joinTeam(t, 'upcoach', 'upmate');
  rival = await coach(t, 'uprival', 'Tigers');
});

afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('GET /api/live/{key}/updates', () => {
  it('pushes the status at once and at each change, and the viewers as they come, uncompressed', async () => {
    const { key } = await createEvent(t, owner, { title: 'Lions vs Bears' });
    const owners = await openUpdates(key, owner.headers);
    expect(owners.res.status).toBe(200);
    expect(owners.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(owners.res.headers.get('content-encoding')).toBeNull();
    expect(owners.res.headers.get('cache-control')).toBe('no-cache, no-transform');
    try {
      expect(await owners.next()).toEqual({ status: 'upcoming', viewers: 0 });

      await setStatus(t, key, 'live');
      expect(await owners.next()).toEqual({ status: 'live', viewers: 0 });

      // A teammate starts playing: the playlist request counts them.
      const [file] = await liveSegmentFiles(dir, 1);
      await addSegment(t, { id: await eventId(t, key), key, tenantId: 'demo' }, 0, file!, { startedAtMs: Date.now() });
      const source = (await call(t, 'GET', `/api/live/${key}`, mate.headers)).json().source as string;
      expect((await t.app.inject({ method: 'GET', url: pathOf(source) })).statusCode).toBe(200);
      expect(await owners.next()).toEqual({ status: 'live', viewers: 1 });

      // A page that (re)connects gets the state as it is now, token in the query (EventSource sends no headers).
      const token = mate.headers.authorization!.slice('Bearer '.length);
      const mates = await openUpdates(key, {}, `?access_token=${encodeURIComponent(token)}`);
      expect(await mates.next()).toEqual({ status: 'live', viewers: 1 });

      await setStatus(t, key, 'ended');
      expect(await owners.next()).toEqual({ status: 'ended', viewers: 0 });
      expect(await mates.next()).toEqual({ status: 'ended', viewers: 0 });
      mates.close();
    } finally {
      owners.close();
    }
  });

  it('is for those who may see the event, and ends when the event is deleted', async () => {
    const { key } = await createEvent(t, owner, { title: 'Lions scrimmage', date: '2031-01-01T10:00:00Z' });
    const rivals = await openUpdates(key, rival.headers);
    expect(rivals.res.status).toBe(404);
    expect(((await rivals.res.json()) as { message: string }).message).toBe('Event not found.');
    expect((await openUpdates(key, {})).res.status).toBe(401);
    expect((await openUpdates(key, {}, '?access_token=forged')).res.status).toBe(401);

    const mates = await openUpdates(key, mate.headers);
    expect(await mates.next()).toEqual({ status: 'upcoming', viewers: 0 });
    await t.sql(`DELETE FROM live_events WHERE key = $1`, [key]);
    expect(await mates.next()).toBeNull();
  });
});
