import { AppError } from '../../errors';
import type { Identity } from './identity';
import { createOutbound, MESSAGE_TTL_SECONDS, type Outbound, type PasswordlessDeps, type Submitted } from './passwordless.service';
import { assertAcceptablePassword } from './passwords';
import type { SignInRequest, SignInResult } from './sign-in.service';
import { normalizeEmail } from './normalize-email';
import { passwordReset } from './mail/password-reset';

export const invalidReset = () => new AppError('UNAUTHORIZED', 'This reset link is invalid or has expired. Request a new one.');

/** Password recovery: a single-use, 10-minute link by email, then a new password and a fresh sign-in. */
export function createResetService(deps: PasswordlessDeps & { outbound?: Outbound }) {
  const { identity, users, mail } = deps;
  const { oneTime, passwords, signIn }: Identity = identity;
  const outbound = deps.outbound ?? createOutbound(deps);

  return {
    /**
     * POST auth/reset/link. Unknown addresses get a (never usable) reset row too and nothing is
     * sent; delivery happens after the answer, so neither the body nor the time tells them apart.
     */
    async requestReset(tenantId: string, email: string): Promise<Submitted> {
      const address = normalizeEmail(email);
      const user = await users.findByEmail(tenantId, address);
      return outbound.send(tenantId, address, async () => {
        const row = await oneTime.issue({
          tenantId,
          purpose: 'reset',
          userId: user?.id ?? null,
          ttlSeconds: MESSAGE_TTL_SECONDS,
          meta: { channel: 'email', address },
          replace: true,
        });
        if (!user) return undefined;
        const link = outbound.link(tenantId, '/reset', row.secret, user.uuid);
        return () => mail.mail.send(address, { template: 'password-reset', ...passwordReset({ link, expiresMinutes: MESSAGE_TTL_SECONDS / 60 }) });
      });
    },

    /**
     * PUT auth/reset. The password policy is checked before the token is spent, so a refused
     * password leaves the link usable. Setting the password ends every session; the reset proves
     * the email address; users with MFA still get the second-factor challenge.
     */
    async reset(tenantId: string, input: { uuid: string; token: string; password: string }, req: SignInRequest): Promise<SignInResult> {
      const user = await users.findByUuid(tenantId, input.uuid);
      if (!user) throw invalidReset();
      assertAcceptablePassword(input.password, user);
      const spent = await oneTime.consume({ tenantId, purpose: 'reset', secret: input.token, userId: user.id });
      if (!spent) throw invalidReset();
      await passwords.setPassword(user, input.password);
      const confirmed = await users.update(tenantId, user.id, {
        isEmailConfirmed: true,
        confirmedEmailAt: user.isEmailConfirmed && user.confirmedEmailAt ? user.confirmedEmailAt : new Date(),
      });
      return signIn.afterFirstFactor(confirmed, { strategy: 'password', channel: 'email' }, req);
    },
  };
}
