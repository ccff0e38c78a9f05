import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athleteCardBody, EMAIL_LOOKUP_OWNER_ONLY, MEMBER_NOT_FOUND, profilePageBody, VERIFY_OWNER_ONLY } from '@app/contracts/profiles';
import { EMAIL_LOOKUPS_PER_HOUR } from '../../src/modules/profiles/profiles.routes';
import { call, coach, expectError, joinTeam, person, profilesApp, type Person, type TeamsApp } from './helpers';

let t: TeamsApp;
let owner: Person;
let athlete: Person;
let teammate: Person;
let outsider: Person;
let otherCoach: Person;
let otherTenant: Person;

beforeAll(async () => {
  t = await profilesApp();
  owner = await coach(t, 'cardcoach', 'Cards United');
  athlete = await person(t, 'cardathlete', { firstname: 'Avery', lastname: 'Stone' });
  teammate = await person(t, 'cardmate');
  outsider = await person(t, 'cardstranger');
  otherCoach = await coach(t, 'othercoach', 'Other Club');
  await joinTeam(t, 'othercoach', 'cardstranger');
  await joinTeam(t, 'cardcoach', 'cardathlete');
  await joinTeam(t, 'cardcoach', 'cardmate');
  // The same username in another tenant.
  otherTenant = await person(t, 'cardathlete', { other: true, email: 'cardathlete@eagles.example.com' });
});
afterAll(() => t?.close());

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const put = (who: Person, body: unknown) => call(t, 'PUT', '/api/user/me', who.headers, body);
const other = (who: Person, query: string) => call(t, 'GET', `/api/user/other?${query}`, who.headers);

/** Full years to today for a birthdate `years` years and one day ago. */
function birthdateYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

const card = {
  jersey: '23',
  email: 'changed@example.com',
  firstname: 'Avery',
  lastname: 'Stone',
  username: 'cardathlete',
  sport: 'Soccer',
  sportPosition: 'Striker',
  birthdate: birthdateYearsAgo(17),
  height: '5\'10"',
  weight: '160 lb',
  instagram: '@avery',
  twitter: '@averys',
  tiktok: '@averyt',
  kudos1: 'Captain',
  kudos2: 'MVP 2025',
  kudos3: 'All-state',
  coachcorner: 'Works hard.',
  shoutout: 'Best teammate.',
  beyond: 'Plays piano.',
};

describe('PUT /api/user/me: both shapes, the form rules and their messages', () => {
  it("takes the athlete card's shape and answers the record with the computed age; the e-mail stays", async () => {
    expect(Object.keys(athleteCardBody.shape).sort()).toEqual(Object.keys(card).sort());
    const res = await put(athlete, card);
    expect(res.statusCode, res.body).toBe(200);
    const { email: _ignored, ...stored } = card;
    expect(res.json()).toMatchObject({ ...stored, jersey: 23, email: 'cardathlete@example.com', name: 'Avery Stone', age: 17, images: [] });
    const me = (await call(t, 'GET', '/api/user/me', athlete.headers)).json();
    expect(me).toMatchObject({ age: 17, birthdate: card.birthdate, email: 'cardathlete@example.com' });
    // The age is computed, never stored.
    const [row] = await t.sql<{ profile: Record<string, unknown> }>(`SELECT profile FROM users WHERE username = 'cardathlete' AND tenant_id = 'demo'`);
    expect(row!.profile).not.toHaveProperty('age');
  });

  it("takes the profile page's shape", async () => {
    const page = {
      email: 'x@example.com',
      phone: '+1 555 0100',
      name: 'Casey Mate',
      username: 'cardmate',
      sport: 'Soccer',
      sportPosition: 'Keeper',
      city: 'Pittsburgh',
      birthdate: '2008-02-29',
      height: '6\'1"',
      weight: '180 lb',
      instagram: '@casey',
      twitter: '@caseyt',
      tiktok: '@caseyk',
    };
    expect(Object.keys(profilePageBody.shape).sort()).toEqual(Object.keys(page).sort());
    const res = await put(teammate, page);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...page, email: 'cardmate@example.com' });
    expect(typeof res.json().age).toBe('number');
  });

  it.each([
    [{ birthdate: 'yesterday' }, 'Birthdate must be a date'],
    [{ birthdate: '2008-02-30' }, 'Birthdate must be a date'],
    [{ birthdate: '1' }, 'Birthdate must be a date'],
    [{ birthdate: '2999-01-01' }, 'Birthdate cannot be in the future'],
    [{ birthdate: '1899-12-31' }, 'Birthdate must be in 1900 or later'],
    [{ birthdate: 20080101 }, 'Birthdate must be a date'],
    [{ jersey: 0 }, 'Jersey must be a number'],
    [{ jersey: '-3' }, 'Jersey must be a number'],
    [{ jersey: 'ten' }, 'Jersey must be a number'],
    [{ firstname: 'A' }, 'Name must be at least 2 characters'],
    [{ name: '' }, 'Name is required'],
    [{ username: '' }, 'Username is required'],
    [{ username: 'ab' }, 'Name must be at least 3 characters'],
    [{ username: 'bad name' }, 'Username can only contain alphanumeric characters, dashes, underscores, and plus signs'],
    [{}, 'A user update needs at least one property'],
  ])('refuses %j with the form message', async (body, message) => {
    // Validation errors name the field first: 'body.birthdate: Birthdate must be a date'.
    expectError(await put(athlete, body), 400, new RegExp(`(^|: )${escape(message)}$`));
  });

  it("answers 409 'Username already exists' for another account's name, in any case, and changes nothing", async () => {
    expectError(await put(athlete, { username: 'CARDMATE', sport: 'Tennis' }), 409, 'Username already exists');
    expect((await call(t, 'GET', '/api/user/me', athlete.headers)).json()).toMatchObject({ username: 'cardathlete', sport: 'Soccer' });
  });
});

