import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_MESSAGE } from '@app/contracts/clips';
import { boardItem, boardPage, boardThread, buddyList, NOT_A_TEAM_MEMBER } from '@app/contracts/talk';
import {
  activity,
  allPages,
  athlete,
  board,
  call,
  channelId,
  coach,
  expectError,
  joinTeam,
  lastUpdateId,
  notificationsOf,
  person,
  post,
  readyVideo,
  updatesAfter,
  videosApp,
  type Person,
  type TeamsApp,
} from './helpers';

let t: TeamsApp;
let owner: Person;
let mate: Person;
let mate2: Person;
let outsider: Person;
let rival: Person;
let eagle: Person;
let team: number;

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'bcoach', 'Boarders');
  mate = await athlete(t, 'bmate');
  mate2 = await athlete(t, 'bmate2');
  outsider = await athlete(t, 'boutsider');
  rival = await coach(t, 'brival', 'Rivals');
  eagle = await coach(t, 'beagle', 'Eagles', { other: true });
  await joinTeam(t, 'bcoach', 'bmate');
  await joinTeam(t, 'bcoach', 'bmate2');
  team = (await channelId(t, 'bcoach'))!;
});
afterAll(() => t?.close());

const count = async (table: string) => (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

describe('the message board: GET/POST /api/team/board, GET/POST /api/team/board/{id}', () => {
  it('a member posts (201 {id}); every member lists it newest first in the contract\'s shape, the other teams do not', async () => {
    const first = await post(t, mate, 'First!', '  Hello  ');
    const second = await post(t, owner, 'Practice moved to 6pm');
    for (const who of [owner, mate, mate2]) {
      const res = await board.list(t, who);
      expect(res.statusCode, res.body).toBe(200);
      const page = boardPage.parse(res.json());
      expect(page.items.map((i) => i._id)).toEqual([second, first]);
      expect(page.next).toBeNull();
      expect(page.items[1]).toEqual({
        _id: first,
        subject: 'Hello',
        publisher: 'bmate',
        content: 'First!',
        timestamp: expect.any(Number),
        type: null,
        action: null,
        recipients: [],
        channel: { owner: 'bcoach', channel: 'main' },
        preview: null,
        replies: 0,
      });
      expect(page.items[0]!.subject).toBe('');
    }
    for (const who of [rival, eagle]) expect((await board.list(t, who)).json()).toEqual({ items: [], next: null });
  });

  it('a blank message is a 400 with "Please enter a message." and creates nothing; the subject and message are bounded', async () => {
    const before = await count('channel_messages');
    const updates = await lastUpdateId(t);
    for (const message of ['', '   \n\t']) expectError(await board.post(t, mate, { subject: 'Empty', message }), 400, EMPTY_MESSAGE);
    expectError(await board.post(t, mate, { subject: 'x'.repeat(201), message: 'hi' }), 400, /subject/);
    expectError(await board.post(t, mate, { message: 'x'.repeat(2001) }), 400, /message/);
    expectError(await board.post(t, mate, {}), 400, /message/);
    expect(await count('channel_messages')).toBe(before);
    expect(await updatesAfter(t, updates)).toEqual([]);
  });

  it('a thread: the message and its replies newest first; the list counts the replies', async () => {
    const id = await post(t, owner, 'Who can drive Saturday?', 'Rides');
    const a = await board.reply(t, mate, id, 'I can take 3');
    expect(a.statusCode, a.body).toBe(201);
    const [me] = await t.sql<{ name: string | null; image: string | null }>(`SELECT name, image FROM users WHERE username = 'bmate'`);
    expect(a.json()).toEqual({ _id: expect.any(String), publisher: 'bmate', name: me!.name, image: me!.image, content: 'I can take 3', timestamp: expect.any(String) });
    const b = await board.reply(t, owner, id, '  Thanks!  ');
    expect(b.json()).toMatchObject({ publisher: 'bcoach', content: 'Thanks!' });
    const res = await board.thread(t, mate2, id);
    expect(res.statusCode, res.body).toBe(200);
    const thread = boardThread.parse(res.json());
    expect(thread.board).toMatchObject({ _id: id, subject: 'Rides', content: 'Who can drive Saturday?', replies: 2 });
    expect(thread.messages).toEqual([b.json(), a.json()]);
    expect((await board.list(t, mate)).json().items.find((i: { _id: string }) => i._id === id).replies).toBe(2);
    // Replies are not board messages: they are not listed, and a reply is not a thread.
    expect((await board.list(t, mate)).json().items.map((i: { _id: string }) => i._id)).not.toContain(a.json()._id);
    expectError(await board.thread(t, mate, a.json()._id), 404, 'Message not found.');
    expectError(await board.reply(t, mate, a.json()._id, 'nested?'), 404, 'Message not found.');
    expectError(await board.reply(t, mate, id, '  '), 400, EMPTY_MESSAGE);
  });
});

describe('authorization of every talk endpoint', () => {
  let message: string;
  let reply: string;
  beforeAll(async () => {
    message = await post(t, mate, 'Team only');
    reply = (await board.reply(t, mate2, message, 'Indeed')).json()._id;
  });

  const everyCall = () => [
    (who: Person | null) => board.list(t, who),
    (who: Person | null) => board.post(t, who, { message: 'Let me in' }),
    (who: Person | null) => board.thread(t, who, message),
    (who: Person | null) => board.reply(t, who, message, 'Let me in'),
    (who: Person | null) => board.remove(t, who, message),
    (who: Person | null) => board.removeReply(t, who, message, reply),
    (who: Person | null) => activity(t, who),
    (who: Person | null) => call(t, 'GET', '/api/team/buddies', who?.headers ?? {}),
  ];

  it('no token: 401 everywhere, and for the user buddies', async () => {
    for (const send of everyCall()) expectError(await send(null), 401);
    expectError(await call(t, 'GET', '/api/user/buddies?usernames=bcoach'), 401);
  });

  it('someone in no team (or without a product record): 403 "You are not a member of a team" everywhere, nothing written', async () => {
    const unregistered = await person(t, 'bnobody', { register: false });
    const before = await count('channel_messages');
    for (const who of [outsider, unregistered]) for (const send of everyCall()) expectError(await send(who), 403, NOT_A_TEAM_MEMBER);
    expect(await count('channel_messages')).toBe(before);
  });

  it('a member of another team of the tenant, or of another tenant, sees their own board; this team\'s message is a 404 to them', async () => {
    const before = await count('channel_messages');
    for (const who of [rival, eagle]) {
      expectError(await board.thread(t, who, message), 404, 'Message not found.');
      expectError(await board.reply(t, who, message, 'hi'), 404, 'Message not found.');
      expectError(await board.remove(t, who, message), 404, 'Message not found.');
      expectError(await board.removeReply(t, who, message, reply), 404, 'Message not found.');
      expect((await board.list(t, who)).json().items.map((i: { _id: string }) => i._id)).not.toContain(message);
    }
    expect(await count('channel_messages')).toBe(before);
    // Ids that are not ids are simply not found.
    expectError(await board.thread(t, mate, 'not-an-id'), 404, 'Message not found.');
    expectError(await board.remove(t, mate, '00000000-0000-0000-0000-000000000000'), 404, 'Message not found.');
  });

  it('an athlete in two teams reads and posts on the board of the team they activated', async () => {
    const both = await athlete(t, 'bboth');
    await joinTeam(t, 'bcoach', 'bboth');
    expect((await board.list(t, both)).json().items.map((i: { _id: string }) => i._id)).toContain(message);
    const joined = await call(t, 'PUT', '/api/channel/brival/main/members', both.headers);
    expect(joined.statusCode).toBe(403); // not invited
    await joinTeam(t, 'brival', 'bboth');
    expect((await call(t, 'PUT', '/api/channel/brival/main/members', both.headers)).statusCode).toBe(200);
    const id = await post(t, both, 'Hi rivals');
    expect((await board.list(t, rival)).json().items.map((i: { _id: string }) => i._id)).toContain(id);
    expect((await board.list(t, owner)).json().items.map((i: { _id: string }) => i._id)).not.toContain(id);
    expectError(await board.thread(t, both, message), 404, 'Message not found.');
  });
});

describe('paging', () => {
  it('follows `next` without skipping or repeating an item, also with several items in one millisecond', async () => {
    const paged = await coach(t, 'bpager', 'Pagers');
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) ids.push(await post(t, paged, `Message ${i}`));
    // Five of them made in the same millisecond (microseconds apart, as PostgreSQL keeps them).
    await t.sql(
      `UPDATE channel_messages SET created_at = '2030-01-01T10:00:00.123Z'::timestamptz + (random() * interval '0.0009 seconds')
        WHERE id = ANY($1::uuid[])`,
      [ids.slice(2, 7)],
    );
    const expected = (await board.list(t, paged, '?limit=100')).json().items.map((i: { _id: string }) => i._id);
    expect([...expected].sort()).toEqual([...ids].sort());
    for (const limit of [1, 2, 3, 4]) {
      const pages = await allPages((query) => board.list(t, paged, query), limit);
      const seen = pages.flatMap((p) => p.items.map((i) => i._id));
      expect(seen, `limit ${limit}`).toEqual(expected);
      for (const page of pages) for (const item of page.items) expect(() => boardItem.parse(item)).not.toThrow();
    }
    expectError(await board.list(t, paged, '?limit=0'), 400);
    expectError(await board.list(t, paged, '?timestamp=soon'), 400);
    expect((await board.list(t, paged, '?timestamp=8640000000000000')).statusCode).toBe(200);
  });
});

