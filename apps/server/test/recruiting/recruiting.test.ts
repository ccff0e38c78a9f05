import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_NOT_AVAILABLE, DEFAULT_CARD_FIELDS, RECRUITING_REEL_NOT_FOUND, RECRUITING_REEL_NOT_SHARED, type RecruitingSettings } from '@app/contracts/recruiting';
import { call, coach, expectError, joinTeam, markCut, person, readyVideo, setSharing, type Person, type ReadyVideo, type TeamsApp } from '../clips/helpers';
import { uploadImage } from '../profiles/helpers';
import { PUBLIC_URL, teamsApp } from '../teams/helpers';

const RATE_LIMIT = 30;
const NAME = 'Avery "Rocket" <Stone> & Co';
const PRIVATE = { email: 'avery.private@example.com', phone: '+1 555 0199', birthdate: '2008-03-14', city: 'Springfield' };

let t: TeamsApp;
let webDist: string;
let owner: Person;
let avery: Person;
let game: ReadyVideo;
let heroId: string;

// Each public read comes from its own address, so only the rate-limit test meets the limit.
let visitor = 0;
const nextIp = () => `198.51.${Math.floor(visitor / 250)}.${(visitor++ % 250) + 1}`;
const publicCard = (id: string, remoteAddress = nextIp()) => t.app.inject({ method: 'GET', url: `/api/a/${id}`, remoteAddress });
const page = (id: string) => t.app.inject({ method: 'GET', url: `/a/${id}`, remoteAddress: nextIp() });
const settings = (who: Person) => call(t, 'GET', '/api/user/recruiting', who.headers);
async function save(who: Person, body: unknown): Promise<RecruitingSettings> {
  const res = await call(t, 'PUT', '/api/user/recruiting', who.headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A reel of one cut clip of the coach's game, made by `who`; shared when asked. */
async function reelOf(who: Person, moment: number, shared: boolean): Promise<string> {
  const clip = await call(t, 'POST', `/api/user/videos/${game.key}/clips`, who.headers, { timestamp: moment, duration: 2 });
  expect(clip.statusCode, clip.body).toBe(201);
  await markCut(t, clip.json()._id);
  const reel = await call(t, 'POST', `/api/user/reels/${game.key}`, who.headers, { clips: [clip.json().clip_id] });
  expect(reel.statusCode, reel.body).toBe(201);
  if (shared) expect((await setSharing(t, who, reel.json().reelId, true)).statusCode).toBe(200);
  return reel.json().reelId;
}

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><head><meta name="description" content="The app" /><title>Teamfilm</title></head><body><div id="root"></div></body></html>');
  t = await teamsApp({ AUTH_RATE_LIMIT: String(RATE_LIMIT) }, { webDist });
  owner = await coach(t, 'cardcoach', 'Lakeside FC');
  avery = await person(t, 'avery', { email: PRIVATE.email });
  await joinTeam(t, 'cardcoach', 'avery');
  const me = await call(t, 'PUT', '/api/user/me', avery.headers, {
    name: NAME,
    phone: PRIVATE.phone,
    birthdate: PRIVATE.birthdate,
    city: PRIVATE.city,
    jersey: 9,
    sport: 'Soccer',
    sportPosition: 'Striker',
    height: '5\'10"',
    weight: '160 lb',
    instagram: '@avery.goals',
    twitter: 'javascript:alert(1)',
    kudos1: 'Captain',
  });
  expect(me.statusCode, me.body).toBe(200);
  expect((await call(t, 'PUT', '/api/team/members/avery/verified', owner.headers, { height: true })).statusCode).toBe(200);
  const hero = await sharp({ create: { width: 2000, height: 800, channels: 3, background: '#2a6' } }).jpeg().toBuffer();
  heroId = (await uploadImage(t, avery, hero, 'hero'))._id;
  game = await readyVideo(t, 'cardcoach', { durationSec: 30 });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('the owner publishes the card at an unguessable link', () => {
  it('is off by default, with the athletic fields ticked and e-mail, phone, birthdate and city not', async () => {
    const res = await settings(avery);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ published: false, id: null, url: null, fields: DEFAULT_CARD_FIELDS, reelId: null });
    expect(DEFAULT_CARD_FIELDS).toMatchObject({ email: false, phone: false, birthdate: false, city: false, name: true, height: true });
  });

  it('on: the link shows the ticked fields signed out, and never the private ones by default', async () => {
    const on = await save(avery, { published: true });
    expect(on.id).toMatch(/^[A-Za-z0-9_-]{22,}$/); // 128+ bits in base64url
    expect(on.url).toBe(`${PUBLIC_URL}/a/${on.id}`);
    const res = await publicCard(on.id!);
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json();
    expect(card).toMatchObject({ name: NAME, jersey: '9', sport: 'Soccer', position: 'Striker', height: '5\'10"', team: { name: 'Lakeside FC' }, kudos: ['Captain'], verified: ['height'] });
    expect(card.age).toBeGreaterThanOrEqual(17);
    // Socials are links built from handles on the network's own https address; anything else is left out.
    expect(card.socials).toEqual([{ network: 'instagram', handle: 'avery.goals', url: 'https://www.instagram.com/avery.goals/' }]);
    expect(card.hero.sources.full).toBe(`/api/images/${heroId}/1600.webp`);
    for (const key of ['email', 'phone', 'birthdate', 'city', 'username']) expect(card).not.toHaveProperty(key);
    for (const secret of Object.values(PRIVATE)) expect(res.body).not.toContain(secret);
    // The image addresses serve without sign-in (the address is the key).
    expect((await t.app.inject({ method: 'GET', url: card.hero.sources.full })).statusCode).toBe(302);
  });

  it('shows a private field only once ticked, and hides an unticked one', async () => {
    const { id } = await save(avery, { published: true, fields: { email: true, phone: true, name: false, height: false } });
    const card = (await publicCard(id!)).json();
    expect(card).toMatchObject({ email: PRIVATE.email, phone: PRIVATE.phone });
    expect(card).not.toHaveProperty('name');
    expect(card).not.toHaveProperty('height');
    // The coach's badge goes with the measurable it vouches for.
    expect(card.verified).toEqual([]);
    // A tick alone (no `published`) leaves the switch as it is.
    expect(await save(avery, { fields: { email: false, phone: false, name: true, height: true } })).toMatchObject({ published: true, id });
  });

  it('off: the link answers 404 at once, exactly as an unknown one; on again brings the same link back', async () => {
    const { id } = await save(avery, { published: true });
    const off = await save(avery, { published: false });
    expect(off).toMatchObject({ published: false, id: null, url: null });
    const res = await publicCard(id!);
    expectError(res, 404, CARD_NOT_AVAILABLE);
    expect(res.body).toBe((await publicCard('AAAAAAAAAAAAAAAAAAAAAAAA')).body);
    expect((await save(avery, { published: true })).id).toBe(id);
    expect((await publicCard(id!)).statusCode).toBe(200);
  });

  it('a new link kills the old one', async () => {
    const { id: old } = await save(avery, { published: true });
    const res = await call(t, 'POST', '/api/user/recruiting/rotate', avery.headers);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json() as RecruitingSettings;
    expect(fresh.published).toBe(true);
    expect(fresh.id).not.toBe(old);
    expectError(await publicCard(old!), 404, CARD_NOT_AVAILABLE);
    expect((await publicCard(fresh.id!)).statusCode).toBe(200);
  });

  it('refuses bad input with a clear 400 and a caller without a record with 409', async () => {
    expectError(await call(t, 'PUT', '/api/user/recruiting', avery.headers, { published: 'yes' }), 400, /^body\.published: /);
    expectError(await call(t, 'PUT', '/api/user/recruiting', avery.headers, { published: true, fields: { password: true } }), 400);
    expectError(await call(t, 'PUT', '/api/user/recruiting', avery.headers, { published: true, fields: { email: 'yes' } }), 400, /^body\.fields\.email: /);
    expectError(await call(t, 'GET', '/api/user/recruiting'), 401);
    const unregistered = await person(t, 'noproductrecord', { register: false });
    expectError(await settings(unregistered), 409);
  });
});

