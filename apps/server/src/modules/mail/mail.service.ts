import type { Logger } from 'pino';
import { AppError } from '../../errors';
import type { Mailer, SentMessage } from './mailer';
import type { RenderedMail } from './templates/layout';
import { mailTemplates, type MailTemplateData, type MailTemplateName } from './templates/registry';

export interface MailService {
  /** Renders and sends; a delivery failure is logged and thrown as a 503 AppError the client can show. */
  sendTemplate<N extends MailTemplateName>(to: string, name: N, data: MailTemplateData<N>): Promise<SentMessage>;
  /** Sends a mail already rendered (with headers of its own, such as List-Unsubscribe); failures as above. */
  sendRendered(to: string, mail: RenderedMail & { template: string; headers?: Record<string, string> }): Promise<SentMessage>;
}

export interface MailServiceDeps {
  mailer: Mailer;
  log: Logger;
}

// Addresses reach us validated by the contracts; this only stops a value that could never be one.
const PLAUSIBLE_ADDRESS = /^[^\s@<>,;]+@[^\s@<>,;]+$/;

export function createMailService({ mailer, log }: MailServiceDeps): MailService {
  async function sendRendered(to: string, mail: RenderedMail & { template: string; headers?: Record<string, string> }): Promise<SentMessage> {
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

  return {
    async sendTemplate<N extends MailTemplateName>(to: string, name: N, data: MailTemplateData<N>): Promise<SentMessage> {
      // The registry ties `data` to `name`; TypeScript cannot follow that through the index.
      const render = mailTemplates[name] as (d: MailTemplateData<N>) => RenderedMail;
      return sendRendered(to, { template: name, ...render(data) });
    },
    sendRendered,
  };
}
