import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from './live/events-helpers';
import { call, coach, readyVideo, videosApp, type Person, type ReadyVideo, type TeamsApp } from './clips/helpers';

let t: TeamsApp;
let owner: Person;
let game: ReadyVideo;
let eventKey: string;

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'badinput', 'Bad Inputs');
  game = await readyVideo(t, 'badinput');
  eventKey = (await createEvent(t, owner)).key;
});
afterAll(() => t?.close());

/** A client error in our JSON error shape, never a 500. */
function expectClientError(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
  expect(res.json(), what).toEqual({ statusCode: res.statusCode, code: expect.any(String), error: expect.any(String), message: expect.any(String) });
}

describe('a NUL (%00) in a path or a query', () => {
  it.each([
    ['GET', '/api/reels/%00', false],
    ['GET', '/api/events/%00/cheers', false],
    ['GET', '/api/live/%00/index.m3u8?token=x', false],
    ['GET', '/api/user/reels/%00', true],
    ['GET', '/api/user/clips/%00/1/chunk', true],
    ['GET', '/api/live/%00', true],
    ['PUT', '/api/teams/badinput%00/main/follow', true],
    ['GET', '/api/events?q=a%00b', true],
  ] as const)('%s %s is a 400 that names it', async (method, url, signedIn) => {
    const res = await call(t, method, url, signedIn ? owner.headers : {});
    expectClientError(res, url);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The address contains a NUL character (%00), which no path or query may hold.');
  });

  it('is refused by every registered route, with %00 in each of its parameters', async () => {
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(60);
    for (const { method, path } of routes) {
      const withNul = path.replaceAll(/:[A-Za-z_]+/g, '%00').replace('*', '%00');
      const url = withNul.includes('%00') ? withNul : `${withNul}?id=%00`;
      const res = await call(t, method as 'GET', url, owner.headers, method === 'GET' ? undefined : {});
      expectClientError(res, `${method} ${url}`);
    }
  });
});

/**
 * The routes of Fastify's route tree (`printRoutes({ commonPrefix: false })`): each line is a path
 * segment under its parent at 4 characters per level, with its methods; `/:a|:b` names one parameter twice.
 */
function registeredRoutes(tree: string): { method: string; path: string }[] {
  const parents: string[] = [];
  const routes: { method: string; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ├└─]*)(\S.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!.replace(/\|:[A-Za-z_]+/g, '');
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, path });
  }
  return routes;
}

describe('numbers out of range', () => {
  const lists = () => [
    '/api/user/clips',
    '/api/team/clips',
    '/api/user/reels',
    `/api/user/clips/${eventKey}`,
    '/api/team/archives',
    '/api/team/upcoming',
    '/api/events',
    '/api/events?status=ended',
  ];
  const at = (list: string, timestamp: string) => `${list}${list.includes('?') ? '&' : '?'}timestamp=${timestamp}`;

  it.each(['100000000000000000000', '8640000000000001'])('?timestamp=%s on every paged list is a 400 naming it', async (timestamp) => {
    for (const list of lists()) {
      const res = await call(t, 'GET', at(list, timestamp), owner.headers);
      expectClientError(res, list);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^querystring\.timestamp: /);
    }
  });

  it('the latest time a date can hold is still a cursor', async () => {
    const failed = [];
    for (const list of lists()) if ((await call(t, "GET", at(list, '8640000000000000'), owner.headers)).statusCode !== 200) failed.push(list);
    expect(failed).toEqual([]);
  });

  it("the video library's cursor (a date) reads the newest page at the latest date JavaScript holds, and says what is wrong with one past it", async () => {
    expect((await call(t, 'GET', '/api/user/videos?timestamp=%2B275760-09-13T00:00:00.000Z', owner.headers)).statusCode).toBe(200);
    const res = await call(t, 'GET', '/api/user/videos?timestamp=%2B275760-09-13T00:00:00.001Z', owner.headers);
    expectClientError(res, 'video library');
    expect(res.json().message).toMatch(/^querystring\.timestamp: /);
  });

  it('a clip id past the safe integers is a 400 naming it', async () => {
    const res = await call(t, 'POST', `/api/user/reels/${game.key}`, owner.headers, { clips: [100000000000000000000] });
    expectClientError(res, 'POST reel');
    expect(res.json().message).toMatch(/^body\.clips\.0: Must be at most 9007199254740991/);
  });
});
