import type { CodeButtonInput, CodeWindow, PutCodesBody, Tag } from '@app/contracts/film';
import { expect } from 'vitest';
import { readyVideo } from '../clips/helpers';
import { athlete, call, coach, joinTeam, person, type Person, type TeamsApp } from '../videos/helpers';

export * from '../live/events-helpers';
export { readyVideo } from '../clips/helpers';
export { lastUpdateId, listenForUpdate, updatesAfter } from '../talk/helpers';

/**
 * A team and everyone around it: its owner (a coach), two members, a fan and another team's coach in the
 * same tenant, and a team account of the other tenant.
 */
export interface TagsTeam {
  owner: Person;
  ann: Person;
  bob: Person;
  fan: Person;
  rival: Person;
  eagle: Person;
}

export async function tagsTeam(t: TeamsApp, prefix: string): Promise<TagsTeam> {
  const owner = await coach(t, `${prefix}coach`, `${prefix} Lions`);
  const ann = await athlete(t, `${prefix}ann`);
  const bob = await athlete(t, `${prefix}bob`);
  await joinTeam(t, owner.username, ann.username);
  await joinTeam(t, owner.username, bob.username);
  const fan = await person(t, `${prefix}fan`, { type: 'fan' });
  const rival = await coach(t, `${prefix}rival`, `${prefix} Bears`);
  const eagle = await person(t, `${prefix}eagle`, { type: 'team', other: true });
  return { owner, ann, bob, fan, rival, eagle };
}

/** A window with known leads and lags: Goal (5/5, labels Left and Right in group Side), Shot (2/3), Point (0/0). */
export const TEST_BUTTONS: CodeButtonInput[] = [
  { name: 'Goal', color: '#ff0000', hotkey: 'g', group: 'Side', leadSeconds: 5, lagSeconds: 5, labels: ['Left', 'Right'] },
  { name: 'Shot', color: '#00ff00', hotkey: 's', leadSeconds: 2, lagSeconds: 3 },
  { name: 'Point', color: '#0000ff', hotkey: null, leadSeconds: 0, lagSeconds: 0 },
];

/** Sets the active team's window of `owner` (200) and answers it. */
export async function setButtons(t: TeamsApp, owner: Person, buttons: PutCodesBody['buttons'] = TEST_BUTTONS): Promise<CodeWindow> {
  const res = await call(t, 'PUT', '/api/team/codes', owner.headers, { buttons });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CodeWindow;
}

/** A ready video of `owner`'s, 60 s long unless said. */
export const video = async (t: TeamsApp, owner: Person, options: { title?: string; durationSec?: number } = {}) => (await readyVideo(t, owner.username, options)).key;

export const videoTags = (key: string) => `/api/user/videos/${key}/tags`;
export const gameTags = (key: string) => `/api/live/${key}/tags`;

/** Presses a button on a video or game (`url`), expecting `status`; answers the tag. */
export async function press(t: TeamsApp, who: Person, url: string, body: Record<string, unknown>, status = 201): Promise<Tag> {
  const res = await call(t, 'POST', url, who.headers, body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Tag;
}

/** The tags of a video or game (`url`, with its query) as `who` reads them (200). */
export async function tagsOf(t: TeamsApp, who: Person, url: string): Promise<Tag[]> {
  const res = await call(t, 'GET', url, who.headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Tag[] }).items;
}

/** What a file keeps of a tag. */
export const instance = ({ code, start, end, labels }: Tag) => ({ code, start, end, labels });
