import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createMail, type MailRuntime } from '../../src/modules/mail/create-mail';
import { devOutboxRoutes } from '../../src/modules/mail/dev-outbox.routes';
import type { OutboxEntry } from '../../src/modules/mail/outbox-store';
import { registerErrorHandler } from '../../src/plugins/errors';
import { captureLog, tempDir } from './mail-test-helpers';
import { magicLink } from '../../src/modules/identity/mail/magic-link';
import { verificationCode } from '../../src/modules/identity/mail/verification-code';
import { passwordReset } from '../../src/modules/identity/mail/password-reset';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** node:http, not inject or fetch: both would normalise `..` in the path before the router sees it. */
function rawGet(app: FastifyInstance, path: string): Promise<{ status: number; body: string }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('dev outbox routes', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let mail: MailRuntime;
  let app: FastifyInstance;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    tmp = await tempDir();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp.dir });
    mail = createMail(config, captureLog().log);
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(devOutboxRoutes, { outbox: mail.outbox! });
    await app.listen({ host: '127.0.0.1', port: 0 });

    ids.coachLink = (await mail.mail.send('coach@example.com', { template: 'magic-link', ...magicLink({ link: 'https://teamfilm.test/login?uuid=u&token=first', expiresMinutes: 15, name: '<b>Coach</b>' }) })).messageId;
    ids.fan = (await mail.mail.send('fan@example.com', { template: 'password-reset', ...passwordReset({ link: 'https://teamfilm.test/reset?token=t', expiresMinutes: 60 }) })).messageId;
    ids.sms = (await mail.sms.send('+15550001111', 'Your Teamfilm code is 555111.')).messageId;
    ids.coachCode = (await mail.mail.send('coach@example.com', { template: 'verification-code', ...verificationCode({ code: '246810', expiresMinutes: 10 }) })).messageId;
  });
  afterAll(async () => {
    await app.close();
    await mail.close();
    await tmp.remove();
  });

  it('GET /dev/outbox lists every message newest first as an HTML page', async () => {
    const res = await app.inject('/dev/outbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(CSP);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.body;
    const order = [ids.coachCode, ids.sms, ids.fan, ids.coachLink].map((id) => body.indexOf(`href="/dev/outbox/${id}"`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(body).toContain('Your Teamfilm code: 246810');
    expect(body).toContain('Your Teamfilm sign-in link');
    expect(body).toContain('Your Teamfilm code is 555111.');
    expect(body).toContain('+15550001111');
  });

  it('GET /dev/outbox?to= filters the page and escapes the filter value', async () => {
    const res = await app.inject('/dev/outbox?to=%22%3E%3Cscript%3E');
    expect(res.body).toContain('No messages yet.');
    expect(res.body).not.toContain('"><script>');
    const fan = await app.inject('/dev/outbox?to=fan@example.com');
    expect(fan.body).toContain('Reset your Teamfilm password');
    expect(fan.body).not.toContain('sign-in link');
  });

  it('GET /dev/outbox.json filters by recipient, newest first, so tests can read links and codes', async () => {
    const res = await app.inject('/dev/outbox.json?to=Coach@Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const { messages } = res.json<{ messages: OutboxEntry[] }>();
    expect(messages.map((m) => m.id)).toEqual([ids.coachCode, ids.coachLink]);
    expect(messages[0]).toMatchObject({ channel: 'mail', to: 'coach@example.com', template: 'verification-code', subject: 'Your Teamfilm code: 246810' });
    expect(messages[1]!.text).toContain('https://teamfilm.test/login?uuid=u&token=first');

    const latest = await app.inject('/dev/outbox.json?limit=1');
    expect(latest.json<{ messages: OutboxEntry[] }>().messages.map((m) => m.id)).toEqual([ids.coachCode]);
    const sms = await app.inject('/dev/outbox.json?to=%2B15550001111');
    expect(sms.json<{ messages: OutboxEntry[] }>().messages).toEqual([expect.objectContaining({ id: ids.sms, channel: 'sms', text: 'Your Teamfilm code is 555111.' })]);
  });

  it('GET /dev/outbox.json rejects a limit out of range', async () => {
    for (const limit of ['0', '501', 'abc']) {
      const res = await app.inject(`/dev/outbox.json?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('GET /dev/outbox/:id serves the stored HTML under a strict CSP', async () => {
    const res = await app.inject(`/dev/outbox/${ids.coachLink}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toMatch(/^<!DOCTYPE html>/);
    expect(res.body).toContain('href="https://teamfilm.test/login?uuid=u&amp;token=first"');
    expect(res.body).toContain('Hi &lt;b&gt;Coach&lt;/b&gt;,');

    const text = await app.inject(`/dev/outbox/${ids.coachLink}?part=text`);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toContain('Hi <b>Coach</b>,');
  });

  it('GET /dev/outbox/:id serves an SMS as plain text', async () => {
    const res = await app.inject(`/dev/outbox/${ids.sms}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(CSP);
    expect(res.body).toBe('Your Teamfilm code is 555111.');
  });

  it('answers 404 JSON for unknown, malformed and path-traversal ids', async () => {
    const paths = [
      '/dev/outbox/00000000-0000-4000-8000-000000000000',
      '/dev/outbox/not-an-id',
      `/dev/outbox/${ids.coachLink!.toUpperCase()}`,
      // One path segment after decoding, so it reaches the route as the id `../../../etc/passwd`.
      '/dev/outbox/..%2F..%2F..%2Fetc%2Fpasswd',
    ];
    for (const path of paths) {
      const res = await app.inject(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toEqual({ statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'There is no message with this id in the outbox.' });
    }
    // Dot segments the router resolves itself land outside the route; they must still find nothing.
    for (const path of ['/dev/outbox/../../../etc/passwd', '/dev/outbox/%2e%2e', `/dev/outbox/${ids.sms}/..`]) {
      const res = await rawGet(app, path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toMatch(/root:|555111/);
    }
  });
});
