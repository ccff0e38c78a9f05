// Types that identity, users, the auth plugin and every module's services share: who calls.
import type { UserImage } from '@app/contracts/profiles';
import type { users } from './db/schema';

/** The claims of an access token: what identity signs and the auth plugin verifies. */
export interface AccessClaims {
  mode: 'test' | 'live';
  userId: number;
  userUuid: string;
  tenantId: string;
  isConfirmed: boolean;
  isEmailConfirmed: boolean;
  isPhoneNumberConfirmed: boolean;
  authorization: Record<string, { roles: string[] }>;
  sessionId: string;
  iat: number;
  exp: number;
}

/**
 * Who is calling: the tenant of the host and the identity account of the access token. `user` is the
 * product user as the request's sign-in read it (`signedIn`: null before registration); without it
 * the services look the user up.
 */
export interface Caller {
  tenantId: string;
  identityUserId: number;
  user?: typeof users.$inferSelect | null;
  /** The product user's ready images, when the route's sign-in read them with the user row (`GET /api/user/me`). */
  images?: UserImage[];
}