describe('mentions', () => {
  it('a post notifies the members it mentions (once each), never a non-member or the publisher, and records them as recipients', async () => {
    const after = await lastUpdateId(t);
    const id = await post(t, owner, 'Great game @bmate and @BMATE2! @boutsider @brival @nobody @bcoach');
    // Stored is the excerpt; the bell names who mentioned by their name (the coach's is Casey Coach).
    expect(await notificationsOf(t, 'bmate')).toContainEqual({ message: 'Great game @bmate and @BMATE2! @boutsider @brival @nobody @bcoach', action: `/team/messages/${id}`, message_id: id });
    const bell = (await call(t, 'GET', '/api/user/notifications', mate.headers)).json().items;
    expect(bell[0]).toMatchObject({ message: 'Casey Coach mentioned you: Great game @bmate and @BMATE2! @boutsider @brival @nobody @bcoach', publisher: 'bcoach' });
    expect((await notificationsOf(t, 'bmate2')).filter((n) => n.message_id === id)).toHaveLength(1);
    for (const who of ['boutsider', 'brival', 'bcoach']) expect((await notificationsOf(t, who)).filter((n) => n.message_id === id)).toEqual([]);
    const item = (await board.thread(t, mate, id)).json().board;
    expect(item.recipients).toEqual(['bcoach', 'bmate', 'bmate2']);

    // The rows the open pages hear, in order: each mentioned user's notification and unread count, the post, its activity item.
    const rows = await updatesAfter(t, after);
    const mateId = (await t.sql<{ id: number }>(`SELECT id FROM users WHERE username = 'bmate'`))[0]!.id;
    expect(rows.filter((r) => r.user_id === mateId).map((r) => r.kind)).toEqual(['notification', 'unread']);
    expect(rows.filter((r) => r.channel_id !== null).map((r) => [r.channel_id, r.kind])).toEqual([
      [team, 'board'],
      [team, 'activity'],
    ]);
    expect(rows.find((r) => r.kind === 'board')!.data).toEqual({ _id: id, item: { ...item, timestamp: expect.any(Number) } });
    expect(rows.at(-1)!.kind).toBe('activity');
  });

  it('a long message is cut to 140 characters in the notification', async () => {
    const long = `@bmate ${'x'.repeat(300)}`;
    const id = await post(t, mate2, long);
    const [note] = (await notificationsOf(t, 'bmate')).filter((n) => n.message_id === id);
    expect(note!.message).toBe(`${long.slice(0, 140)}…`);
  });

  it('a reply notifies the members it mentions, opening the thread; its update names the thread', async () => {
    const id = await post(t, owner, 'Thread');
    const after = await lastUpdateId(t);
    const res = await board.reply(t, mate, id, 'ask @bmate2 and @boutsider');
    expect(res.statusCode, res.body).toBe(201);
    expect((await notificationsOf(t, 'bmate2')).filter((n) => n.message_id === res.json()._id)).toEqual([
      { message: 'ask @bmate2 and @boutsider', action: `/team/messages/${id}`, message_id: res.json()._id },
    ]);
    expect(await notificationsOf(t, 'boutsider')).toEqual([]);
    const rows = await updatesAfter(t, after);
    expect(rows.map((r) => r.kind)).toEqual(['notification', 'unread', 'reply']);
    expect(rows[2]).toMatchObject({ channel_id: team, data: { _id: res.json()._id, board: id, item: res.json() } });
  });

  it('a clip comment notifies the members it mentions, opening the clip, and records a comment update', async () => {
    const video = await readyVideo(t, 'bcoach');
    const clip = await call(t, 'POST', `/api/user/videos/${video.key}/clips`, owner.headers, { timestamp: 5, duration: 4 });
    expect(clip.statusCode, clip.body).toBe(201);
    const after = await lastUpdateId(t);
    const res = await call(t, 'POST', `/api/channel/bcoach/main/${clip.json()._id}`, mate.headers, { message: 'look @bcoach @bmate @boutsider' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await notificationsOf(t, 'bcoach')).filter((n) => n.message_id === res.json()._id)).toEqual([
      { message: 'look @bcoach @bmate @boutsider', action: `/team/clips/${clip.json().reel_id}`, message_id: res.json()._id },
    ]);
    expect((await notificationsOf(t, 'bmate')).filter((n) => n.message_id === res.json()._id)).toEqual([]);
    const rows = await updatesAfter(t, after);
    expect(rows.map((r) => r.kind)).toEqual(['notification', 'unread', 'comment']);
    expect(rows[2]).toMatchObject({ channel_id: team, data: { _id: res.json()._id, clip: clip.json()._id, channel: { owner: 'bcoach', channel: 'main' } } });
  });
});

