import type { Logger } from 'pino';
import type { Config } from '../../config';
import { createMailService, type MailService } from './mail.service';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { OutboxStore, type OutboxReader } from './outbox-store';
import { createSmtpMailer } from './smtp-mailer';
import { createConsoleSmsSender, createOutboxSmsSender, type SmsSender } from './sms';

export interface MailRuntime {
  mail: MailService;
  sms: SmsSender;
  /** Set when mail or SMS is written to `DATA_DIR/outbox`; serve it with the dev outbox routes outside production. */
  outbox: OutboxReader | undefined;
  close(): Promise<void>;
}

/** The one place that picks the mail transport and SMS provider; call once per process. */
export function createMail(config: Pick<Config, 'env' | 'mail'>, log: Logger): MailRuntime {
  const { mail: settings, env } = config;
  const mailLog = log.child({ component: 'mail' });
  const store = new OutboxStore(settings.outboxDir);
  let usesOutbox = false;

  let mailer: Mailer;
  if (settings.smtpUrl) {
    mailer = createSmtpMailer({ url: settings.smtpUrl, from: settings.from });
  } else {
    mailer = createOutboxMailer(store);
    usesOutbox = true;
    if (env === 'production') {
      mailLog.warn({ outboxDir: settings.outboxDir }, 'SMTP_URL is not set: emails are written to the outbox directory and NOT delivered');
    }
  }

  let sms: SmsSender;
  if (settings.smsProvider === 'console') {
    sms = createConsoleSmsSender(env, log.child({ component: 'sms' }));
  } else {
    sms = createOutboxSmsSender(store, log.child({ component: 'sms' }));
    usesOutbox = true;
    if (env === 'production') {
      mailLog.warn({ outboxDir: settings.outboxDir }, 'No SMS provider is configured: text messages are written to the outbox directory and NOT delivered');
    }
  }

  return {
    mail: createMailService({ mailer, log: mailLog }),
    sms,
    outbox: usesOutbox ? store : undefined,
    async close() {
      await mailer.close?.();
    },
  };
}
