import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveStream } from '@app/contracts/live';
import {
  athlete,
  call,
  channelId,
  coach,
  createEvent,
  eventId,
  expectError,
  joinTeam,
  makeEditor,
  person,
  setStatus,
  subscribe,
  userId,
  videosApp,
  type Person,
  type TeamsApp,
} from './events-helpers';

let t: TeamsApp;
let owner: Person;
let mate: Person;
let rival: Person;
let fan: Person;
let payingFan: Person;
let eagle: Person;

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'evcoach', 'Eagles');
  mate = await athlete(t, 'evmate');
  await joinTeam(t, 'evcoach', 'evmate');
  rival = await coach(t, 'evrival', 'Hawks');
  fan = await person(t, 'evfan', { type: 'fan' });
  payingFan = await person(t, 'evpayer', { type: 'fan' });
  await subscribe(t, payingFan, 'fan');
  eagle = await coach(t, 'evother', 'Others', { other: true });
});
afterAll(() => t?.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Eagles vs Hawks',
  date: '2031-01-01T18:00:00.000Z',
  type: 'BBK',
  thumbnail: '',
  public: false,
  ...overrides,
});

describe('POST /api/events', () => {
  it('creates an event of the team channel with a public key and a secret ingest key stored as a hash and a sealed box', async () => {
    const res = await call(t, 'POST', '/api/events', owner.headers, body({ title: 'Opening night', type: 'iho', public: true }));
    expect(res.statusCode, res.body).toBe(201);
    const { key, ingestKey } = res.json() as { key: string; ingestKey: string };
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(ingestKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.sql<Record<string, unknown>>(`SELECT * FROM live_events WHERE key = $1`, [key]);
    expect(row).toMatchObject({
      owner_user_id: await userId(t, 'evcoach'),
      channel_id: await channelId(t, 'evcoach'),
      title: 'Opening night',
      sport: 'IHK',
      is_public: true,
      status: 'upcoming',
      ingest_key_hash: createHash('sha256').update(ingestKey).digest('hex'),
    });
    expect(row!.ingest_key_box).not.toContain(ingestKey);
    expect((row!.starts_at as Date).toISOString()).toBe('2031-01-01T18:00:00.000Z');
  });

  it('answers 409 with the product text when the owner already has the game (same title, same start)', async () => {
    await createEvent(t, owner, { title: 'Twice', date: '2031-02-01T18:00:00Z' });
    expectError(await call(t, 'POST', '/api/events', owner.headers, body({ title: 'Twice', date: '2031-02-01T18:00:00Z' })), 409, 'Username already exists');
    // Another start is another game.
    expect((await call(t, 'POST', '/api/events', owner.headers, body({ title: 'Twice', date: '2031-02-08T18:00:00Z' }))).statusCode).toBe(201);
  });

  it('is for team accounts only', async () => {
    expectError(await call(t, 'POST', '/api/events', mate.headers, body()), 403, 'Only a team subscription can set up live streams.');
    expectError(await call(t, 'POST', '/api/events', payingFan.headers, body()), 403, 'Only a team subscription can set up live streams.');
    expectError(await call(t, 'POST', '/api/events', {}, body()), 401);
  });

  it.each([
    [{ title: '' }, 'body.title: Event title is required'],
    [{ title: undefined }, 'body.title: Event title is required'],
    [{ date: '' }, 'body.date: Event date is required'],
    [{ date: 'next tuesday-ish' }, 'body.date: Invalid date format'],
    [{ type: '' }, 'body.type: Sport is required'],
    [{ type: 'XYZ' }, 'body.type: Sport is required'],
    [{ public: 'yes' }, 'body.public: public must be true or false'],
  ])('refuses %j with the field and the form message', async (change, message) => {
    expectError(await call(t, 'POST', '/api/events', owner.headers, body(change)), 400, message);
  });
});

describe('ingest keys', () => {
  it('shows the key to its owner only and a new key revokes the old one at once', async () => {
    const { key, ingestKey } = await createEvent(t, owner, { title: 'Keys game' });
    const read = await call(t, 'GET', `/api/events/${key}/ingest`, owner.headers);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ ingestKey });

    for (const who of [mate, rival, payingFan, eagle]) {
      expectError(await call(t, 'GET', `/api/events/${key}/ingest`, who.headers), 404, 'Event not found.');
      expectError(await call(t, 'POST', `/api/events/${key}/ingest`, who.headers), 404, 'Event not found.');
    }
    expectError(await call(t, 'GET', `/api/events/${key}/ingest`), 401);
    expectError(await call(t, 'POST', `/api/events/${key}/ingest`), 401);

    const rotated = await call(t, 'POST', `/api/events/${key}/ingest`, owner.headers);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().ingestKey as string;
    expect(fresh).not.toBe(ingestKey);
    const hashes = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM live_events WHERE ingest_key_hash = $1`, [
      createHash('sha256').update(ingestKey).digest('hex'),
    ]);
    expect(hashes[0]!.n).toBe(0);
    const [row] = await t.sql<{ ingest_key_hash: string }>(`SELECT ingest_key_hash FROM live_events WHERE key = $1`, [key]);
    expect(row!.ingest_key_hash).toBe(createHash('sha256').update(fresh).digest('hex'));
    expect((await call(t, 'GET', `/api/events/${key}/ingest`, owner.headers)).json()).toEqual({ ingestKey: fresh });
  });
});

describe('GET /api/live/{key}', () => {
  let privateKey: string;
  let publicKey: string;

  beforeAll(async () => {
    privateKey = (await createEvent(t, owner, { title: 'Eagles vs. Ravens', date: '2031-03-01T18:00:00Z' })).key;
    publicKey = (await createEvent(t, rival, { title: 'Hawks scrimmage', date: '2031-03-02T18:00:00Z', public: true })).key;
    await setStatus(t, privateKey, 'live', Date.parse('2031-03-01T18:02:00Z'));
    await setStatus(t, publicKey, 'live', Date.parse('2031-03-02T18:01:00Z'));
  });

  it('gives the owner a playback source with its expiry, the teams of the title and the real start', async () => {
    const res = await call(t, 'GET', `/api/live/${privateKey}`, owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    const event = res.json();
    expect(event).toMatchObject({
      key: privateKey,
      live: true,
      status: 'live',
      playable: true,
      playbackError: null,
      owner: 'evcoach',
      channel: 'main',
      eventTeams: ['Eagles', 'Ravens'],
      eventName: 'Eagles vs. Ravens',
      startDate: '2031-03-01T18:02:00.000Z',
      scheduledFor: '2031-03-01T18:00:00.000Z',
      owned: true,
      public: false,
      sport: 'BBK',
    });
    expect(event.source).toMatch(new RegExp(`^/api/live/${privateKey}/index\\.m3u8\\?token=[A-Za-z0-9_.%-]+$`));
    expect(Date.parse(event.sourceExpiresAt) - Date.now()).toBeGreaterThan(5 * 60_000);
  });

  it('lets a team member see and play the private event, not own it', async () => {
    await subscribe(t, mate, 'athlete');
    const event = (await call(t, 'GET', `/api/live/${privateKey}`, mate.headers)).json();
    expect(event).toMatchObject({ playable: true, owned: false });
    expect(event.source).toContain('/index.m3u8?token=');
  });

  it('hides a private event from other teams, fans and other tenants, and needs a token', async () => {
    for (const who of [rival, payingFan, eagle]) expectError(await call(t, 'GET', `/api/live/${privateKey}`, who.headers), 404, 'Event not found.');
    expectError(await call(t, 'GET', '/api/live/AAAAAAAAAAAAAAAAAAAAAA', owner.headers), 404, 'Event not found.');
    expectError(await call(t, 'GET', `/api/live/${privateKey}`), 401);
  });

  it('shows a public event to any fan of the tenant, playable only with a subscription or the editor role', async () => {
    const paid = (await call(t, 'GET', `/api/live/${publicKey}`, payingFan.headers)).json();
    expect(paid).toMatchObject({ playable: true, playbackError: null, eventTeams: ['Hawks'] });
    expect(paid.source).toContain('/index.m3u8?token=');

    const free = await call(t, 'GET', `/api/live/${publicKey}`, fan.headers);
    expect(free.statusCode).toBe(200);
    expect(free.json()).toMatchObject({ playable: false, source: null, sourceExpiresAt: null, playbackError: 'A subscription is required to watch live games.' });

    const editor = await makeEditor(t, await person(t, 'eveditor', { type: 'fan' }));
    expect((await call(t, 'GET', `/api/live/${publicKey}`, editor.headers)).json()).toMatchObject({ playable: true });

    expectError(await call(t, 'GET', `/api/live/${publicKey}`, eagle.headers), 404);
  });

  it('has no source before the stream starts, and counts viewers seen in the last 30 s', async () => {
    const { key } = await createEvent(t, owner, { title: 'Later', date: '2031-04-01T18:00:00Z' });
    expect((await call(t, 'GET', `/api/live/${key}`, owner.headers)).json()).toMatchObject({ status: 'upcoming', source: null, playable: true, viewers: 0 });

    const id = await eventId(t, publicKey);
    await t.sql(`INSERT INTO live_viewers (event_id, user_id, seen_at) VALUES ($1, $2, now()), ($1, $3, now() - interval '5 seconds'), ($1, $4, now() - interval '31 seconds')`, [
      id,
      await userId(t, 'evfan'),
      await userId(t, 'evpayer'),
      await userId(t, 'evcoach'),
    ]);
    expect((await call(t, 'GET', `/api/live/${publicKey}`, fan.headers)).json().viewers).toBe(2);
    const listed = (await call(t, 'GET', '/api/team/live', fan.headers)).json().items as LiveStream[];
    expect(listed.find((i) => i.streamKey === publicKey)?.viewers).toBe(2);
  });

  it('offers an ended event with segments as its archive, and one without as nothing to play', async () => {
    const { key } = await createEvent(t, owner, { title: 'Archived', date: '2030-01-01T18:00:00Z' });
    await setStatus(t, key, 'ended', Date.parse('2030-01-01T18:00:00Z'));
    expect((await call(t, 'GET', `/api/live/${key}`, owner.headers)).json()).toMatchObject({ status: 'ended', live: false, source: null });
    await t.sql(`INSERT INTO live_segments (event_id, seq, storage_key, started_at_ms, duration_sec, byte_size) VALUES ($1, 0, 'demo/live/x/0.ts', 1, 1, 1)`, [
      await eventId(t, key),
    ]);
    expect((await call(t, 'GET', `/api/live/${key}`, owner.headers)).json().source).toContain('/index.m3u8?token=');
  });
});
