import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createMail } from '../../src/modules/mail/create-mail';
import { smtpTransportUrl } from '../../src/modules/mail/smtp-mailer';
import { OutboxStore } from '../../src/modules/mail/outbox-store';
import { captureLog, header, PASSWORD, startSmtpServer, tempDir, USER } from './mail-test-helpers';
import { magicLink } from '../../src/modules/identity/mail/magic-link';
import { verificationCode } from '../../src/modules/identity/mail/verification-code';
import { passwordReset } from '../../src/modules/identity/mail/password-reset';

describe('SMTP mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let tmp: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    tmp = await tempDir();
  });
  afterAll(async () => {
    await smtp.close();
    await tmp.remove();
  });

  function configFor(smtpUrl: string) {
    return loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp.dir, SMTP_URL: smtpUrl, MAIL_FROM: 'Teamfilm <no-reply@teamfilm.test>' });
  }

  it('delivers a multipart text + HTML message with From, To and Subject', async () => {
    const capture = captureLog();
    const config = configFor(`smtp://127.0.0.1:${smtp.port}`);
    const { mail, close } = createMail(config, capture.log);
    try {
      const sent = await mail.send('coach@example.com', { template: 'verification-code', ...verificationCode({ code: '123456', expiresMinutes: 10 }) });
      expect(smtp.received).toHaveLength(1);
      const { raw, session } = smtp.received[0]!;
      expect(session.envelope.mailFrom && session.envelope.mailFrom.address).toBe('no-reply@teamfilm.test');
      expect(session.envelope.rcptTo.map((r) => r.address)).toEqual(['coach@example.com']);
      expect(header(raw, 'From')).toBe('Teamfilm <no-reply@teamfilm.test>');
      expect(header(raw, 'To')).toBe('coach@example.com');
      expect(header(raw, 'Subject')).toBe('Your Teamfilm code: 123456');
      expect(header(raw, 'Message-ID')).toBe(sent.messageId);
      expect(header(raw, 'Content-Type')).toMatch(/^multipart\/alternative;/);
      expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
      expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
      // SMTP was used: nothing went to the outbox.
      expect(await new OutboxStore(config.mail.outboxDir).list()).toEqual([]);
      expect(capture.lines().find((l) => l.msg === 'mail sent')).toMatchObject({ transport: 'smtp', messageId: sent.messageId });
      expect(capture.raw()).not.toContain('123456');
    } finally {
      await close();
    }
  });

  it('authenticates with credentials from the URL, special characters percent-encoded', async () => {
    const before = smtp.received.length;
    const url = `smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${smtp.port}`;
    const { mail, close } = createMail(configFor(url), captureLog().log);
    try {
      await mail.send('athlete@example.com', { template: 'password-reset', ...passwordReset({ link: 'https://teamfilm.test/reset?token=t', expiresMinutes: 60 }) });
      await mail.send('athlete@example.com', { template: 'magic-link', ...magicLink({ link: 'https://teamfilm.test/login?token=t', expiresMinutes: 15 }) });
    } finally {
      await close();
    }
    const mine = smtp.received.slice(before);
    expect(mine.map((r) => header(r.raw, 'Subject'))).toEqual(['Reset your Teamfilm password', 'Your Teamfilm sign-in link']);
    expect(mine.every((r) => r.session.user === USER)).toBe(true);
  });

  it('fails with a 503 AppError when the server refuses the credentials', async () => {
    const url = `smtp://${USER}:wrong@127.0.0.1:${smtp.port}`;
    const { mail, close } = createMail(configFor(url), captureLog().log);
    try {
      await expect(mail.send('a@example.com', { template: 'password-reset', ...passwordReset({ link: 'https://teamfilm.test/reset?token=t', expiresMinutes: 60 }) })).rejects.toMatchObject({ code: 'INTERNAL', statusCode: 503 });
    } finally {
      await close();
    }
  });
});

describe('smtpTransportUrl', () => {
  it('adds pooling and timeouts, keeps what the operator set, and always turns nodemailer logging off', () => {
    const url = new URL(smtpTransportUrl('smtps://u:p%40ss@mail.example.com:465/?socketTimeout=5000&logger=true&tls.rejectUnauthorized=false'));
    expect(url.protocol).toBe('smtps:');
    expect(url.username).toBe('u');
    expect(url.password).toBe('p%40ss');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      socketTimeout: '5000',
      logger: 'false',
      'tls.rejectUnauthorized': 'false',
      pool: 'true',
      maxConnections: '5',
      connectionTimeout: '10000',
      greetingTimeout: '10000',
      debug: 'false',
    });
  });
});

