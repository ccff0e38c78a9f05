import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athlete, call, coach, expectError, joinTeam, person, readyVideo, videosApp, type Person, type TeamsApp } from '../clips/helpers';

let t: TeamsApp;
let owner: Person;
let mate: Person;
let outsider: Person;
let eagle: Person;
let rival: Person;
/** A clip of the owner's video, and one of the rival team's video (the owner cannot see it). */
let clipId: string;
let clip: { stream_id: string; clip_id: number; reel_id: string };
let rivalClipId: string;
let rivalReelId: string;

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'chancoach', 'Chanters');
  mate = await athlete(t, 'chanmate');
  outsider = await athlete(t, 'chanoutsider');
  eagle = await person(t, 'chaneagle', { type: 'team', other: true });
  rival = await coach(t, 'chanrival', 'Rivals');
  await joinTeam(t, 'chancoach', 'chanmate');
  // The mate plays for both teams, so sees the rival's clips too; the owner does not.
  await joinTeam(t, 'chanrival', 'chanmate');
  const game = await readyVideo(t, 'chancoach', { title: 'Game' });
  const made = await call(t, 'POST', `/api/user/videos/${game.key}/clips`, owner.headers, { timestamp: 5, duration: 4 });
  expect(made.statusCode, made.body).toBe(201);
  clip = made.json();
  clipId = made.json()._id;
  const theirs = await readyVideo(t, 'chanrival', { title: 'Their game' });
  const rivalMade = await call(t, 'POST', `/api/user/videos/${theirs.key}/clips`, rival.headers, { timestamp: 1, duration: 2 });
  expect(rivalMade.statusCode, rivalMade.body).toBe(201);
  rivalClipId = rivalMade.json()._id;
  const rivalReel = await call(t, 'POST', `/api/user/reels/${theirs.key}`, rival.headers, { clips: [rivalMade.json().clip_id] });
  rivalReelId = rivalReel.json().reelId;
});
afterAll(() => t?.close());

