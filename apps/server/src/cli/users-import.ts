import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { userDataProblem, usernameSchema } from '@app/contracts/identity-api';
import { E164 } from '@app/contracts/identity-passwordless';
import { loadConfig } from '../config';
import { ConfigError } from '../config-error';
import { createDb, type Db } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres';
import { runMigrations } from '../db/migrate';
import { ensureWritableDataDir } from '../data-dir';
import { createLogger } from '../logger';
import type { AccountsService } from '../modules/identity/accounts.service';
import { createIdentity } from '../modules/identity/identity';
import { normalizeEmail } from '../modules/identity/normalize-email';

/**
 * `npm run users:import -- users.csv [--tenant <id>]`: creates accounts from a CSV export.
 * Columns: email (required), username, name, password_hash (bcrypt $2a/$2b/$2y; upgraded to
 * argon2id at the first sign-in), phone_number (E.164), data (a JSON object).
 * Idempotent on email: an address that already has an account is skipped, so a re-run is safe.
 */

export const IMPORT_COLUMNS = ['email', 'username', 'name', 'password_hash', 'phone_number', 'data'] as const;

export interface ImportResult {
  created: number;
  skipped: { line: number; reason: string }[];
}

const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const row = z.object({
  email: z.string({ required_error: 'email is required' }).trim().min(1, 'email is required').email('email is not a valid address').max(320),
  username: optional(usernameSchema),
  name: optional(z.string().max(200, 'name is longer than 200 characters')),
  // Never echo the value: reasons name the problem only.
  password_hash: optional(z.string().regex(BCRYPT, 'password_hash is not a bcrypt hash ($2a$, $2b$ or $2y$)')),
  phone_number: optional(z.string().regex(E164, 'phone_number must be in E.164 format, e.g. +15551234567')),
  data: optional(
    z.string().transform((text, ctx) => {
      try {
        const value: unknown = JSON.parse(text);
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          const problem = userDataProblem(value);
          if (!problem) return value as Record<string, unknown>;
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: `data: ${problem}` });
          return z.NEVER;
        }
      } catch {
        // reported below
      }
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'data must be a JSON object' });
      return z.NEVER;
    }),
  ),
});

/** Parses and validates every row, then creates the accounts that do not exist yet (one insert each). */
export async function importUsers(accounts: AccountsService, tenantId: string, csvText: string): Promise<ImportResult> {
  const records = parse(csvText, {
    columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
    skip_empty_lines: true,
    trim: true,
    bom: true,
    info: true,
  }) as { record: Record<string, string>; info: { lines: number } }[];

  const header = records[0] ? Object.keys(records[0].record) : [];
  if (records.length && !header.includes('email')) throw new Error('The CSV file needs an "email" column.');
  const unknown = header.filter((h) => !(IMPORT_COLUMNS as readonly string[]).includes(h));
  if (unknown.length) throw new Error(`Unknown column(s): ${unknown.join(', ')}. Allowed: ${IMPORT_COLUMNS.join(', ')}.`);

  const result: ImportResult = { created: 0, skipped: [] };
  const seenEmails = new Set<string>();
  const seenUsernames = new Set<string>();

  for (const { record, info } of records) {
    const line = info.lines;
    const parsed = row.safeParse(record);
    if (!parsed.success) {
      result.skipped.push({ line, reason: parsed.error.issues.map((i) => i.message).join('; ') });
      continue;
    }
    const r = parsed.data;
    const email = normalizeEmail(r.email);
    if (seenEmails.has(email)) {
      result.skipped.push({ line, reason: 'email appears earlier in the file' });
      continue;
    }
    seenEmails.add(email);
    if (r.username && seenUsernames.has(r.username.toLowerCase())) {
      result.skipped.push({ line, reason: 'username appears earlier in the file' });
      continue;
    }
    if (await accounts.findByEmail(tenantId, email)) {
      result.skipped.push({ line, reason: 'an account with this email already exists' });
      continue;
    }
    if (r.username && (await accounts.findByUsername(tenantId, r.username))) {
      result.skipped.push({ line, reason: 'username is already taken' });
      continue;
    }
    const created = await accounts.importAccount({
      tenantId,
      email,
      username: r.username ?? null,
      name: r.name ?? null,
      passwordHash: r.password_hash ?? null,
      phoneNumber: r.phone_number ?? null,
      data: r.data ?? {},
    });
    // A concurrent sign-up may take the address or name between the check above and the insert.
    if ('taken' in created) {
      result.skipped.push({ line, reason: created.taken === 'email' ? 'an account with this email already exists' : 'username is already taken' });
      continue;
    }
    if (r.username) seenUsernames.add(r.username.toLowerCase());
    result.created++;
  }
  return result;
}

function usage(): never {
  process.stderr.write('\nUsage: npm run users:import -- <file.csv> [--tenant <tenantId>]\n\n');
  process.exit(2);
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  let file: string | undefined;
  let tenantArg: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--tenant') tenantArg = argv[++i] ?? usage();
    else if (arg.startsWith('--tenant=')) tenantArg = arg.slice('--tenant='.length);
    else if (arg === '--help' || arg === '-h' || file) usage();
    else file = arg;
  }
  if (!file) usage();

  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`\n${err.message}\n\n`);
      process.exit(1);
    }
    throw err;
  }
  const csvText = await fs.readFile(path.resolve(file), 'utf8');
  const log = createLogger(config);
  let database: EmbeddedPostgres | undefined;
  let db: Db | undefined;
  try {
    let url = config.databaseUrl;
    if (!url) {
      // Same database as the server (stop the server first: one embedded cluster per data directory).
      await ensureWritableDataDir(config.dataDir);
      database = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), log);
      url = database.url;
    }
    db = createDb(url, 2);
    await runMigrations(db);
    const identity = createIdentity(db, config);
    await identity.tenants.ensureConfigured();
    const tenant = await identity.tenants.get(tenantArg ?? config.tenantId);
    const result = await importUsers(identity.accounts, tenant.id, csvText);
    process.stdout.write(`\nImported ${result.created} user(s) into tenant ${tenant.id}; skipped ${result.skipped.length}.\n`);
    for (const s of result.skipped) process.stdout.write(`  line ${s.line}: ${s.reason}\n`);
    process.stdout.write('\n');
  } finally {
    await db?.$client.end().catch(() => undefined);
    await database?.stop().catch(() => undefined);
  }
}

// Runs only as the entry point (dist/users-import.js), not when a test imports `importUsers`.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    process.stderr.write(`\n${err instanceof Error ? err.message : String(err)}\n\n`);
    process.exit(1);
  });
}
