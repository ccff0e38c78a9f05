import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardPage, NOT_A_TEAM_MEMBER, type BoardPage } from '@app/contracts/talk';
import { activity, athlete, board, call, coach, expectError, joinTeam, post, videosApp, type Person, type TeamsApp } from './helpers';

// The board's and the feed's pages are kept per channel while the channel's newest update and the
// tenant's library version stand still (talk/talk-pages.ts). These tests read once (the copy is
// kept), make each kind of change through the API or as another node would, and read again.
let t: TeamsApp;
let owner: Person;
let mate: Person;
let rival: Person;
let eagle: Person;

const page = async (read: (who: Person) => ReturnType<typeof activity>, who: Person): Promise<BoardPage> => {
  const res = await read(who);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return boardPage.parse(res.json());
};
const boardOf = (who: Person) => page((w) => board.list(t, w), who);
const feedOf = (who: Person) => page((w) => activity(t, w), who);
const ids = (p: BoardPage) => p.items.map((i) => i._id);
/** Writes without firing triggers and without an update row, as nothing in the app does: what a read then shows is the kept copy. */
const silently = (statement: string) => t.sql(`BEGIN; SET LOCAL session_replication_role = replica; ${statement}; COMMIT;`);

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'kcoach', 'Keepers');
  mate = await athlete(t, 'kmate');
  rival = await coach(t, 'krival', 'Rivals');
  eagle = await coach(t, 'keagle', 'Eagles', { other: true });
  await joinTeam(t, 'kcoach', 'kmate');
});
afterAll(() => t?.close());

