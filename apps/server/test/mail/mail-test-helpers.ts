import { EventEmitter } from 'node:events';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { SMTPServer, type SMTPServerEnvelope } from 'smtp-server';

export async function tempDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-mail-'));
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** A real pino logger whose lines the test can read back (to prove what is and is not logged). */
export function captureLog(): { log: Logger; lines: () => Array<Record<string, unknown>>; raw: () => string } {
  const chunks: string[] = [];
  const log = pino({ level: 'info' }, { write: (chunk: string) => void chunks.push(chunk) });
  return {
    log,
    raw: () => chunks.join(''),
    lines: () => chunks.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

export interface Received {
  raw: string;
  session: { envelope: SMTPServerEnvelope; user: unknown };
  /** When the server had the whole message (ms since the epoch). */
  at: number;
}

export const USER = 'mailer';
export const PASSWORD = 'p@ss:w/rd';

/** A real SMTP server on a free port; plain text (no STARTTLS) with optional AUTH. */
export async function startSmtpServer() {
  const received: Received[] = [];
  const arrivals = new EventEmitter();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = { raw: Buffer.concat(chunks).toString('utf8'), session: { envelope: session.envelope, user: session.user }, at: Date.now() };
        received.push(mail);
        callback();
        arrivals.emit('mail', mail);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (mail: Received, address: string) => mail.session.envelope.rcptTo.some((r) => r.address.toLowerCase() === address.toLowerCase());
  return {
    port,
    received,
    /** The mails delivered to `address` so far, oldest first. */
    sentTo: (address: string) => received.filter((mail) => to(mail, address)),
    /** The `n`th mail (1-based) delivered to `address`: resolves when it arrives, never by a timer. */
    nthTo(address: string, n = 1): Promise<Received> {
      return new Promise((resolve) => {
        const check = () => {
          const mine = received.filter((mail) => to(mail, address));
          if (mine.length < n) return false;
          arrivals.off('mail', check);
          resolve(mine[n - 1]!);
          return true;
        };
        if (!check()) arrivals.on('mail', check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Unfolds headers (RFC 5322 2.2.3) so a long Subject can be matched on one line. */
export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.slice(name.length + 1).trim();
}
