import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { createDb, type Db } from '../../src/db/client';
import { migrationsFolder } from '../../src/db/migrate';
import { createTestDatabase } from './test-db';

export interface DatabaseBefore {
  url: string;
  db: Db;
  q<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * A database of its own, migrated as it stood before the migration `tag`: a test makes rows the way the
 * old code left them, then runs the migrations (or starts the app) and checks what the migration made.
 */
export async function databaseBefore(tag: string): Promise<DatabaseBefore> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  const database = await createTestDatabase();
  const db = createDb(database.url, 2);
  try {
    await fs.cp(migrationsFolder, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === tag);
    if (at < 0) throw new Error(`no migration tagged ${tag}`);
    journal.entries = journal.entries.slice(0, at);
    await fs.writeFile(journalPath, JSON.stringify(journal));
    await migrate(db, { migrationsFolder: folder });
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
  return {
    url: database.url,
    db,
    q: async <T,>(text: string, values: unknown[] = []) => (await db.$client.query(text, values)).rows as T[],
    async close() {
      await db.$client.end();
      await database.drop();
    },
  };
}
