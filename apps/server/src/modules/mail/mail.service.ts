import type { Logger } from 'pino';
import { AppError } from '../../errors';
import type { Mailer, SentMessage } from './mailer';
import type { RenderedMail } from './templates/layout';

/** A rendered mail, named by its template (for the logs and the dev outbox), with headers of its own (List-Unsubscribe). */
export type OutgoingMail = RenderedMail & { template: string; headers?: Record<string, string> };

/**
 * The one way every e-mail goes out: each domain renders its own template (beside it in its module,
 * on the layout in templates/) and sends the result here. A delivery failure is logged and thrown as a
 * 503 AppError the client can show.
 */
export interface MailService {
  send(to: string, mail: OutgoingMail): Promise<SentMessage>;
}

export interface MailServiceDeps {
  mailer: Mailer;
  log: Logger;
}

// Addresses reach us validated by the contracts; this only stops a value that could never be one.
const PLAUSIBLE_ADDRESS = /^[^\s@<>,;]+@[^\s@<>,;]+$/;

export function createMailService({ mailer, log }: MailServiceDeps): MailService {
  async function send(to: string, mail: OutgoingMail): Promise<SentMessage> {
    if (!PLAUSIBLE_ADDRESS.test(to)) throw new AppError('BAD_REQUEST', 'Email address is not valid.');
    const { template } = mail;
    // Bodies hold sign-in links and codes: logs get the recipient, template and id only.
    try {
      const sent = await mailer.send({ to, ...mail });
      log.info({ to, template, messageId: sent.messageId, transport: mailer.transport }, 'mail sent');
      return sent;
    } catch (err) {
      log.error({ to, template, transport: mailer.transport, err }, 'mail not sent');
      const failure = new AppError('INTERNAL', 'We could not send the email. Please try again in a few minutes.', 503);
      failure.cause = err;
      throw failure;
    }
  }

  return { send };
}
