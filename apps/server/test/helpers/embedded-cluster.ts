import fs from 'node:fs/promises';
import path from 'node:path';

/** The URL of the `app` database of the embedded cluster `npm start` runs in `dataDir` (credentials beside it, port in its lock file). */
export async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const creds = JSON.parse(await fs.readFile(path.join(dataDir, '.postgres-credentials.json'), 'utf8')) as { user: string; password: string };
  const port = (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]!.trim();
  return `postgres://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/app`;
}
