import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawing as drawingSchema, drawingList, DRAWING_SHAPES_MAX, STROKE_POINTS_MAX, type DrawingBody, type Shape } from '@app/contracts/film';
import { DRAWERS_ONLY, DRAWING_CHANGERS_ONLY, DRAWING_NOT_FOUND } from '../../src/modules/drawings/drawings.service';
import { DRAWING_BODY_LIMIT } from '../../src/modules/drawings/drawings.routes';
import { listen, openUpdates } from '../updates/updates-helpers';
import { athlete, call, channelId, coach, expectError, joinTeam, lastUpdateId, person, readyVideo, updatesAfter, videosApp, type Person, type TeamsApp } from '../talk/helpers';

let t: TeamsApp;
let owner: Person; // the team's coach (its owner)
let mate: Person; // an athlete of the team, who owns the video
let other: Person; // another athlete of the team
let fan: Person; // a fan in the team: watches, does not draw
let stranger: Person; // an athlete in no team with them
let eagle: Person; // a coach of the other tenant
let key: string;

const arrow: Shape = { type: 'arrow', points: [[0.1, 0.2], [0.5, 0.6]], color: '#ff0000', width: 0.01 };
const body = (at: number, shapes: Shape[] = [arrow], holdSeconds = 3): DrawingBody => ({ at, holdSeconds, shapes });
const draw = (who: Person | null, payload: unknown, videoKey = key) => call(t, 'POST', `/api/user/videos/${videoKey}/drawings`, who?.headers ?? {}, payload);
const list = (who: Person | null, videoKey = key) => call(t, 'GET', `/api/user/videos/${videoKey}/drawings`, who?.headers ?? {});
const change = (who: Person, id: string, payload: unknown) => call(t, 'PUT', `/api/user/drawings/${id}`, who.headers, payload);
const remove = (who: Person, id: string) => call(t, 'DELETE', `/api/user/drawings/${id}`, who.headers);

async function made(who: Person, payload: DrawingBody): Promise<string> {
  const res = await draw(who, payload);
  expect(res.statusCode, res.body).toBe(201);
  return drawingSchema.parse(res.json())._id;
}

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'drawcoach', 'Hawks');
  mate = await athlete(t, 'drawmate');
  other = await athlete(t, 'drawother');
  fan = await person(t, 'drawfan', { type: 'fan' });
  stranger = await athlete(t, 'drawstranger');
  eagle = await person(t, 'draweagle', { type: 'team', other: true });
  const subscribed = await call(t, 'POST', '/api/billing/local/subscribe', fan.headers, { type: 'fan' });
  expect(subscribed.statusCode, subscribed.body).toBeLessThan(300);
  for (const member of ['drawmate', 'drawother', 'drawfan']) await joinTeam(t, 'drawcoach', member);
  ({ key } = await readyVideo(t, 'drawmate', { durationSec: 60 }));
});
afterAll(() => t?.close());