describe('the reel on the card', () => {
  it("refuses someone else's reel and an own reel whose share link is off", async () => {
    const coachReel = await reelOf(owner, 1, true);
    expectError(await call(t, 'PUT', '/api/user/recruiting', avery.headers, { published: true, reelId: coachReel }), 400, `body.reelId: ${RECRUITING_REEL_NOT_FOUND}`);
    const privateReel = await reelOf(avery, 4, false);
    expectError(await call(t, 'PUT', '/api/user/recruiting', avery.headers, { published: true, reelId: privateReel }), 400, `body.reelId: ${RECRUITING_REEL_NOT_SHARED}`);
    expect((await settings(avery)).json().reelId).toBeNull();
  });

  it('plays a shared reel of the athlete, goes when its link is switched off, and is gone when deleted', async () => {
    const reelId = await reelOf(avery, 8, true);
    const { id } = await save(avery, { published: true, reelId });
    const card = (await publicCard(id!)).json();
    expect(card.reel).toMatchObject({ reelId, shared: true });
    expect(card.reel.chunks).toHaveLength(1);
    expect(card.reel.chunks[0].source).toContain('/clips/');

    expect((await setSharing(t, avery, reelId, false)).statusCode).toBe(200);
    expect((await publicCard(id!)).json()).not.toHaveProperty('reel');
    expect((await setSharing(t, avery, reelId, true)).statusCode).toBe(200);
    expect((await publicCard(id!)).json().reel.reelId).toBe(reelId);

    expect((await call(t, 'DELETE', `/api/user/reels/${reelId}`, avery.headers)).statusCode).toBe(204);
    expect((await publicCard(id!)).json()).not.toHaveProperty('reel');
    expect((await settings(avery)).json().reelId).toBeNull();
  });
});