const thread = (clip = clipId, owner_ = 'chancoach', channel = 'main') => `/api/channel/${owner_}/${channel}/${clip}`;
const post = (who: Person | null, message: unknown, url = thread()) => call(t, 'POST', url, who?.headers ?? {}, { message });
const list = (who: Person | null, url = thread()) => call(t, 'GET', url, who?.headers ?? {});
const messageCount = async () => (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM channel_messages`))[0]!.n;
const mentionsOf = async (messageId: string) =>
  (
    await t.sql<{ username: string }>(`SELECT u.username FROM channel_mentions m JOIN users u ON u.id = m.user_id WHERE m.message_id = $1 ORDER BY u.username`, [
      messageId,
    ])
  ).map((r) => r.username);

describe('comments on a clip: GET/POST /api/channel/{owner}/{channel}/{clipId}', () => {
  it('members post comments (201, the comment) and list them newest first, with the publisher\'s name and picture', async () => {
    const first = await post(owner, '  Great pass  ');
    expect(first.statusCode, first.body).toBe(201);
    const [me] = await t.sql<{ name: string | null; image: string | null }>(`SELECT name, image FROM users WHERE username = 'chancoach'`);
    expect(first.json()).toEqual({ _id: expect.any(String), publisher: 'chancoach', name: me!.name, image: me!.image, content: 'Great pass', timestamp: expect.any(String) });
    expect(new Date(first.json().timestamp).toISOString()).toBe(first.json().timestamp);
    const second = await post(mate, 'Thanks coach');
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ publisher: 'chanmate', content: 'Thanks coach' });

    for (const who of [owner, mate]) {
      const res = await list(who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([second.json(), first.json()]);
    }
    // The comments of another channel stay there.
    expect((await list(mate, thread(clipId, 'chanrival'))).json()).toEqual([]);
  });

  it('answers outsiders, another tenant, unknown channels and clips with 404, no token with 401, and stores nothing', async () => {
    const before = await messageCount();
    for (const who of [outsider, eagle, rival]) {
      expectError(await post(who, 'Let me in'), 404, 'Team not found.');
      expectError(await list(who), 404, 'Team not found.');
    }
    expectError(await post(owner, 'hi', thread(clipId, 'chancoach', 'reserves')), 404, 'Team not found.');
    expectError(await post(owner, 'hi', thread(clipId, 'nobody')), 404, 'Team not found.');
    expectError(await post(owner, 'hi', thread('4b7c8a36-1d3c-4a59-9c55-000000000000')), 404, 'Clip not found.');
    expectError(await post(owner, 'hi', thread('not-a-clip')), 404, 'Clip not found.');
    expectError(await post(null, 'hi'), 401);
    expectError(await list(null), 401);
    expect(await messageCount()).toBe(before);
  });

  it('a member who may not see the clip gets 404; one who may, comments on it in their channel', async () => {
    expectError(await post(owner, 'Whose is this?', thread(rivalClipId)), 404, 'Clip not found.');
    expectError(await list(owner, thread(rivalClipId)), 404, 'Clip not found.');
    const res = await post(mate, 'Scouting them', thread(rivalClipId));
    expect(res.statusCode, res.body).toBe(201);
    expect((await list(mate, thread(rivalClipId))).json()).toEqual([res.json()]);
  });

  it.each([
    ['an empty message', '', 'Please enter a message.'],
    ['a blank message', ' \n\t ', 'Please enter a message.'],
    ['no message', undefined, 'body.message: Required'],
    ['a message that is not text', 42, /^body\.message: /],
    ['a message too long', 'x'.repeat(2001), /^body\.message: /],
  ])('%s is a 400 and stores nothing', async (_what, message, error) => {
    const before = await messageCount();
    expectError(await call(t, 'POST', thread(), mate.headers, message === undefined ? {} : { message }), 400, error);
    expect(await messageCount()).toBe(before);
  });

  it('records @mentions of the channel\'s members only (any case, once each), not of others or e-mail addresses', async () => {
    const res = await post(mate, '@ChanCoach look at this, @chanoutsider @chaneagle @nobody and @chancoach again; mail me at x@chanmate.com');
    expect(res.statusCode, res.body).toBe(201);
    expect(await mentionsOf(res.json()._id)).toEqual(['chancoach']);
    const both = await post(owner, 'Nice one @chanmate! (cc @chancoach)');
    expect(await mentionsOf(both.json()._id)).toEqual(['chancoach', 'chanmate']);
    expect(await mentionsOf((await post(owner, 'no mentions here')).json()._id)).toEqual([]);
  });
});

describe('sharing a reel: POST /api/channel/{owner}/{channel}', () => {
  const share = (who: Person | null, body: unknown, url = '/api/channel/chancoach/main') => call(t, 'POST', url, who?.headers ?? {}, body);

  it('the team owner shares a reel into the channel (201), stored as a channel message with its mentions', async () => {
    const made = await call(t, 'POST', `/api/user/reels/${clip.stream_id}`, owner.headers, { clips: [clip.clip_id] });
    const reelId = made.json().reelId as string;
    const res = await share(owner, { message: 'Film for Monday, @chanmate', reel: reelId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ _id: expect.any(String), publisher: 'chancoach', content: 'Film for Monday, @chanmate', timestamp: expect.any(String), type: 'reel', action: reelId });
    const [row] = await t.sql(`SELECT kind, clip_id, type, action, content FROM channel_messages WHERE id = $1`, [res.json()._id]);
    expect(row).toEqual({ kind: 'message', clip_id: null, type: 'reel', action: reelId, content: 'Film for Monday, @chanmate' });
    expect(await mentionsOf(res.json()._id)).toEqual(['chanmate']);
  });

  it('a clip\'s own reel the owner may see can be shared; a reel they may not see is a 404', async () => {
    expect((await share(owner, { message: 'This one', reel: clip.reel_id })).statusCode).toBe(201);
    const before = await messageCount();
    expectError(await share(owner, { message: 'Theirs', reel: rivalReelId }), 404, 'Reel not found.');
    expectError(await share(owner, { message: 'Unknown', reel: 'AAAAAAAAAAAAAAAAAAAAAAAA' }), 404, 'Reel not found.');
    expect(await messageCount()).toBe(before);
  });

  it('is the team owner\'s only: members, outsiders and another tenant get 403, no token 401, and nothing is stored', async () => {
    const own = clip.reel_id;
    const before = await messageCount();
    for (const who of [mate, outsider, eagle]) expectError(await share(who, { message: 'Mine now', reel: own }), 403, 'Only the team owner can share a reel in the channel.');
    expectError(await share(owner, { message: 'Wrong team', reel: own }, '/api/channel/chanrival/main'), 403);
    expectError(await share(null, { message: 'Anon', reel: own }), 401);
    expect(await messageCount()).toBe(before);
  });

  it.each([
    ['a blank message', { message: '  ', reel: 'x' }, 'Please enter a message.'],
    ['no reel', { message: 'Film' }, 'body.reel: Required'],
  ])('%s is a 400', async (_what, body, error) => {
    expectError(await share(owner, body), 400, error);
  });
});
