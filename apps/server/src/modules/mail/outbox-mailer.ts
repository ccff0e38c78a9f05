import type { Mailer } from './mailer';
import type { OutboxStore } from './outbox-store';

/** Delivers nothing: each message becomes a file in the outbox, readable at /dev/outbox outside production. */
export function createOutboxMailer(outbox: OutboxStore): Mailer {
  return {
    transport: 'outbox',
    async send(message) {
      const stored = await outbox.add({
        channel: 'mail',
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        template: message.template,
        ...(message.headers && { headers: message.headers }),
      });
      return { messageId: stored.id };
    },
  };
}
