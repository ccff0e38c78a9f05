import { and, gt, isNull, sql } from 'drizzle-orm';
import { identitySessions } from './schema';

/**
 * A session that still signs requests in: not revoked (logout, password change, refresh-token reuse)
 * and not expired. The one definition, for identity's own check and the product API's caller query.
 */
export const isActiveSession = () => and(isNull(identitySessions.revokedAt), gt(identitySessions.expiresAt, sql`now()`));
