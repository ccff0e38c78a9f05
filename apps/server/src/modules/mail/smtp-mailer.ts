import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export interface SmtpMailerOptions {
  /** `smtp://` or `smtps://`, optionally with credentials and nodemailer options as query parameters. */
  url: string;
  from: string;
}

/**
 * Our defaults travel as URL query parameters because that is the one way nodemailer merges its own
 * options with a connection URL (an options object with `url` drops every other key). Parameters the
 * operator put in SMTP_URL win, except logging: nodemailer's logger writes message bodies, which hold
 * sign-in links and codes.
 */
export function smtpTransportUrl(url: string): string {
  const parsed = new URL(url);
  const defaults: Record<string, string> = {
    pool: 'true',
    maxConnections: '5',
    // Nodemailer's defaults (2 min connect, 10 min idle socket) would hold a sign-in request far too long.
    connectionTimeout: '10000',
    greetingTimeout: '10000',
    socketTimeout: '30000',
  };
  for (const [key, value] of Object.entries(defaults)) {
    if (!parsed.searchParams.has(key)) parsed.searchParams.set(key, value);
  }
  parsed.searchParams.set('logger', 'false');
  parsed.searchParams.set('debug', 'false');
  return parsed.toString();
}

export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport(smtpTransportUrl(options.url), { from: options.from });
  return {
    transport: 'smtp',
    async send(message) {
      const info = await transport.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}
