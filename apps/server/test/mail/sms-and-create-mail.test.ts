import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createMail } from '../../src/modules/mail/create-mail';
import { OutboxStore } from '../../src/modules/mail/outbox-store';
import { createConsoleSmsSender, createOutboxSmsSender } from '../../src/modules/mail/sms';
import { captureLog, tempDir } from './mail-test-helpers';
import { passwordReset } from '../../src/modules/identity/mail/password-reset';

describe('SMS providers', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    tmp = await tempDir();
  });
  afterEach(() => tmp.remove());

  it('outbox provider writes an sms file next to the mails, without logging the text', async () => {
    const store = new OutboxStore(path.join(tmp.dir, 'outbox'));
    const capture = captureLog();
    const sms = createOutboxSmsSender(store, capture.log);
    const sent = await sms.send('+15550001111', 'Your Teamfilm code is 424242.');
    expect(await store.read(sent.messageId)).toMatchObject({ id: sent.messageId, channel: 'sms', to: '+15550001111', text: 'Your Teamfilm code is 424242.' });
    expect(capture.raw()).toContain(sent.messageId);
    expect(capture.raw()).not.toContain('424242');
  });

  it('console provider logs the message at info outside production', async () => {
    const capture = captureLog();
    const sms = createConsoleSmsSender('development', capture.log);
    const sent = await sms.send('+15550001111', 'code 424242');
    expect(capture.lines()[0]).toMatchObject({ level: 30, to: '+15550001111', text: 'code 424242', messageId: sent.messageId });
  });

  it('console provider refuses to be created in production', () => {
    expect(() => createConsoleSmsSender('production', captureLog().log)).toThrow(/cannot be used in production/);
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp.dir, SMS_PROVIDER: 'console', SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(() => createMail(config, captureLog().log)).toThrow(/SMS_PROVIDER=console/);
  });
});

describe('createMail', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    tmp = await tempDir();
  });
  afterEach(() => tmp.remove());

  it('without SMTP_URL writes mail and sms to DATA_DIR/outbox and exposes it for the dev routes', async () => {
    const capture = captureLog();
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: tmp.dir });
    const runtime = createMail(config, capture.log);
    expect(runtime.outbox).toBeDefined();
    const mail = await runtime.mail.send('fan@example.com', { template: 'password-reset', ...passwordReset({ link: `${config.publicUrl}/reset?token=t`, expiresMinutes: 60 }) });
    const sms = await runtime.sms.send('+15550001111', 'hi');
    expect((await runtime.outbox!.list()).map((e) => e.id)).toEqual([sms.messageId, mail.messageId]);
    expect(await new OutboxStore(path.join(tmp.dir, 'outbox')).read(mail.messageId)).toMatchObject({ to: 'fan@example.com' });
    expect(capture.lines().filter((l) => l.level === 40)).toEqual([]);
    await runtime.close();
  });

  it('in production without SMTP_URL still works but warns once at start that mail is not delivered', async () => {
    const capture = captureLog();
    const runtime = createMail(loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp.dir }), capture.log);
    const warnings = () => capture.lines().filter((l) => l.level === 40).map((l) => String(l.msg));
    expect(warnings()).toHaveLength(2);
    expect(warnings()[0]).toMatch(/SMTP_URL is not set.*NOT delivered/);
    expect(warnings()[1]).toMatch(/No SMS provider.*NOT delivered/);
    await runtime.mail.send('a@example.com', { template: 'password-reset', ...passwordReset({ link: 'https://teamfilm.test/reset?token=t', expiresMinutes: 60 }) });
    await runtime.mail.send('b@example.com', { template: 'password-reset', ...passwordReset({ link: 'https://teamfilm.test/reset?token=t', expiresMinutes: 60 }) });
    expect(warnings()).toHaveLength(2);
    expect(await runtime.outbox!.list()).toHaveLength(2);
    await runtime.close();
  });

  it('with SMTP_URL and the console SMS provider has no outbox at all', async () => {
    const runtime = createMail(loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp.dir, SMTP_URL: 'smtp://127.0.0.1:2525', SMS_PROVIDER: 'console' }), captureLog().log);
    expect(runtime.outbox).toBeUndefined();
    expect(runtime.sms.provider).toBe('console');
    await runtime.close();
  });
});