describe('the page /a/{id} carries its link preview', () => {
  it('puts the escaped Open Graph and Twitter tags of a published card into index.html, the CSP intact', async () => {
    const { id } = await save(avery, { published: true });
    const res = await page(id!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const escaped = 'Avery &quot;Rocket&quot; &lt;Stone&gt; &amp; Co';
    expect(res.body).toContain(`<title>${escaped}</title>`);
    expect(res.body).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(res.body).toContain('<meta property="og:description" content="Soccer · Striker · Lakeside FC" />');
    expect(res.body).toContain('<meta name="description" content="Soccer · Striker · Lakeside FC" />');
    expect(res.body).not.toContain('The app');
    expect(res.body).toContain(`<meta property="og:image" content="${PUBLIC_URL}/api/images/${heroId}/1600.webp" />`);
    expect(res.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/a/${id}" />`);
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(res.body).not.toContain('<Stone>');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('names a sport saved as its code, on the card and in its preview', async () => {
    expect((await call(t, 'PUT', '/api/user/me', avery.headers, { sport: 'FHK' })).statusCode).toBe(200);
    try {
      const { id } = await save(avery, { published: true });
      expect((await publicCard(id!)).json()).toMatchObject({ sport: 'Field Hockey' });
      const res = await page(id!);
      expect(res.body).toContain('<meta property="og:description" content="Field Hockey · Striker · Lakeside FC" />');
      expect(res.body).not.toContain('FHK');
    } finally {
      await call(t, 'PUT', '/api/user/me', avery.headers, { sport: 'Soccer' });
    }
  });

  it('serves the plain app with 404 and nothing personal for an unpublished or unknown card', async () => {
    const { id } = await save(avery, { published: true });
    await save(avery, { published: false });
    for (const url of [id!, 'AAAAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await page(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('og:');
      expect(res.body).toContain('<title>Teamfilm</title>');
      expect(res.body).not.toContain('Avery');
      expect(res.body).not.toContain('Soccer');
    }
  });
});

describe('GET /api/a/{id}', () => {
  it('is rate limited per client, known links and guesses alike', async () => {
    const { id } = await save(avery, { published: true });
    const ip = '203.0.113.50';
    expect((await publicCard(id!, ip)).statusCode).toBe(200);
    for (let i = 1; i < RATE_LIMIT; i++) expect((await publicCard(`guess${i}`, ip)).statusCode).toBe(404);
    expectError(await publicCard(id!, ip), 429, /^Too many attempts\. Please wait /);
    // Another client is not affected.
    expect((await publicCard(id!)).statusCode).toBe(200);
  });
});
