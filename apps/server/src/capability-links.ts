import { and, eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { users } from './db/schema';
import { AppError } from './errors';

/** What a capability link stands for: the user it acts for, and whatever else its token names. */
interface LinkSubject {
  userId: number;
}

/**
 * A capability link (an e-mail's answer or unsubscribe link, a calendar feed) acts for one user without
 * signing in: holding the URL is the permission. Each tenant is reached at its own host and its data never
 * reaches another, so a link opens only on the host of its user's tenant; on any other host it is an
 * unknown token (null), and the caller answers and changes exactly what it does for one.
 *
 * Every link kind verifies through here: `verify` checks the token itself (its signature, or the stored
 * hash of a random token) and names the user; the returned opener takes the request host's tenant and
 * refuses a user of another tenant. Nothing signed changes, so links already mailed keep working.
 */
export function capabilityLink<S extends LinkSubject>(db: Db, verify: (token: string) => Promise<S | null>) {
  return async (hostTenantId: string, token: string): Promise<S | null> => {
    const subject = await verify(token);
    if (!subject) return null;
    const [own] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, subject.userId), eq(users.tenantId, hostTenantId)));
    return own ? subject : null;
  };
}

/**
 * What every capability link answers for a token it cannot open (forged, malformed, expired, of another
 * purpose or tenant, or of a user it no longer acts for): one status and code for every link kind, with
 * the kind's own message.
 */
export const unknownLink = (message: string): AppError => new AppError('NOT_FOUND', message);
