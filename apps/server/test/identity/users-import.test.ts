import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importUsers, main } from '../../src/cli/users-import';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000', MAIL_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.runtime.db.$client.query(text, values)).rows as T[];
const migrate = (emailOrUsername: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/v0/tenants/demo/auth/password/migrate', payload: { emailOrUsername, password } });

const hash2b = bcrypt.hashSync('legacy passphrase one', 4);
const hash2a = bcrypt.hashSync('legacy passphrase two', 4).replace(/^\$2b\$/, '$2a$');
const hash2y = bcrypt.hashSync('legacy passphrase three', 4).replace(/^\$2b\$/, '$2y$');

const csv = [
  'email,username,name,password_hash,phone_number,data',
  `Legacy.One@Example.com,legacy_one,Legacy One,${hash2b},+15551230001,"{""team"":""Hawks""}"`,
  `legacy.two@example.com,,Legacy Two,${hash2a},,`,
  `legacy.three@example.com,legacy_three,,${hash2y},,`,
  'no-password@example.com,,,,,',
  'not-an-email,,,,,',
  'argon@example.com,,,$argon2id$v=19$m=19456$c2FsdA$aGFzaA,,',
  'badphone@example.com,,,,5551234,',
  'baddata@example.com,,,,,"[1,2]"',
  'legacy.one@example.com,,,,,',
  'already@example.com,,,,,',
  'clash@example.com,TAKEN_user,,,,',
  'clash2@example.com,legacy_one,,,,',
  `bigdata@example.com,,,,,"{""notes"":""${'x'.repeat(1100)}""}"`,
  '',
].join('\n');

describe('importUsers', () => {
  it('creates valid rows, skips the rest with line numbers and reasons, never echoing hashes', async () => {
    await signUp(t, { email: 'already@example.com' });
    await signUp(t, { email: 'taken@example.com', username: 'taken_user' });

    const result = await importUsers(t.runtime.identity.accounts, 'demo', csv);
    expect(result.created).toBe(4);
    expect(result.skipped).toEqual([
      { line: 6, reason: 'email is not a valid address' },
      { line: 7, reason: 'password_hash is not a bcrypt hash ($2a$, $2b$ or $2y$)' },
      { line: 8, reason: 'phone_number must be in E.164 format, e.g. +15551234567' },
      { line: 9, reason: 'data must be a JSON object' },
      { line: 10, reason: 'email appears earlier in the file' },
      { line: 11, reason: 'an account with this email already exists' },
      { line: 12, reason: 'username is already taken' },
      { line: 13, reason: 'username appears earlier in the file' },
      { line: 14, reason: 'data: Must be at most 1024 bytes as JSON' },
    ]);
    for (const secret of [hash2b, hash2a, hash2y, '$argon2id$v=19']) expect(JSON.stringify(result)).not.toContain(secret);

    const [one] = await sql(`SELECT username, name, phone_number, data, password_hash FROM identity_users WHERE email = 'legacy.one@example.com'`);
    expect(one).toEqual({ username: 'legacy_one', name: 'Legacy One', phone_number: '+15551230001', data: { team: 'Hawks' }, password_hash: hash2b });
    const [none] = await sql(`SELECT password_hash FROM identity_users WHERE email = 'no-password@example.com'`);
    expect(none).toEqual({ password_hash: null });
  });

  it('is idempotent on email', async () => {
    const again = await importUsers(t.runtime.identity.accounts, 'demo', csv);
    expect(again.created).toBe(0);
    expect(again.skipped.filter((s) => s.reason === 'an account with this email already exists').map((s) => s.line)).toEqual([2, 3, 4, 5, 11]);
    const [row] = await sql<{ n: string }>(`SELECT count(*) AS n FROM identity_users WHERE email LIKE 'legacy.%'`);
    expect(Number(row!.n)).toBe(3);
  });

  it.each([
    ['legacy.one@example.com', 'legacy passphrase one'],
    ['legacy.two@example.com', 'legacy passphrase two'],
    ['legacy_three', 'legacy passphrase three'],
  ])('%s signs in through password/migrate and gets an argon2id hash', async (who, password) => {
    expect((await migrate(who, 'wrong passphrase here')).statusCode).toBe(401);
    const res = await migrate(who, password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'OK' });
    const [row] = await sql<{ password_hash: string }>(`SELECT password_hash FROM identity_users WHERE email = $1 OR username = $1`, [who]);
    expect(row!.password_hash.startsWith('$argon2id$')).toBe(true);
    expect((await migrate(who, password)).statusCode).toBe(200);
  });

  it('refuses files without an email column or with unknown columns', async () => {
    await expect(importUsers(t.runtime.identity.accounts, 'demo', 'name,username\nA,a_user\n')).rejects.toThrow('The CSV file needs an "email" column.');
    await expect(importUsers(t.runtime.identity.accounts, 'demo', 'email,passwordhash\na@example.com,x\n')).rejects.toThrow('Unknown column(s): passwordhash.');
    expect(await importUsers(t.runtime.identity.accounts, 'demo', '')).toEqual({ created: 0, skipped: [] });
  });
});

describe('users:import main()', () => {
  it('imports a file into DATABASE_URL and prints a summary', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'users-import-'));
    const file = path.join(dir, 'users.csv');
    await fs.writeFile(file, `email,name,password_hash\ncli@example.com,From CLI,${hash2b}\nbad,,\n`);
    const saved = { ...process.env };
    Object.assign(process.env, { NODE_ENV: 'test', DATABASE_URL: t.databaseUrl, DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    let printed: string;
    try {
      await main([file]);
    } finally {
      printed = out.mock.calls.map((c) => String(c[0])).join('');
      out.mockRestore();
      process.env = saved;
      await fs.rm(dir, { recursive: true, force: true });
    }
    expect(printed).toContain('Imported 1 user(s) into tenant demo; skipped 1.');
    expect(printed).toContain('line 3: email is not a valid address');
    expect(printed).not.toContain(hash2b);
    expect((await migrate('cli@example.com', 'legacy passphrase one')).statusCode).toBe(200);
  });
});
