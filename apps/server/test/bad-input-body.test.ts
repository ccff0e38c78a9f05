import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodTypeAny } from 'zod';
import { call, coach, teamsApp, type Person, type TeamsApp } from './teams/helpers';
import { athlete, joinTeam } from './videos/helpers';

// PostgreSQL text cannot hold U+0000: a NUL anywhere in a body must be refused before it reaches a query.
const NUL_TEXT = 'Text may not contain a NUL character';
const NUL_NAME = 'A field name may not contain a NUL character';

interface BodyRoute {
  method: string;
  url: string;
  body: ZodTypeAny;
}

let t: TeamsApp;
let owner: Person;
let member: Person;
const routes: BodyRoute[] = [];

beforeAll(async () => {
  t = await teamsApp({ WORKERS: '0' }, {}, {
    onRoute: (route: RouteOptions) => {
      const body = route.schema?.body as ZodTypeAny | undefined;
      // A route that takes a file of another kind (a tag file: XML or CSV) refuses JSON with a 415 and reads no JSON at all.
      const consumes = route.schema?.consumes as string[] | undefined;
      if (!body || (consumes && !consumes.includes('application/json'))) return;
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, body });
    },
  });
  owner = await coach(t, 'nulcoach', 'Team Nul');
  member = await athlete(t, 'nulmember');
  await joinTeam(t, 'nulcoach', 'nulmember');
});
afterAll(() => t?.close());

function expectNulRefused(res: LightMyRequestResponse, message: string, what = message) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  expect(res.json(), what).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message });
}

/** A body of the schema's shape: every property present, one element per array, the first option of a union. */
function sample(schema: ZodTypeAny): unknown {
  const def = schema._def;
  switch (def.typeName) {
    case 'ZodObject':
      return Object.fromEntries(Object.entries(def.shape() as Record<string, ZodTypeAny>).map(([key, value]) => [key, sample(value)]));
    case 'ZodOptional':
    case 'ZodNullable':
    case 'ZodDefault':
    case 'ZodCatch':
    case 'ZodReadonly':
      return sample(def.innerType);
    case 'ZodEffects':
      return sample(def.schema);
    case 'ZodPipeline':
      return sample(def.in);
    case 'ZodBranded':
      return sample(def.type);
    case 'ZodLazy':
      return sample(def.getter());
    case 'ZodArray':
      return [sample(def.type)];
    case 'ZodTuple':
      return (def.items as ZodTypeAny[]).map(sample);
    case 'ZodRecord':
      return { key: sample(def.valueType) };
    case 'ZodIntersection':
      return { ...(sample(def.left) as object), ...(sample(def.right) as object) };
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion': {
      // The first option that holds text, so there is a string to put a NUL in.
      const options = [...(def.options as Iterable<ZodTypeAny>)].map(sample);
      return options.find((o) => stringPaths(o).length > 0) ?? options[0];
    }
    case 'ZodString':
    case 'ZodAny':
    case 'ZodUnknown':
      return 'text';
    case 'ZodNumber':
      return 1;
    case 'ZodBoolean':
      return true;
    case 'ZodNull':
      return null;
    case 'ZodLiteral':
      return def.value;
    case 'ZodEnum':
      return def.values[0];
    case 'ZodNativeEnum':
      return Object.values(def.values)[0];
    default:
      throw new Error(`no sample for ${def.typeName}`);
  }
}

/** The path of every string in a value. */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => stringPaths(child, [...path, key]));
}

function withNulAt(value: unknown, path: string[]): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  if (path.length === 0) return 'a\0b';
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1)!] = `${String(node[path.at(-1)!])}\0`;
  return copy;
}

const urlOf = (route: BodyRoute) => route.url.replaceAll(/:[A-Za-z_]\w*(\([^)]*\))?/g, 'x').replace('*', 'x');

