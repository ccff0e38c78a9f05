import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors';
import { createMailService } from '../../src/modules/mail/mail.service';
import type { Mailer } from '../../src/modules/mail/mailer';
import { createOutboxMailer } from '../../src/modules/mail/outbox-mailer';
import { OutboxStore } from '../../src/modules/mail/outbox-store';
import { captureLog, tempDir } from './mail-test-helpers';
import { magicLink } from '../../src/modules/identity/mail/magic-link';
import { passwordReset } from '../../src/modules/identity/mail/password-reset';
import { verificationCode } from '../../src/modules/identity/mail/verification-code';

const LINK = 'https://teamfilm.test/login?uuid=u-1&token=secret-token-value';

describe('mail service', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let store: OutboxStore;

  beforeEach(async () => {
    tmp = await tempDir();
    store = new OutboxStore(path.join(tmp.dir, 'outbox'));
  });
  afterEach(() => tmp.remove());

  it('renders the named template, sends it, and logs recipient, template and id but never the body', async () => {
    const capture = captureLog();
    const service = createMailService({ mailer: createOutboxMailer(store), log: capture.log });
    const sent = await service.send('coach@example.com', { template: 'magic-link', ...magicLink({ link: LINK, expiresMinutes: 15, name: 'Sam' }) });
    const stored = await store.read(sent.messageId);
    expect(stored).toMatchObject({ channel: 'mail', to: 'coach@example.com', subject: 'Your Teamfilm sign-in link', template: 'magic-link' });
    expect(stored?.channel === 'mail' && stored.html).toContain('token=secret-token-value');

    await service.send('coach@example.com', { template: 'verification-code', ...verificationCode({ code: '987654', expiresMinutes: 10 }) });
    const lines = capture.lines();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'mail sent', to: 'coach@example.com', template: 'magic-link', messageId: sent.messageId, transport: 'outbox' });
    expect(capture.raw()).not.toContain('secret-token-value');
    expect(capture.raw()).not.toContain('987654');
  });

  it('rejects a value that cannot be an address before rendering', async () => {
    const service = createMailService({ mailer: createOutboxMailer(store), log: captureLog().log });
    for (const to of ['', 'no-at-sign', 'a@b.test\r\nBcc: x@y.test', 'a@b.test, c@d.test']) {
      await expect(service.send(to, { template: 'password-reset', ...passwordReset({ link: 'https://teamfilm.test/reset?token=t', expiresMinutes: 60 }) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(await store.list()).toEqual([]);
  });

  it('turns a transport failure into a 503 the client can show, logged without the body', async () => {
    const capture = captureLog();
    const broken: Mailer = {
      transport: 'smtp',
      send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')),
    };
    const service = createMailService({ mailer: broken, log: capture.log });
    const failure = await service.send('a@example.com', { template: 'password-reset', ...passwordReset({ link: LINK, expiresMinutes: 30 }) }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'INTERNAL', statusCode: 503, message: expect.stringMatching(/could not send the email/) });
    expect((failure as AppError).cause).toBeInstanceOf(Error);
    expect(capture.lines()[0]).toMatchObject({ level: 50, msg: 'mail not sent', to: 'a@example.com', template: 'password-reset' });
    expect(capture.raw()).not.toContain('secret-token-value');
  });
});