describe('GET /api/user/other', () => {
  it('shows a teammate the card without e-mail, phone or birthdate: the age only', async () => {
    await put(athlete, { phone: '+1 555 0199', city: 'Erie' });
    const res = await other(teammate, 'username=CardAthlete&images=true&team=true');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ username: 'cardathlete', name: 'Avery Stone', age: 17, jersey: 23, sportPosition: 'Striker', city: 'Erie', images: [] });
    expect(body.team).toEqual({ owner: 'cardcoach', channel: 'main', description: 'Cards United', logo: null });
    for (const secret of ['email', 'phone', 'birthdate', 'userId', 'userUuid', 'updatedAt']) expect(body).not.toHaveProperty(secret);
    expect(JSON.stringify(body)).not.toContain(card.birthdate);
    // Without the flags: no images and no team.
    const plain = (await other(teammate, 'username=cardathlete')).json();
    expect(plain).not.toHaveProperty('images');
    expect(plain).not.toHaveProperty('team');
  });

  it('finds the caller themselves and the coach; outsiders and other tenants get 404 as an unknown name', async () => {
    expect((await other(athlete, 'username=cardathlete')).statusCode).toBe(200);
    expect((await other(owner, 'username=cardathlete')).statusCode).toBe(200);
    expect((await other(athlete, 'username=cardcoach')).statusCode).toBe(200);
    expectError(await other(outsider, 'username=cardathlete'), 404, MEMBER_NOT_FOUND);
    expectError(await other(athlete, 'username=cardstranger'), 404, MEMBER_NOT_FOUND);
    expectError(await other(athlete, 'username=nobody-here'), 404, MEMBER_NOT_FOUND);
    // The namesake in the other tenant sees nobody here, and is not found from here.
    expectError(await other(otherTenant, 'username=cardmate'), 404, MEMBER_NOT_FOUND);
    expect((await other(otherTenant, 'username=cardathlete')).json().name).not.toBe('Avery Stone');
    expect((await call(t, 'GET', '/api/user/other?username=cardathlete')).statusCode).toBe(401);
  });

  it('refuses a query without exactly one of username and email', async () => {
    expectError(await other(athlete, ''), 400, /Give either a username or an email\.$/);
    expectError(await other(athlete, 'username=a&email=a@example.com'), 400, /Give either a username or an email\.$/);
    expectError(await other(athlete, 'email=not-an-email'), 400, /Invalid email address$/);
  });

  it('looks up an e-mail only for a team owner, with the username, name and picture at most, rate limited per user', async () => {
    expectError(await other(athlete, 'email=cardmate@example.com'), 403, EMAIL_LOOKUP_OWNER_ONLY);
    const found = await other(owner, 'email=CardStranger@Example.com');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({ username: 'cardstranger', name: null, image: null });
    expectError(await other(owner, 'email=nobody@example.com'), 404, MEMBER_NOT_FOUND);
    // Another tenant's account is not found.
    expectError(await other(owner, 'email=cardathlete@eagles.example.com'), 404, MEMBER_NOT_FOUND);
    for (let i = 3; i < EMAIL_LOOKUPS_PER_HOUR; i++) expect((await other(owner, `email=someone${i}@example.com`)).statusCode).toBe(404);
    expectError(await other(owner, 'email=cardstranger@example.com'), 429, /Too many attempts/);
    // Card lookups are not counted.
    expect((await other(owner, 'username=cardathlete')).statusCode).toBe(200);
  });
});

describe('coach-verified measurables', () => {
  const verify = (who: Person, username: string, body: unknown) => call(t, 'PUT', `/api/team/members/${username}/verified`, who.headers, body);

  it("lets the team's owner verify a member's current values; an edit by the athlete drops that badge only", async () => {
    await put(athlete, { height: '5\'10"', jersey: 23, weight: '160 lb', sportPosition: 'Striker' });
    expectError(await verify(athlete, 'cardathlete', { height: true }), 403, VERIFY_OWNER_ONLY);
    expectError(await verify(teammate, 'cardathlete', { height: true }), 403, VERIFY_OWNER_ONLY);
    // The owner of another team, and a member of none of the owner's teams.
    expectError(await verify(otherCoach, 'cardathlete', { height: true }), 404, MEMBER_NOT_FOUND);
    expectError(await verify(owner, 'cardstranger', { height: true }), 404, MEMBER_NOT_FOUND);
    expectError(await verify(owner, 'cardmate', { jersey: true }), 400, 'There is no jersey to verify.');
    expectError(await verify(owner, 'cardathlete', {}), 400, /Name at least one of height, weight, jersey and sportPosition\.$/);

    const res = await verify(owner, 'cardathlete', { height: true, jersey: true, sportPosition: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().verified).toEqual(['height', 'jersey', 'sportPosition']);
    expect((await other(teammate, 'username=cardathlete')).json().verified).toEqual(['height', 'jersey', 'sportPosition']);

    // The same jersey again keeps its badge; a new height loses it.
    const edited = (await put(athlete, { height: '5\'11"', jersey: '23' })).json();
    expect(edited.verified).toEqual(['jersey', 'sportPosition']);
    expect((await verify(owner, 'cardathlete', { sportPosition: false })).json().verified).toEqual(['jersey']);
    // Put back the verified height: still not verified, the coach verifies again.
    expect((await put(athlete, { height: '5\'10"' })).json().verified).toEqual(['jersey']);
  });
});