describe('a NUL in a JSON body', () => {
  it('is a 400 naming the field, for every string of every route that takes a body', async () => {
    expect(routes.length).toBeGreaterThan(40);
    let strings = 0;
    const wrong: string[] = [];
    for (const route of routes) {
      const body = sample(route.body);
      for (const path of stringPaths(body)) {
        strings++;
        const res = await t.app.inject({ method: route.method as 'POST', url: urlOf(route), headers: owner.headers, payload: withNulAt(body, path) as object });
        const message = `${['body', ...path].join('.')}: ${NUL_TEXT}`;
        if (res.statusCode !== 400 || res.json().message !== message) wrong.push(`${route.method} ${route.url} ${message}: ${res.statusCode} ${res.body}`);
      }
      if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
        const res = await t.app.inject({ method: route.method as 'POST', url: urlOf(route), headers: owner.headers, payload: { ...body, 'na\0me': 'x' } });
        if (res.statusCode !== 400 || res.json().message !== `body: ${NUL_NAME}`) wrong.push(`${route.method} ${route.url} key: ${res.statusCode} ${res.body}`);
      }
    }
    expect(strings).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it('names a nested field and a key inside a nested object', async () => {
    const res = await call(t, 'POST', '/api/user/notifications/read', member.headers, { ids: ['a', 'b\0'] });
    expectNulRefused(res, `body.ids.1: ${NUL_TEXT}`);
    const key = await call(t, 'PUT', '/api/user/recruiting', member.headers, { fields: { 'ag\0e': true } });
    expectNulRefused(key, `body.fields: ${NUL_NAME}`);
  });

  it('refuses the board subject, message and reply, and stores nothing', async () => {
    const before = await t.sql<{ n: string }>(`SELECT count(*) AS n FROM channel_messages`);
    expectNulRefused(await call(t, 'POST', '/api/team/board', member.headers, { subject: 'Bus\0', message: 'At six' }), `body.subject: ${NUL_TEXT}`);
    expectNulRefused(await call(t, 'POST', '/api/team/board', member.headers, { subject: 'Bus', message: 'At\0six' }), `body.message: ${NUL_TEXT}`);
    const post = await call(t, 'POST', '/api/team/board', member.headers, { subject: 'Bus', message: 'At six' });
    expect(post.statusCode, post.body).toBe(201);
    expectNulRefused(await call(t, 'POST', `/api/team/board/${post.json().id}`, owner.headers, { message: 'ok\0' }), `body.message: ${NUL_TEXT}`);
    const after = await t.sql<{ n: string }>(`SELECT count(*) AS n FROM channel_messages`);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n) + 1);
  });

  it('refuses a direct message', async () => {
    const before = await t.sql<{ n: string }>(`SELECT count(*) AS n FROM notifications`);
    const res = await call(t, 'POST', '/api/user/messages', owner.headers, { type: 'link', action: null, recipient: 'nulmember', message: 'Hi\0' });
    expectNulRefused(res, `body.message: ${NUL_TEXT}`);
    expect(await t.sql(`SELECT count(*) AS n FROM notifications`)).toEqual(before);
  });

  it('refuses a schedule title, location and RSVP note, and stores nothing', async () => {
    const item = { kind: 'practice', title: 'Practice', start: '2027-05-01T18:00', end: '2027-05-01T19:30', timeZone: 'Europe/Berlin', location: 'Field 1' };
    expectNulRefused(await call(t, 'POST', '/api/team/schedule', owner.headers, { ...item, title: 'Prac\0tice' }), `body.title: ${NUL_TEXT}`);
    expectNulRefused(await call(t, 'POST', '/api/team/schedule', owner.headers, { ...item, location: '\0' }), `body.location: ${NUL_TEXT}`);
    expect(await t.sql(`SELECT id FROM schedule_items`)).toEqual([]);
    const created = await call(t, 'POST', '/api/team/schedule', owner.headers, item);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    expectNulRefused(await call(t, 'PUT', `/api/team/schedule/${id}`, owner.headers, { location: 'Gym\0' }), `body.location: ${NUL_TEXT}`);
    expectNulRefused(await call(t, 'PUT', `/api/team/schedule/${id}/rsvp`, member.headers, { answer: 'going', note: 'late\0' }), `body.note: ${NUL_TEXT}`);
    expect(await t.sql(`SELECT location FROM schedule_items`)).toEqual([{ location: 'Field 1' }]);
    expect(await t.sql(`SELECT answer FROM schedule_rsvps`)).toEqual([]);
  });

  it('refuses every text field of PUT /api/user/me, and keeps the record as it was', async () => {
    const me = await call(t, 'GET', '/api/user/me', member.headers);
    for (const field of ['name', 'kudos1', 'city', 'sport', 'coachcorner', 'birthdate', 'teamAvatar']) {
      expectNulRefused(await call(t, 'PUT', '/api/user/me', member.headers, { [field]: `x\0` }), `body.${field}: ${NUL_TEXT}`, field);
    }
    expectNulRefused(await call(t, 'PUT', '/api/user/me', member.headers, { 'ci\0ty': 'Berlin' }), `body: ${NUL_NAME}`);
    expect((await call(t, 'GET', '/api/user/me', member.headers)).json()).toEqual(me.json());
  });

  it("refuses the recruiting card's reelId", async () => {
    expectNulRefused(await call(t, 'PUT', '/api/user/recruiting', member.headers, { reelId: 'abc\0' }), `body.reelId: ${NUL_TEXT}`);
  });
});

describe('a NUL in a form body', () => {
  it('is refused like a JSON one (the sign-in callback a provider posts)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v0/tenants/demo/auth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'state=abc&code=x%00y',
    });
    expectNulRefused(res, `body.code: ${NUL_TEXT}`);
  });
});
