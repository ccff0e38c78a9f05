import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, processesMentioning, startServer, waitForOutput, type ServerProcess } from '../../apps/server/test/helpers/server-process';
import { chromiumArgs } from './browser';
import { newPerson, password } from './identity-helpers';
import { chromium } from 'playwright-core';
import { inject } from 'vitest';

/** Quoted-printable soft breaks and escapes, so links in the raw message can be read. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

let smtp: SMTPServer;
const received: { to: string[]; raw: string }[] = [];
let server: ServerProcess;
let baseUrl: string;
let dataDir: string;
let browser: Browser;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const smtpPort = await new Promise<number>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as { port: number }).port)));

  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-e2e-smtp-'));
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  server = startServer({ DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: baseUrl, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Teamfilm <team@teamfilm.test>' });
  await waitForOutput(server, /Teamfilm is ready/, 120_000);
  browser = await chromium.launch({ executablePath: inject('chromiumPath'), headless: true, args: chromiumArgs });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (server) {
    process.kill(-server.child.pid!, 'SIGINT');
    await server.exited;
  }
  for (const pid of processesMentioning(dataDir)) process.kill(pid, 'SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('e-mail through a real SMTP server', () => {
  it('delivers the password reset link by SMTP and the link resets the password', async () => {
    const me = newPerson('smtp');
    const signup = await fetch(`${baseUrl}/v0/tenants/demo/auth/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: me.email, username: me.username, password }),
    });
    expect(signup.status).toBe(201);

    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    await page.goto('/reset');
    await page.getByLabel('Email').fill(me.email);
    await page.getByRole('button', { name: /send/i }).click();
    await page.getByText(/check your email/i).waitFor();

    let mail: { to: string[]; raw: string } | undefined;
    for (let i = 0; i < 50 && !mail; i++) {
      mail = received.find((m) => m.to.includes(me.email));
      if (!mail) await new Promise((r) => setTimeout(r, 200));
    }
    expect(mail, 'a message reached the SMTP server').toBeDefined();
    const raw = decodeQuotedPrintable(mail!.raw);
    expect(raw).toMatch(/^From: Teamfilm <team@teamfilm\.test>/m);
    expect(raw).toMatch(/^Subject: .*[Rr]eset/m);
    expect(raw).toContain('Content-Type: text/html');
    const link = new RegExp(`${baseUrl}/reset\\?token=[A-Za-z0-9_-]+&uuid=[0-9a-f-]{36}`).exec(raw)?.[0];
    expect(link).toBeDefined();

    // Mail went out by SMTP, not into the dev outbox.
    expect((await (await fetch(`${baseUrl}/dev/outbox.json?to=${encodeURIComponent(me.email)}`)).json()).messages).toEqual([]);

    await page.goto(link!);
    await page.getByLabel('New password').fill('delivered by real smtp');
    await page.getByLabel('Confirm password').fill('delivered by real smtp');
    await page.getByRole('button', { name: /reset|save|set/i }).click();
    await page.waitForURL((url) => url.pathname !== '/reset');
    const signIn = await fetch(`${baseUrl}/v0/tenants/demo/auth/basic`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: me.email, password: 'delivered by real smtp' }),
    });
    expect(signIn.status).toBe(200);
    await context.close();
  });
});
