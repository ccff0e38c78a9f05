import { userDataProblem } from '@app/contracts/identity-api';
import { AppError } from '../../errors';
import { uniqueViolation } from '../../db/unique-violation';
import type { SessionService } from './sessions.service';
import type { SocialProfile } from './social/profiles';
import { SocialSignInError } from './social/social-errors';
import type { IdentityUser, NewIdentityUser, IdentityUsersRepo } from './identity-users.repo';

export interface SelfUpdate {
  name?: string | undefined;
  username?: string | undefined;
  image?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  data?: Record<string, unknown> | undefined;
}

/**
 * Identity accounts as other code sees them: lookups, the own profile, imports and the account
 * behind a social sign-in. The users repository stays inside the identity module.
 */
export function createAccountsService(users: IdentityUsersRepo, sessions: Pick<SessionService, 'revokeOthers'>) {
  /**
   * A social sign-in reached an existing account by its verified e-mail. An account whose e-mail was
   * never confirmed gets it confirmed and loses its password and sessions: whoever registered the
   * address before (account pre-hijacking) must not keep access to the real owner's account.
   */
  async function adopt(user: IdentityUser, profile: SocialProfile): Promise<IdentityUser> {
    const fill = { ...(!user.name && profile.name ? { name: profile.name } : {}), ...(!user.image && profile.image ? { image: profile.image } : {}) };
    if (user.isEmailConfirmed) return Object.keys(fill).length ? users.update(user.tenantId, user.id, fill) : user;
    await sessions.revokeOthers(user.id, undefined, 'email-claimed-by-social-sign-in');
    return users.update(user.tenantId, user.id, { ...fill, isEmailConfirmed: true, confirmedEmailAt: new Date(), passwordHash: null });
  }

  return {
    findById: users.findById,
    findByUuid: users.findByUuid,
    findByEmail: users.findByEmail,
    findByUsername: users.findByUsername,

    /** PUT /v0/self: profile fields only; email and password change through their own flows. */
    async updateSelf(auth: { tenantId: string; userId: number }, update: SelfUpdate): Promise<IdentityUser> {
      const current = await users.findById(auth.tenantId, auth.userId);
      if (!current) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
      const phoneChanged = update.phoneNumber !== undefined && update.phoneNumber !== current.phoneNumber;
      // Each update is bounded by the schema; the merged bag must be too, or updates add up without limit.
      const data = update.data ? { ...current.data, ...update.data } : undefined;
      const problem = data && userDataProblem(data);
      if (problem) throw new AppError('VALIDATION_FAILED', `body.data: ${problem}`);
      try {
        return await users.update(auth.tenantId, auth.userId, {
          ...update,
          // A new number is unconfirmed until a code sent to it is verified.
          ...(phoneChanged ? { isPhoneNumberConfirmed: false, confirmedPhoneNumberAt: null } : {}),
          ...(data ? { data } : {}),
        });
      } catch (err) {
        if (uniqueViolation(err) === 'username') throw new AppError('CONFLICT', 'Username already exists');
        throw err;
      }
    },

    /** `npm run users:import`: a new account, or the field that is already taken. */
    async importAccount(values: NewIdentityUser): Promise<IdentityUser | { taken: 'email' | 'username' }> {
      try {
        return await users.create(values);
      } catch (err) {
        const field = uniqueViolation(err);
        if (!field) throw err;
        return { taken: field };
      }
    },

    /** The account of a VERIFIED social e-mail in the tenant, created when new (see `adopt`). */
    async findOrCreateFromSocial(tenantId: string, profile: SocialProfile): Promise<IdentityUser> {
      if (!profile.email) throw new SocialSignInError('email_missing');
      if (!profile.emailVerified) throw new SocialSignInError('email_not_verified');
      const existing = await users.findByEmail(tenantId, profile.email);
      if (existing) return adopt(existing, profile);
      try {
        return await users.create({
          tenantId,
          email: profile.email,
          name: profile.name ?? null,
          image: profile.image ?? null,
          isEmailConfirmed: true,
          confirmedEmailAt: new Date(),
        });
      } catch (err) {
        // Two callbacks for the same new address at once: the other one created it.
        if (uniqueViolation(err) !== 'email') throw err;
        const raced = await users.findByEmail(tenantId, profile.email);
        if (!raced) throw err;
        return adopt(raced, profile);
      }
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
