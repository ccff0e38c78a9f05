/** One rendered e-mail; `template` names what was sent for logs and the dev outbox, never the body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  /** Extra headers (List-Unsubscribe); names and values are ours, never user text. */
  headers?: Record<string, string>;
}

export interface SentMessage {
  messageId: string;
}

/** Where mail goes: SMTP in production, the on-disk outbox when no SMTP_URL is set. */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMessage>;
  close?(): Promise<void>;
}