describe('kept board and feed pages', () => {
  it('a repeated read is the kept copy while nothing the pages show changed', async () => {
    const id = await post(t, owner, 'Kept as sent');
    expect((await boardOf(mate)).items[0]).toMatchObject({ _id: id, content: 'Kept as sent' });
    expect((await feedOf(mate)).items[0]).toMatchObject({ content: 'Kept as sent' });
    await silently(`UPDATE channel_messages SET content = 'Changed unseen' WHERE id = '${id}'`);
    await silently(`UPDATE team_activity SET content = 'Changed unseen' WHERE message_id = '${id}'`);
    // The same page for every member of the channel: the owner reads the copy the mate's read kept.
    for (const who of [mate, owner]) {
      expect((await boardOf(who)).items[0]!.content).toBe('Kept as sent');
      expect((await feedOf(who)).items[0]!.content).toBe('Kept as sent');
    }
  });

  it('a post is on the next read of the board and the feed', async () => {
    const before = await boardOf(mate);
    await feedOf(mate);
    const id = await post(t, owner, 'Practice at 6', 'Practice');
    expect(ids(await boardOf(mate))).toEqual([id, ...ids(before)].slice(0, 20));
    expect((await feedOf(mate)).items[0]).toMatchObject({ action: `/team/messages/${id}`, subject: 'Practice' });
  });

  it('a reply moves the reply count on the next read, and a deleted reply moves it back', async () => {
    const id = await post(t, owner, 'Who drives?');
    expect((await boardOf(mate)).items[0]).toMatchObject({ _id: id, replies: 0 });
    const reply = await board.reply(t, mate, id, 'I do');
    expect(reply.statusCode, reply.body).toBe(201);
    expect((await boardOf(mate)).items[0]).toMatchObject({ _id: id, replies: 1 });
    expect((await board.removeReply(t, mate, id, reply.json()._id)).statusCode).toBe(204);
    expect((await boardOf(mate)).items[0]).toMatchObject({ _id: id, replies: 0 });
  });

  it('a deleted post is gone from the board and the feed on the next read', async () => {
    const id = await post(t, mate, 'Oops');
    expect(ids(await boardOf(owner))).toContain(id);
    expect((await feedOf(owner)).items.map((i) => i.action)).toContain(`/team/messages/${id}`);
    expect((await board.remove(t, mate, id)).statusCode).toBe(204);
    expect(ids(await boardOf(owner))).not.toContain(id);
    expect((await feedOf(owner)).items.map((i) => i.action)).not.toContain(`/team/messages/${id}`);
  });

  it('a removed member is refused on the next read, while the others still read the page', async () => {
    const leaver = await athlete(t, 'kleaver');
    await joinTeam(t, 'kcoach', 'kleaver');
    const kept = await boardOf(leaver);
    await feedOf(leaver);
    const removed = await call(t, 'DELETE', '/api/channel/kcoach/main/members/kleaver', owner.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expectError(await board.list(t, leaver), 403, NOT_A_TEAM_MEMBER);
    expectError(await activity(t, leaver), 403, NOT_A_TEAM_MEMBER);
    expect(ids(await boardOf(mate))).toEqual(ids(kept));
    // Even a removal that records nothing but the membership row (another node, psql) takes effect at once.
    await joinTeam(t, 'kcoach', 'kleaver');
    await boardOf(leaver);
    await silently(`DELETE FROM channel_members WHERE user_id = (SELECT id FROM users WHERE username = 'kleaver')`);
    expectError(await board.list(t, leaver), 403, NOT_A_TEAM_MEMBER);
    expectError(await activity(t, leaver), 403, NOT_A_TEAM_MEMBER);
  });

  it('a renamed publisher or mentioned member is shown by the new name on the next read', async () => {
    const id = await post(t, owner, 'Great game @kmate');
    expect((await boardOf(owner)).items[0]).toMatchObject({ _id: id, recipients: ['kmate'] });
    expect((await feedOf(owner)).items[0]).toMatchObject({ publisher: 'kcoach' });
    const renamed = await call(t, 'PUT', '/api/user/me', mate.headers, { username: 'kmate2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await boardOf(owner)).items[0]).toMatchObject({ _id: id, recipients: ['kmate2'] });
    await call(t, 'PUT', '/api/user/me', owner.headers, { username: 'kcoach2' });
    expect((await boardOf(mate)).items[0]).toMatchObject({ _id: id, publisher: 'kcoach2', channel: { owner: 'kcoach2', channel: 'main' } });
    expect((await feedOf(mate)).items[0]).toMatchObject({ publisher: 'kcoach2' });
    await call(t, 'PUT', '/api/user/me', owner.headers, { username: 'kcoach' });
    await call(t, 'PUT', '/api/user/me', mate.headers, { username: 'kmate' });
    expect((await boardOf(mate)).items[0]).toMatchObject({ _id: id, publisher: 'kcoach', recipients: ['kmate'] });
  });

  it('every team and tenant reads its own pages, one right after the other', async () => {
    const ours = await post(t, mate, 'Ours');
    const theirs = await post(t, rival, 'Theirs');
    const eagles = await post(t, eagle, 'Eagles only');
    for (let round = 0; round < 2; round++) {
      expect(ids(await boardOf(mate))[0]).toBe(ours);
      expect(ids(await boardOf(rival))).toEqual([theirs]);
      expect(ids(await boardOf(eagle))).toEqual([eagles]);
      expect((await feedOf(rival)).items.map((i) => i.content)).toEqual(['Theirs']);
      expect((await feedOf(eagle)).items.map((i) => i.content)).toEqual(['Eagles only']);
    }
  });

  it('two new teams, whose versions are equal (nothing recorded yet), each get their own welcome item', async () => {
    const first = await coach(t, 'knew1', 'New One');
    const second = await coach(t, 'knew2', 'New Two');
    for (let round = 0; round < 2; round++) {
      expect((await feedOf(first)).items).toMatchObject([{ _id: 'welcome', channel: { owner: 'knew1', channel: 'main' } }]);
      expect((await feedOf(second)).items).toMatchObject([{ _id: 'welcome', channel: { owner: 'knew2', channel: 'main' } }]);
    }
  });

  it('a member who activates another team reads that team\'s pages on the next read', async () => {
    const both = await athlete(t, 'kboth');
    await joinTeam(t, 'kcoach', 'kboth');
    await joinTeam(t, 'krival', 'kboth');
    const ours = await boardOf(both);
    expect(ids(ours)).toEqual(ids(await boardOf(mate)));
    expect((await call(t, 'PUT', '/api/channel/krival/main/members', both.headers)).statusCode).toBe(200);
    expect(ids(await boardOf(both))).toEqual(ids(await boardOf(rival)));
    expect((await feedOf(both)).items.map((i) => i._id)).toEqual((await feedOf(rival)).items.map((i) => i._id));
  });
});