describe('drawings of a team video', () => {
  it('a teammate draws (201, the drawing); everyone who sees the video lists them in time order, text as given', async () => {
    const text: Shape = { type: 'text', points: [[0.2, 0.3]], color: '#ffffff', width: 0.005, text: '</text><script>alert(1)</script> & "quotes"' };
    const res = await draw(other, body(12.5, [arrow, text], 4));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ _id: expect.any(String), at: 12.5, holdSeconds: 4, shapes: [arrow, text], by: 'drawother', createdAt: expect.any(String) });
    // holdSeconds left out: the contract's default.
    const early = await draw(owner, { at: 2, shapes: [arrow] });
    expect(early.statusCode, early.body).toBe(201);
    expect(early.json()).toMatchObject({ at: 2, holdSeconds: 3, by: 'drawcoach' });

    for (const viewer of [owner, mate, other, fan]) {
      const seen = await list(viewer);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(drawingList.parse(seen.json()).items.map((d) => [d.at, d.by])).toEqual([
        [2, 'drawcoach'],
        [12.5, 'drawother'],
      ]);
    }
    expect((await list(mate)).json().items[1].shapes[1].text).toBe('</text><script>alert(1)</script> & "quotes"');
  });

  it('a fan in the team watches but cannot draw (403); anyone outside the team, another tenant or an unknown key gets 404', async () => {
    expectError(await draw(fan, body(5)), 403, DRAWERS_ONLY);
    for (const outsider of [stranger, eagle]) {
      expectError(await draw(outsider, body(5)), 404, 'Video not found.');
      expectError(await list(outsider), 404, 'Video not found.');
    }
    expectError(await list(owner, '00000000-0000-4000-8000-000000000000'), 404, 'Video not found.');
    expectError(await list(owner, 'not-a-key'), 404, 'Video not found.');
    expectError(await draw(null, body(5)), 401);
    expectError(await list(null), 401);
  });

  it('a video still processing is its uploader\'s alone', async () => {
    const { key: processing } = await readyVideo(t, 'drawmate');
    await t.sql(`UPDATE videos SET status = 'processing' WHERE id = $1`, [processing]);
    expect((await draw(mate, body(1), processing)).statusCode).toBe(201);
    expectError(await list(owner, processing), 404, 'Video not found.');
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    const stroke = (n: number): Shape => ({ type: 'freehand', points: Array.from({ length: n }, (_, i) => [i / n, 0.5] as [number, number]), color: '#00ff00', width: 0.004 });
    const cases: [unknown, RegExp][] = [
      [body(61), /^body\.at: Must be within the video \(at most 60 s\)\.$/],
      [body(-1), /^body\.at: /],
      [{ shapes: [arrow] }, /^body\.at: /],
      [{ ...body(1), at: 'soon' }, /^body\.at: /],
      [body(1, [arrow], 31), /^body\.holdSeconds: /],
      [body(1, [arrow], -1), /^body\.holdSeconds: /],
      [body(1, []), /^body\.shapes: Draw at least one shape$/],
      [body(1, Array.from({ length: DRAWING_SHAPES_MAX + 1 }, () => arrow)), /^body\.shapes: A drawing has at most 200 shapes$/],
      [body(1, [stroke(STROKE_POINTS_MAX + 1)]), /^body\.shapes\.0\.points: A stroke has at most 2000 points/],
      [body(1, [{ ...arrow, points: [[0.1, 0.2]] }]), /^body\.shapes\.0\.points: An? arrow has 2 points$/],
      [body(1, [{ ...arrow, points: [[1.5, 0.2], [0.5, 0.5]] }]), /^body\.shapes\.0\.points\.0\.0: A point is inside the frame \(0-1\)$/],
      [body(1, [{ ...arrow, points: [[0.5, -0.1], [0.5, 0.5]] }]), /^body\.shapes\.0\.points\.0\.1: /],
      [body(1, [{ ...arrow, color: 'red' }]), /^body\.shapes\.0\.color: /],
      [body(1, [{ ...arrow, width: 0 }]), /^body\.shapes\.0\.width: /],
      [body(1, [{ ...arrow, type: 'star' }] as unknown as Shape[]), /^body\.shapes\.0\.type: /],
      [body(1, [{ type: 'text', points: [[0.1, 0.1]], color: '#ffffff', width: 0.01, text: 'x'.repeat(201) }]), /^body\.shapes\.0\.text: A text has at most 200 characters$/],
      [body(1, [{ type: 'text', points: [[0.1, 0.1]], color: '#ffffff', width: 0.01 }]), /^body\.shapes\.0\.text: A text shape needs its text$/],
    ];
    const before = (await list(owner)).json().items.length;
    for (const [payload, message] of cases) expectError(await draw(mate, payload), 400, message);
    expect((await list(owner)).json().items).toHaveLength(before);

    // The route takes more than the app's 1 MB default, up to its own bound.
    const long = stroke(STROKE_POINTS_MAX).points.map(([x]) => [x + 1e-13, 0.123456789012345] as [number, number]);
    const large = body(3, Array.from({ length: 20 }, () => ({ ...stroke(1), points: long })));
    const size = Buffer.byteLength(JSON.stringify(large));
    expect(size).toBeGreaterThan(1024 * 1024);
    expect(size).toBeLessThan(DRAWING_BODY_LIMIT);
    expect((await draw(mate, large)).statusCode).toBe(201);
    const tooLarge = body(3, Array.from({ length: 40 }, () => ({ ...stroke(1), points: long })));
    expect(Buffer.byteLength(JSON.stringify(tooLarge))).toBeGreaterThan(DRAWING_BODY_LIMIT);
    expectError(await draw(mate, tooLarge), 413, 'Request body is too large.');
  });
});