describe('deleting: DELETE /api/team/board/{id} and /{id}/{replyId}', () => {
  it('another member gets 403 and nothing goes; the author deletes their post, and its replies, activity item and notifications go, live', async () => {
    const id = await post(t, mate, 'Oops @bmate2', 'Typo');
    const r1 = (await board.reply(t, mate2, id, 'ha @bcoach')).json()._id as string;
    expectError(await board.remove(t, mate2, id), 403, 'Only its author or the team owner can delete this.');
    expect((await board.thread(t, mate, id)).statusCode).toBe(200);
    const activityId = (await t.sql<{ id: string }>(`SELECT id FROM team_activity WHERE message_id = $1`, [id]))[0]!.id;
    const notes = await t.sql<{ id: string; user_id: number }>(`SELECT id, user_id FROM notifications WHERE message_id = ANY($1::uuid[]) ORDER BY id`, [[id, r1]]);
    expect(notes).toHaveLength(2);

    const after = await lastUpdateId(t);
    const res = await board.remove(t, mate, id);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expectError(await board.thread(t, mate, id), 404, 'Message not found.');
    expect(await t.sql(`SELECT id FROM channel_messages WHERE id = ANY($1::uuid[])`, [[id, r1]])).toEqual([]);
    expect(await t.sql(`SELECT id FROM team_activity WHERE message_id = $1`, [id])).toEqual([]);
    expect(await t.sql(`SELECT id FROM notifications WHERE id = ANY($1::uuid[])`, [notes.map((n) => n.id)])).toEqual([]);
    expect((await activity(t, mate, '?limit=100')).json().items.map((i: { _id: string }) => i._id)).not.toContain(activityId);

    const rows = await updatesAfter(t, after);
    const notificationDeletes = rows.filter((r) => r.user_id !== null && r.kind === 'delete').map((r) => r.data._id).sort();
    expect(notificationDeletes).toEqual(notes.map((n) => n.id).sort());
    expect(rows.filter((r) => r.user_id !== null && r.kind === 'unread').map((r) => r.user_id).sort()).toEqual(notes.map((n) => n.user_id).sort());
    expect(rows.filter((r) => r.channel_id !== null).map((r) => [r.kind, r.data])).toEqual([
      ['delete', { _id: activityId, kind: 'activity' }],
      ['delete', { _id: id, kind: 'board' }],
    ]);
    expectError(await board.remove(t, mate, id), 404, 'Message not found.');
  });

  it('the team owner deletes anyone\'s post', async () => {
    const id = await post(t, mate2, 'Delete me');
    expect((await board.remove(t, owner, id)).statusCode).toBe(204);
    expectError(await board.thread(t, mate2, id), 404);
  });

  it('a reply: its author or the team owner deletes it (204, with a delete update naming the thread), another member gets 403', async () => {
    const id = await post(t, owner, 'Replies here');
    const mine = (await board.reply(t, mate, id, 'mine @bmate2')).json()._id as string;
    const theirs = (await board.reply(t, mate2, id, 'theirs')).json()._id as string;
    expectError(await board.removeReply(t, mate2, id, mine), 403, 'Only its author or the team owner can delete this.');
    expectError(await board.removeReply(t, mate, id, 'not-an-id'), 404);
    // A reply of another thread is not found under this one.
    const other = await post(t, owner, 'Other');
    expectError(await board.removeReply(t, mate, other, mine), 404, 'Message not found.');
    const after = await lastUpdateId(t);
    expect((await board.removeReply(t, mate, id, mine)).statusCode).toBe(204);
    expect((await notificationsOf(t, 'bmate2')).filter((n) => n.message_id === mine)).toEqual([]);
    const rows = await updatesAfter(t, after);
    expect(rows.filter((r) => r.channel_id !== null).map((r) => r.data)).toEqual([{ _id: mine, kind: 'reply', board: id }]);
    expect((await board.removeReply(t, owner, id, theirs)).statusCode).toBe(204);
    expect((await board.thread(t, mate, id)).json().messages).toEqual([]);
  });
});

