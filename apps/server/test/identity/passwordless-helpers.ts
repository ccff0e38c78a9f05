import type { LightMyRequestResponse } from 'fastify';
import type { Outbound } from '../../src/modules/identity/passwordless.service';
import type { OutboxEntry } from '../../src/modules/mail/outbox-store';
import { createTestApp, type TestApp } from '../helpers/test-app';

export const PUBLIC_URL = 'https://teams.example.com';

export interface PasswordlessApp extends TestApp {
  outbound: Outbound;
  /** Messages to `to`, newest first, once every pending delivery finished. */
  sent(to: string): Promise<OutboxEntry[]>;
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
}

/** The real app, with helpers to read what it sent once deferred deliveries finished. */
export async function passwordlessApp(env: Record<string, string> = {}): Promise<PasswordlessApp> {
  const t = await createTestApp({ AUTH_RATE_LIMIT: '1000', MAIL_RATE_LIMIT: '1000', PUBLIC_URL, ...env });
  const outbound = t.runtime.outbound;
  return Object.assign(t, {
    outbound,
    async sent(to: string) {
      await outbound.settled();
      return t.runtime.mail.outbox!.list({ to });
    },
    async sql<T>(text: string, values: unknown[] = []) {
      return (await t.runtime.db.$client.query(text, values)).rows as T[];
    },
  });
}

/** token and uuid of the newest link in a mail, and the link itself. */
export function linkIn(entry: OutboxEntry | undefined): { url: string; token: string; uuid: string } {
  const match = /(https?:\/\/[^\s"<>]+\?token=([A-Za-z0-9_-]+)&(?:amp;)?uuid=([0-9a-f-]{36}))/.exec(entry?.text ?? '');
  if (!match) throw new Error(`no link in ${entry?.text}`);
  return { url: match[1]!, token: match[2]!, uuid: match[3]! };
}

export function codeIn(entry: OutboxEntry | undefined): string {
  const match = /\b(\d{6})\b/.exec(entry?.text ?? '');
  if (!match) throw new Error(`no code in ${entry?.text}`);
  return match[1]!;
}

/** The parts of an answer that must not differ between an existing and an unknown account. */
export function publicShape(res: LightMyRequestResponse) {
  const body = res.json();
  return {
    status: res.statusCode,
    keys: Object.keys(body),
    message: body.message,
    resultKeys: Object.keys(body.result ?? {}).sort(),
    messageIdShape: /^[0-9a-f-]{36}$/.test(body.result?.messageId),
    submittedAtIso: new Date(body.result?.submittedAt).toISOString() === body.result?.submittedAt,
    contentType: res.headers['content-type'],
    cookies: res.cookies.length,
  };
}
