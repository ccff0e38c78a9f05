import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appSecrets } from './schema';

/**
 * Returns the named secret, generating it on first use. INSERT .. ON CONFLICT DO NOTHING plus a re-read
 * makes concurrent first starts of several nodes agree on one value.
 */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be created`);
  return row.value;
}

/** The named secret if it exists, without making it. */
export async function getSecret(db: Db, name: string): Promise<string | null> {
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value ?? null;
}