describe('PUT and DELETE /api/user/drawings/{id}', () => {
  it('the maker and the team\'s owner change and delete; other members get 403, anyone else 404', async () => {
    const id = await made(other, body(20));
    const changed = await change(other, id, body(21, [{ ...arrow, color: '#0000ff' }], 5));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ _id: id, at: 21, holdSeconds: 5, shapes: [{ color: '#0000ff' }], by: 'drawother' });
    // The team's owner, who did not make it.
    expect((await change(owner, id, body(22))).json()).toMatchObject({ at: 22, by: 'drawother' });

    // The video's owner is a member like the others here: not the maker, not the team's owner.
    for (const member of [mate, fan]) {
      expectError(await change(member, id, body(23)), 403, DRAWING_CHANGERS_ONLY);
      expectError(await remove(member, id), 403, DRAWING_CHANGERS_ONLY);
    }
    for (const outsider of [stranger, eagle]) {
      expectError(await change(outsider, id, body(23)), 404, DRAWING_NOT_FOUND);
      expectError(await remove(outsider, id), 404, DRAWING_NOT_FOUND);
    }
    expectError(await change(other, id, body(61)), 400, /^body\.at: /);
    expectError(await change(other, id, { at: 1, shapes: [] }), 400, /^body\.shapes: /);
    expect((await list(owner)).json().items.find((d: { _id: string }) => d._id === id)).toMatchObject({ at: 22 });

    expect((await remove(other, id)).statusCode).toBe(204);
    expectError(await remove(other, id), 404, DRAWING_NOT_FOUND);
    expectError(await change(other, id, body(1)), 404, DRAWING_NOT_FOUND);
    const byOwner = await made(mate, body(30));
    expect((await remove(owner, byOwner)).statusCode).toBe(204);
    expect((await list(owner)).json().items.map((d: { _id: string }) => d._id)).not.toContain(byOwner);
    expectError(await remove(owner, 'not-an-id'), 404, DRAWING_NOT_FOUND);
  });

  it('someone who left the team no longer reaches their drawings', async () => {
    const leaver = await athlete(t, 'drawleaver');
    await joinTeam(t, 'drawcoach', 'drawleaver');
    const id = await made(leaver, body(40));
    await t.sql(`DELETE FROM channel_members WHERE user_id = (SELECT id FROM users WHERE username = 'drawleaver')`);
    expectError(await change(leaver, id, body(41)), 404, DRAWING_NOT_FOUND);
    expectError(await list(leaver), 404, 'Video not found.');
    expect((await remove(owner, id)).statusCode).toBe(204);
  });
});

describe('drawing updates', () => {
  it('each change is a `drawing` update for the video\'s team, which a teammate\'s open stream hears', async () => {
    const team = (await channelId(t, 'drawcoach'))!;
    const base = await listen(t.app);
    // From a known position: a stream opened "from now" may still hear what was just committed before it.
    const after = await lastUpdateId(t);
    const stream = await openUpdates(base, { ...fan.headers, 'last-event-id': String(after) });
    expect(stream.status).toBe(200);

    const id = await made(other, body(50));
    expect((await change(owner, id, body(51))).statusCode).toBe(200);
    expect((await remove(other, id)).statusCode).toBe(204);
    const rows = (await updatesAfter(t, after)).filter((r) => r.kind === 'drawing');
    expect(rows.map((r) => [r.channel_id, r.user_id, r.data])).toEqual(
      (['new', 'changed', 'deleted'] as const).map((c) => [team, null, { _id: id, video: key, event: null, change: c }]),
    );
    for (const c of ['new', 'changed', 'deleted']) {
      let frame = await stream.nextEvent();
      while (frame && frame.event !== 'drawing') frame = await stream.nextEvent();
      expect(frame).toMatchObject({ event: 'drawing', data: { _id: id, video: key, event: null, change: c } });
    }
    stream.close();

    // Refused changes record nothing.
    const last = await lastUpdateId(t);
    expectError(await draw(fan, body(5)), 403);
    expectError(await draw(mate, body(99)), 400);
    expect((await updatesAfter(t, last)).filter((r) => r.kind === 'drawing')).toEqual([]);
  });

  it('a video in no team: its owner\'s own pages hear it', async () => {
    const solo = await athlete(t, 'drawsolo');
    const { key: own } = await readyVideo(t, 'drawsolo');
    const after = await lastUpdateId(t);
    const res = await draw(solo, body(1), own);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = (await updatesAfter(t, after)).filter((r) => r.kind === 'drawing');
    const [me] = await t.sql<{ id: number }>(`SELECT id FROM users WHERE username = 'drawsolo'`);
    expect(row).toMatchObject({ channel_id: null, user_id: me!.id, data: { _id: res.json()._id, video: own, change: 'new' } });
  });
});
