import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/app';
import { createLogger, redactUrl } from '../src/logger';
import { unsubscribeLinks } from '../src/modules/notifications/unsubscribe-token';
import { scheduleLinks } from '../src/modules/schedule/rsvp-token';
import { call, coach, invite, inviteToken, teamsApp, type Person, type TeamsApp } from './teams/helpers';
import { listen, openUpdates } from './updates/updates-helpers';
import { athlete, joinTeam, userId } from './videos/helpers';

/*
 * Capability links carry their secret in the URL, and the updates stream its access token in the query:
 * the request log (the app built with the server's own logger, its lines captured) names every such
 * request with the secret replaced by `[redacted]`, also when the token is unknown (404).
 */
let t: TeamsApp;
let app: FastifyInstance;
let owner: Person;
let member: Person;
const lines: string[] = [];
let onLine: ((line: string) => void) | undefined;

beforeAll(async () => {
  t = await teamsApp({ WORKERS: '0' });
  const logger = createLogger({ logLevel: 'info' }, {
    write(line: string) {
      lines.push(line);
      onLine?.(line);
    },
  });
  app = await build(t.config, t.runtime, { logger });
  owner = await coach(t, 'logcoach', 'Team Logs');
  member = await athlete(t, 'logmember');
  await joinTeam(t, 'logcoach', 'logmember');
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** The `request` line of every request logged from here on. */
const requestLines = () => lines.map((line) => JSON.parse(line) as { msg: string; req?: { method: string; url: string }; status?: number }).filter((l) => l.msg === 'request');

describe('the request log', () => {
  it('never holds a capability link’s token or a stream’s access token', async () => {
    const memberId = await userId(t, 'logmember');
    const created = await call(t, 'POST', '/api/team/schedule', owner.headers, { kind: 'practice', title: 'Logged', start: '2027-02-01T18:00', end: '2027-02-01T19:00', timeZone: 'UTC' });
    const itemId = created.json()._id as string;
    const links = await scheduleLinks(t.runtime.db);
    const rsvp = links.rsvpToken(memberId, itemId);
    const mailOff = links.mailOffToken(memberId);
    const unsubscribe = (await unsubscribeLinks(t.runtime.db)).token(memberId);
    const feed = /\/cal\/(.+)\.ics$/.exec((await call(t, 'GET', '/api/user/calendar', member.headers)).json().url)![1]!;
    expect((await invite(t, owner, 'logjoiner@example.com')).statusCode).toBe(200);
    const join = await inviteToken(t, 'logjoiner@example.com');
    const access = member.headers.authorization!.replace(/^Bearer /, '');
    const unknownFeed = 'A'.repeat(32);
    const secrets = [rsvp, mailOff, unsubscribe, feed, join, access, unknownFeed];

    lines.length = 0;
    const requests: [method: 'GET' | 'POST', url: string, status: number][] = [
      ['GET', `/cal/${feed}.ics`, 200],
      ['GET', `/cal/${unknownFeed}.ics`, 404],
      ['GET', `/api/rsvp/${rsvp}`, 200],
      ['POST', `/api/rsvp/${rsvp}`, 200],
      ['GET', `/api/rsvp/${rsvp.slice(0, -2)}AA`, 404],
      ['POST', `/api/schedule/unsubscribe/${mailOff}`, 200],
      ['GET', `/api/unsubscribe/${unsubscribe}`, 303],
      ['POST', `/api/unsubscribe/${unsubscribe}`, 200],
      ['GET', `/api/invites/${join}`, 200],
      // The web app's pages the links open (here without a built web app: a 404, logged the same way).
      ['GET', `/rsvp/${rsvp}?answer=going`, 404],
      ['GET', `/unsubscribe/schedule/${mailOff}`, 404],
      ['GET', `/unsubscribe/${unsubscribe}`, 404],
      ['GET', `/join/${join}`, 404],
      ['GET', `/api/updates?access_token=forged.${access}`, 401],
    ];
    for (const [method, url, status] of requests) {
      const res = await app.inject({ method, url, ...(method === 'POST' && url.startsWith('/api/rsvp/') && { payload: { answer: 'going' } }) });
      expect([url, res.statusCode]).toEqual([url, status]);
    }

    // A live stream with its access token in the query (as EventSource sends it), ended by the server's close.
    const base = await listen(app);
    const stream = await openUpdates(base, {}, `?access_token=${access}&lastEventId=1`);
    expect(stream.status).toBe(200);
    await stream.next();
    const logged = new Promise<void>((resolve) => (onLine = (line) => line.includes('"msg":"request"') && line.includes('/api/updates') && resolve()));
    await Promise.all([app.close(), logged]);

    const logText = lines.join('');
    for (const secret of secrets) {
      expect(logText).not.toContain(secret);
      expect(logText).not.toContain(encodeURIComponent(secret));
    }
    expect(requestLines().map((l) => l.req?.url)).toEqual([
      '/cal/[redacted]',
      '/cal/[redacted]',
      '/api/rsvp/[redacted]',
      '/api/rsvp/[redacted]',
      '/api/rsvp/[redacted]',
      '/api/schedule/unsubscribe/[redacted]',
      '/api/unsubscribe/[redacted]',
      '/api/unsubscribe/[redacted]',
      '/api/invites/[redacted]',
      '/rsvp/[redacted]?answer=going',
      '/unsubscribe/schedule/[redacted]',
      '/unsubscribe/[redacted]',
      '/join/[redacted]',
      '/api/updates?access_token=[redacted]',
      '/api/updates?access_token=[redacted]&lastEventId=1',
    ]);
  });

  it('reads a path as the router and the web app do, and leaves what is not secret', () => {
    expect(redactUrl('/RSVP/abc?Answer=going')).toBe('/RSVP/[redacted]?Answer=going');
    expect(redactUrl('//api//rsvp/abc/')).toBe('//api//rsvp/[redacted]/');
    expect(redactUrl('/api/%72svp/abc')).toBe('/api/%72svp/[redacted]');
    expect(redactUrl('/unsubscribe/schedule/abc')).toBe('/unsubscribe/schedule/[redacted]');
    expect(redactUrl('/api/invites/abc/accept')).toBe('/api/invites/[redacted]/accept');
    expect(redactUrl('/login?uuid=u&%74oken=abc&TOKEN=def&next=/a/b')).toBe('/login?uuid=u&%74oken=[redacted]&TOKEN=[redacted]&next=/a/b');
    expect(redactUrl('/storage/demo/v/low.mp4?X-Expires=1&X-Signature=abc')).toBe('/storage/demo/v/low.mp4?X-Expires=1&X-Signature=[redacted]');
    expect(redactUrl('/api/team/schedule/abc?from=2027-01-01')).toBe('/api/team/schedule/abc?from=2027-01-01');
    expect(redactUrl('/rsvp')).toBe('/rsvp');
  });
});
