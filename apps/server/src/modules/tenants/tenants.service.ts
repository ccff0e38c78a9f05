import type { Db } from '../../db/client';
import { tenants } from '../../db/schema';

export async function ensureTenant(db: Db, id: string): Promise<void> {
  await db.insert(tenants).values({ id }).onConflictDoNothing();
}
