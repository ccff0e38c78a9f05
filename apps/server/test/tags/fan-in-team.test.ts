import { NOT_A_TEAM_MEMBER } from '@app/contracts/talk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILM_STUDY_TEAM_ONLY } from '../../src/modules/tags/film-study-team';
import { TAG_NOT_FOUND } from '../../src/modules/tags/tags.service';
import { joinTeam, person } from '../videos/helpers';
import { call, createEvent, expectError, gameTags, press, setButtons, tagsTeam, video, videosApp, videoTags, type Person, type TagsTeam, type TeamsApp } from './helpers';

let t: TeamsApp;
let team: TagsTeam;
/** A fan who joined the team: watches its videos and games, never sees its film study. */
let fan: Person;
let key: string;
let game: string;
let tagId: string;

beforeAll(async () => {
  t = await videosApp();
  team = await tagsTeam(t, 'ft');
  fan = await person(t, 'ftmember', { type: 'fan' });
  expect((await call(t, 'POST', '/api/billing/local/subscribe', fan.headers, { type: 'fan' })).statusCode).toBeLessThan(300);
  await joinTeam(t, team.owner.username, fan.username);
  await setButtons(t, team.owner);
  key = await video(t, team.owner, { title: 'Derby' });
  game = (await createEvent(t, team.owner, { title: 'Lions vs Bears', public: true })).key;
  tagId = (await press(t, team.ann, videoTags(key), { code: 'Goal', at: 20 }))._id;
});
afterAll(() => t?.close());

describe('a fan in the team', () => {
  it('watches the video and the game', async () => {
    expect((await call(t, 'GET', `/api/user/videos/${key}`, fan.headers)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/live/${game}`, fan.headers)).statusCode).toBe(200);
  });

  it('never sees the code window or the tags of a video or a game, nor tags them (403)', async () => {
    expectError(await call(t, 'GET', '/api/team/codes', fan.headers), 403, FILM_STUDY_TEAM_ONLY);
    expectError(await call(t, 'PUT', '/api/team/codes', fan.headers, { buttons: [] }), 403, FILM_STUDY_TEAM_ONLY);
    expectError(await call(t, 'GET', videoTags(key), fan.headers), 403, FILM_STUDY_TEAM_ONLY);
    expectError(await call(t, 'POST', videoTags(key), fan.headers, { code: 'Goal', at: 10 }), 403, FILM_STUDY_TEAM_ONLY);
    expectError(await call(t, 'GET', `${videoTags(key)}/export?format=csv`, fan.headers), 403, FILM_STUDY_TEAM_ONLY);
    const imported = await t.app.inject({ method: 'POST', url: `${videoTags(key)}/import`, headers: { ...fan.headers, 'content-type': 'text/csv' }, payload: 'code,start,end,labels\nGoal,1,2,\n' });
    expectError(imported, 403, FILM_STUDY_TEAM_ONLY);
    expectError(await call(t, 'GET', gameTags(game), fan.headers), 403, FILM_STUDY_TEAM_ONLY);
    expectError(await call(t, 'POST', gameTags(game), fan.headers, { code: 'Goal' }), 403, FILM_STUDY_TEAM_ONLY);
  });

  it('is told no more of a tag than anyone outside the team (404)', async () => {
    expectError(await call(t, 'PUT', `/api/user/tags/${tagId}`, fan.headers, { labels: ['Left'] }), 404, TAG_NOT_FOUND);
    expectError(await call(t, 'DELETE', `/api/user/tags/${tagId}`, fan.headers), 404, TAG_NOT_FOUND);
    // The teammates still have it all.
    expect((await call(t, 'GET', videoTags(key), team.bob.headers)).json().items).toHaveLength(1);
    expect((await call(t, 'GET', '/api/team/codes', team.bob.headers)).statusCode).toBe(200);
  });

  it('a fan in no team is still told they are in none', async () => {
    expectError(await call(t, 'GET', '/api/team/codes', team.fan.headers), 403, NOT_A_TEAM_MEMBER);
  });
});
