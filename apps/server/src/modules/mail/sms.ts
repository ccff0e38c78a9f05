import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { SentMessage } from './mailer';
import type { OutboxStore } from './outbox-store';

/** One interface for every SMS provider; a real one (Twilio, SNS, ...) is a new file implementing it. */
export interface SmsSender {
  readonly provider: string;
  send(to: string, text: string): Promise<SentMessage>;
}

/** Writes `sms-<time>-<id>.json` beside the mails, so /dev/outbox lists both. */
export function createOutboxSmsSender(outbox: OutboxStore, log: Logger): SmsSender {
  return {
    provider: 'outbox',
    async send(to, text) {
      const stored = await outbox.add({ channel: 'sms', to, text });
      log.info({ to, messageId: stored.id, provider: 'outbox' }, 'sms written to outbox');
      return { messageId: stored.id };
    },
  };
}

/**
 * Prints the whole message, codes included, to the log: a development convenience only. It refuses
 * production because logs are shipped and kept where one-time codes must never end up.
 */
export function createConsoleSmsSender(env: Config['env'], log: Logger): SmsSender {
  if (env === 'production') {
    throw new Error('SMS_PROVIDER=console writes one-time codes to the log and cannot be used in production.');
  }
  return {
    provider: 'console',
    async send(to, text) {
      const messageId = randomUUID();
      log.info({ to, text, messageId, provider: 'console' }, 'sms (console provider, not delivered)');
      return { messageId };
    },
  };
}
