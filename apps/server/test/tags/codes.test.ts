import { DEFAULT_LAG_SECONDS, DEFAULT_LEAD_SECONDS, DUPLICATE_CODE, STARTER_CODES, type CodeWindow } from '@app/contracts/film';
import { NOT_A_TEAM_MEMBER } from '@app/contracts/talk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES_EDITORS_ONLY } from '../../src/modules/tags/codes.service';
import {
  athlete,
  call,
  coach,
  createEvent,
  expectError,
  joinTeam,
  makeEditor,
  press,
  setButtons,
  tagsOf,
  tagsTeam,
  video,
  videoTags,
  videosApp,
  type Person,
  type TagsTeam,
  type TeamsApp,
} from './helpers';

let t: TeamsApp;
let team: TagsTeam;

beforeAll(async () => {
  t = await videosApp();
  team = await tagsTeam(t, 'cw');
});
afterAll(() => t?.close());

const codes = (who: Person) => call(t, 'GET', '/api/team/codes', who.headers);
const windowOf = async (who: Person): Promise<CodeWindow> => {
  const res = await codes(who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CodeWindow;
};
const names = (w: CodeWindow) => w.buttons.map((b) => b.name);

describe('GET /api/team/codes: a team\'s first window is the starter set of its sport', () => {
  it('takes the owner\'s profile sport: distinct colours, hotkeys 1 to 6 in order, the default lead and lag; the same window on every read', async () => {
    const owner = await coach(t, 'cwsoccer', 'Strikers');
    const me = await call(t, 'PUT', '/api/user/me', owner.headers, { sport: 'Soccer' });
    expect(me.statusCode, me.body).toBe(200);
    const first = await windowOf(owner);
    expect(names(first)).toEqual(STARTER_CODES.FTB);
    expect(new Set(first.buttons.map((b) => b.color)).size).toBe(first.buttons.length);
    expect(first.buttons.map((b) => b.hotkey)).toEqual(['1', '2', '3', '4', '5', '6']);
    for (const b of first.buttons) {
      expect(b).toMatchObject({ group: '', labels: [], leadSeconds: DEFAULT_LEAD_SECONDS, lagSeconds: DEFAULT_LAG_SECONDS });
      expect(b.color).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(await windowOf(owner)).toEqual(first);
  });

  it.each([
    ['Basketball', ['Shot made', 'Shot missed', 'Turnover', 'Rebound', 'Assist', 'Foul']],
    ['Soccer', ['Goal', 'Shot', 'Corner', 'Free kick', 'Foul', 'Save']],
    ['Ice Hockey', ['Goal', 'Shot', 'Faceoff won', 'Faceoff lost', 'Penalty', 'Save']],
    ['Volleyball', ['Kill', 'Attack error', 'Ace', 'Service error', 'Block', 'Dig']],
    ['Football', ['Run', 'Pass complete', 'Pass incomplete', 'Sack', 'Turnover', 'Penalty']],
  ])('%s: the team starts with its sport\'s set', async (sport, set) => {
    const owner = await coach(t, `cwset${sport.replace(' ', '').toLowerCase()}`, `${sport} club`);
    expect((await call(t, 'PUT', '/api/user/me', owner.headers, { sport })).statusCode).toBe(200);
    expect(names(await windowOf(owner))).toEqual(set);
  });

  it('else the sport of the team\'s latest game, else Basketball (also for a sport without a starter set)', async () => {
    const hockey = await coach(t, 'cwhockey', 'Pucks');
    await createEvent(t, hockey, { type: 'FTB', date: '2030-01-01T18:00:00Z' });
    await createEvent(t, hockey, { type: 'IHK', date: '2030-02-01T18:00:00Z' });
    expect(names(await windowOf(hockey))).toEqual(STARTER_CODES.IHK);

    expect(names(await windowOf(await coach(t, 'cwnone', 'Nobodies')))).toEqual(STARTER_CODES.BBK);
    const golfer = await coach(t, 'cwgolf', 'Putters');
    await call(t, 'PUT', '/api/user/me', golfer.headers, { sport: 'GLF' });
    expect(names(await windowOf(golfer))).toEqual(STARTER_CODES.BBK);
  });

  it('lists the members\' usernames as players; only the owner (or an editor) may edit', async () => {
    const byOwner = await windowOf(team.owner);
    expect(byOwner.players).toEqual(['cwann', 'cwbob', 'cwcoach']);
    expect(byOwner.canEdit).toBe(true);
    const byMember = await windowOf(team.ann);
    expect(byMember).toEqual({ ...byOwner, canEdit: false });
  });

  it('is a team\'s: 403 for anyone in no team (a fan, a new athlete)', async () => {
    expectError(await codes(team.fan), 403, NOT_A_TEAM_MEMBER);
    expectError(await codes(await athlete(t, 'cwloner')), 403, NOT_A_TEAM_MEMBER);
    expectError(await call(t, 'PUT', '/api/team/codes', team.fan.headers, { buttons: [] }), 403, NOT_A_TEAM_MEMBER);
  });
});

describe('PUT /api/team/codes: the whole window', () => {
  it('keeps buttons by _id, adds those without one (with the defaults), drops those left out', async () => {
    const before = await windowOf(team.owner);
    const [first, second] = before.buttons;
    const after = await setButtons(t, team.owner, [
      { ...second!, hotkey: '9' },
      { name: 'Press break', color: '#123456' },
      first!,
    ]);
    expect(after.buttons).toEqual([
      { ...second!, hotkey: '9' },
      { _id: expect.any(String), name: 'Press break', color: '#123456', hotkey: null, group: '', leadSeconds: DEFAULT_LEAD_SECONDS, lagSeconds: DEFAULT_LAG_SECONDS, labels: [] },
      first!,
    ]);
    expect(after.buttons[1]!._id).not.toBe(first!._id);
    expect(await windowOf(team.owner)).toEqual(after);
    // Emptied, it stays empty: the starter set is only for a team that never had a window.
    expect((await setButtons(t, team.owner, [])).buttons).toEqual([]);
    expect((await windowOf(team.ann)).buttons).toEqual([]);
  });

  it('403 for a member; an editor who is a member may', async () => {
    expectError(await call(t, 'PUT', '/api/team/codes', team.bob.headers, { buttons: [] }), 403, CODES_EDITORS_ONLY);
    const editor = await makeEditor(t, team.bob);
    expect((await windowOf(editor)).canEdit).toBe(true);
    const set = await setButtons(t, editor, [{ name: 'Steal', color: '#abcdef' }]);
    expect(set.buttons.map((b) => b.name)).toEqual(['Steal']);
  });

  it('400 naming the field: an unknown or repeated _id, duplicate names or hotkeys, a player key, a bad colour or lead', async () => {
    const [steal] = (await windowOf(team.owner)).buttons;
    const put = (buttons: unknown) => call(t, 'PUT', '/api/team/codes', team.owner.headers, { buttons });
    expectError(await put([steal, { _id: 'nope', name: 'Block', color: '#000000' }]), 400, "body.buttons.1._id: The code window has no button 'nope'.");
    expectError(await put([steal, { ...steal, name: 'Other' }]), 400, `body.buttons.1._id: The button '${steal!._id}' is listed twice.`);
    expectError(await put([{ name: 'Block', color: '#000000' }, { name: 'block', color: '#000000' }]), 400, `body.buttons.1.name: ${DUPLICATE_CODE('block')}`);
    expectError(await put([{ name: 'A', color: '#000000', hotkey: 'x' }, { name: 'B', color: '#000000', hotkey: 'X' }]), 400, /^body\.buttons\.1\.hotkey: /);
    expectError(await put([{ name: 'A', color: '#000000', hotkey: 'f' }]), 400, /^body\.buttons\.0\.hotkey: The player uses/);
    expectError(await put([{ name: 'A', color: 'red' }]), 400, /^body\.buttons\.0\.color: /);
    expectError(await put([{ name: 'A', color: '#000000', lagSeconds: 61 }]), 400, /^body\.buttons\.0\.lagSeconds: /);
    expectError(await put([{ name: ' ', color: '#000000' }]), 400, /^body\.buttons\.0\.name: /);
    expectError(await put(Array.from({ length: 101 }, (_, i) => ({ name: `B${i}`, color: '#000000' }))), 400, /^body\.buttons: /);
    expect((await windowOf(team.owner)).buttons).toEqual([steal]);
  });

  it('a renamed button takes its tags along, and two buttons may swap names', async () => {
    const owner = await coach(t, 'cwrename', 'Renamers');
    const mate = await athlete(t, 'cwrenamemate');
    await joinTeam(t, owner.username, mate.username);
    const key = await video(t, owner);
    const set = await setButtons(t, owner, [
      { name: 'Goal', color: '#ff0000' },
      { name: 'Miss', color: '#00ff00' },
    ]);
    await press(t, mate, videoTags(key), { code: 'Goal', at: 10 });
    await press(t, mate, videoTags(key), { code: 'Miss', at: 30 });
    const [goal, miss] = set.buttons;
    await setButtons(t, owner, [
      { ...goal!, name: 'Miss' },
      { ...miss!, name: 'Goal' },
    ]);
    expect((await tagsOf(t, mate, videoTags(key))).map((tag) => [tag.start, tag.code])).toEqual([
      [5, 'Miss'],
      [25, 'Goal'],
    ]);
    await setButtons(t, owner, [{ ...goal!, name: 'Scored' }]);
    expect((await tagsOf(t, mate, videoTags(key))).map((tag) => tag.code)).toEqual(['Scored', 'Goal']);
  });
});