describe('buddies: GET /api/user/buddies?usernames= and GET /api/team/buddies', () => {
  it('names teammates only, with a stable non-sequential id; a name that is not a teammate is absent', async () => {
    const res = await call(t, 'GET', '/api/user/buddies?usernames=bcoach,BMATE2,boutsider,brival,beagle,nobody,,bmate', mate.headers);
    expect(res.statusCode, res.body).toBe(200);
    const list = buddyList.parse(res.json());
    expect(list.map((b) => b.username)).toEqual(['bcoach', 'bmate', 'bmate2']);
    const [uuid] = await t.sql<{ uuid: string }>(`SELECT uuid FROM identity_users WHERE username = 'bcoach'`);
    expect(list[0]).toEqual({ _id: uuid!.uuid, username: 'bcoach', name: 'Casey Coach', image: null });
    expect((await call(t, 'GET', '/api/user/buddies?usernames=bcoach', mate.headers)).json()).toEqual([list[0]]);
    // In no team: nobody is a teammate.
    expect((await call(t, 'GET', '/api/user/buddies?usernames=bcoach,boutsider', outsider.headers)).json()).toEqual([]);
    expect((await call(t, 'GET', '/api/user/buddies', mate.headers)).json()).toEqual([]);
    // Another tenant's user of the same name is not this one.
    expect((await call(t, 'GET', '/api/user/buddies?usernames=bcoach,bmate', eagle.headers)).json()).toEqual([]);
    expectError(await call(t, 'GET', `/api/user/buddies?usernames=${'a,'.repeat(2001)}`, mate.headers), 400);
  });

  it('the active team\'s members', async () => {
    const res = await call(t, 'GET', '/api/team/buddies', mate2.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(buddyList.parse(res.json()).map((b) => b.username)).toEqual(expect.arrayContaining(['bcoach', 'bmate', 'bmate2']));
    expect(res.json().map((b: { username: string }) => b.username)).not.toContain('brival');
    expect((await call(t, 'GET', '/api/team/buddies', eagle.headers)).json().map((b: { username: string }) => b.username)).toEqual(['beagle']);
  });
});
