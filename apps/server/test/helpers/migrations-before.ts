import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../../src/db/migrate';

/**
 * A copy of the migrations as they stood before `tag`, to make rows the way the old code left them and
 * then run the migration under test on them. `remove` deletes the copy.
 */
export async function migrationsBefore(tag: string): Promise<{ folder: string; remove: () => Promise<void> }> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  await fs.cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration tagged ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return { folder, remove: () => fs.rm(folder, { recursive: true, force: true }) };
}
