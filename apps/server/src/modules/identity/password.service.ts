import { AppError } from '../../errors';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords';
import type { SessionService } from './sessions.service';
import type { SignInRequest, SignInResult, SignInService } from './sign-in.service';
import { uniqueViolation } from '../../db/unique-violation';
import type { IdentityUser, IdentityUsersRepo } from './identity-users.repo';

/** ASVS V6.3: throttle guessing per account without letting an attacker lock users out for long. */
export const LOCKOUT_THRESHOLD = 10;
export const LOCKOUT_MS = 15 * 60_000;

const wrongCredentials = () => new AppError('UNAUTHORIZED', 'Incorrect email or password');

export interface SignUpInput {
  email: string;
  password: string;
  username?: string | undefined;
  name?: string | undefined;
  data?: Record<string, unknown> | undefined;
}

export function createPasswordService(deps: { users: IdentityUsersRepo; sessions: SessionService; signIn: SignInService }) {
  const { users, sessions, signIn } = deps;

  return {
    async signUp(input: SignUpInput, req: SignInRequest): Promise<SignInResult> {
      assertAcceptablePassword(input.password, input);
      const tenantId = req.tenant.id;
      let user: IdentityUser;
      try {
        user = await users.create({
          tenantId,
          email: input.email,
          username: input.username ?? null,
          name: input.name ?? null,
          data: input.data ?? {},
          passwordHash: await hashPassword(input.password),
        });
      } catch (err) {
        const field = uniqueViolation(err);
        if (field === 'email') throw new AppError('CONFLICT', 'An account with this email already exists.');
        if (field === 'username') throw new AppError('CONFLICT', 'Username already exists');
        throw err;
      }
      return signIn.finish(user, req);
    },

    /**
     * Same answer and about the same time for an unknown account, a wrong password and a locked
     * account; bcrypt hashes from an import are upgraded to argon2id on success.
     */
    async signIn(emailOrUsername: string, password: string, req: SignInRequest): Promise<SignInResult> {
      const user = await users.findByEmailOrUsername(req.tenant.id, emailOrUsername);
      const check = await verifyPassword(user?.passwordHash, password);
      if (!user) throw wrongCredentials();
      const locked = user.lockedUntil !== null && user.lockedUntil > new Date();
      if (!check.ok || locked) {
        if (!check.ok) await users.recordFailure(user, LOCKOUT_THRESHOLD, LOCKOUT_MS);
        throw wrongCredentials();
      }
      const current = check.upgrade ? await users.update(user.tenantId, user.id, { passwordHash: await hashPassword(password) }) : user;
      return signIn.afterFirstFactor(current, { strategy: 'password', channel: 'email' }, req);
    },

    /** Changing the password ends every other session of the user (ASVS V7.4.3). */
    async changePassword(user: IdentityUser, sessionId: string, existingPassword: string, password: string): Promise<void> {
      const check = await verifyPassword(user.passwordHash, existingPassword);
      // 403, not 401: the session is valid, so clients must not take this for "signed out".
      if (!check.ok) throw new AppError('FORBIDDEN', 'Your current password is incorrect.');
      assertAcceptablePassword(password, user);
      await users.update(user.tenantId, user.id, { passwordHash: await hashPassword(password) });
      await sessions.revokeOthers(user.id, sessionId, 'password-changed');
    },

    /** Sets a password without the old one: reset links and passwordless accounts. Ends every session. */
    async setPassword(user: IdentityUser, password: string): Promise<IdentityUser> {
      assertAcceptablePassword(password, user);
      const updated = await users.update(user.tenantId, user.id, { passwordHash: await hashPassword(password), failedSignIns: 0, lockedUntil: null });
      await sessions.revokeOthers(user.id, undefined, 'password-reset');
      return updated;
    },
  };
}
