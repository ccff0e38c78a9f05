import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, coach, createEvent, videosApp, type Person, type TeamsApp } from './events-helpers';

let t: TeamsApp;
let owner: Person;

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'rlcoach', 'Rams');
});
afterAll(() => t?.close());

describe('new ingest keys', () => {
  it('are limited to ten a minute per client, then 429 and the key stays', async () => {
    const { key } = await createEvent(t, owner);
    const statuses: number[] = [];
    let last = '';
    for (let i = 0; i < 12; i++) {
      const res = await call(t, 'POST', `/api/events/${key}/ingest`, owner.headers);
      statuses.push(res.statusCode);
      if (res.statusCode === 200) last = res.json().ingestKey as string;
      else expect(res.json().message).toMatch(/^Too many attempts/);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
    expect((await call(t, 'GET', `/api/events/${key}/ingest`, owner.headers)).json()).toEqual({ ingestKey: last });
  });
});
