import { AppError } from '../../errors';
import type { AuthUser } from '../../plugins/auth';
import { uniqueViolation, type IdentityUser, type UsersRepo } from './users.repo';

export interface SelfUpdate {
  name?: string | undefined;
  username?: string | undefined;
  image?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  data?: Record<string, unknown> | undefined;
}

export function createAccountsService(users: UsersRepo) {
  return {
    /** PUT /v0/self: profile fields only; email and password change through their own flows. */
    async updateSelf(auth: AuthUser, update: SelfUpdate): Promise<IdentityUser> {
      const current = await users.findById(auth.tenantId, auth.userId);
      if (!current) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
      const phoneChanged = update.phoneNumber !== undefined && update.phoneNumber !== current.phoneNumber;
      try {
        return await users.update(auth.tenantId, auth.userId, {
          ...update,
          // A new number is unconfirmed until a code sent to it is verified.
          ...(phoneChanged ? { isPhoneNumberConfirmed: false, confirmedPhoneNumberAt: null } : {}),
          ...(update.data ? { data: { ...current.data, ...update.data } } : {}),
        });
      } catch (err) {
        if (uniqueViolation(err) === 'username') throw new AppError('CONFLICT', 'Username already exists');
        throw err;
      }
    },
  };
}
