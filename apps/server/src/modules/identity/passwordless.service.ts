import { randomUUID } from 'node:crypto';
import { tenantPublicUrl, type Config } from '../../config';
import { AppError } from '../../errors';
import type { MailRuntime } from '../mail/create-mail';
import { magicLink } from './mail/magic-link';
import { verificationCodeSms } from './mail/verification-code-sms';
import { randomDigits, safeEqual, sha256 } from './crypto';
import type { Identity } from './identity';
import { completeSecondFactor, type FirstFactorState } from './second-factor';
import type { SignInRequest, SignInResult } from './sign-in.service';
import { uniqueViolation } from '../../db/unique-violation';
import { normalizeEmail } from './normalize-email';
import type { IdentityUser, IdentityUsersRepo } from './identity-users.repo';
import type { OneTimeToken } from './one-time-tokens.repo';
import { verificationCode } from './mail/verification-code';

/** Links, reset links and codes live 10 minutes. */
export const MESSAGE_TTL_SECONDS = 600;
/** At most this many links, reset links and codes per address and window; beyond it we answer OK and send nothing. */
export const ADDRESS_LIMIT = 3;
export const ADDRESS_WINDOW_MINUTES = 15;
/** A code is dead after this many wrong guesses. */
export const CODE_MAX_ATTEMPTS = 5;

const MAIL_PURPOSES = ['link', 'reset', 'code'] as const;

export type CodeChannel = 'email' | 'sms';

/** What the POST routes answer, whether or not the account exists and whether or not anything was sent. */
export interface Submitted {
  submittedAt: string;
  messageId: string;
}

export interface PasswordlessDeps {
  identity: Identity;
  /** The accounts (the module's `identity_users` repository). */
  users: IdentityUsersRepo;
  config: Pick<Config, 'publicUrl' | 'tenantId' | 'tenants'>;
  mail: Pick<MailRuntime, 'mail' | 'sms'>;
  log?: { error(obj: object, msg?: string): void } | undefined;
}

export const invalidLink = () => new AppError('UNAUTHORIZED', 'This sign-in link is invalid or has expired. Request a new one.');
export const wrongCode = () => new AppError('UNAUTHORIZED', 'Incorrect or expired code');

/**
 * Messages that carry secrets (links, codes) and the per-address throttle shared by the
 * passwordless and reset flows. Delivery happens after the answer: an unknown account, a throttled
 * address and a slow SMTP server all answer in the same time with the same body.
 */
export function createOutbound({ identity, config, log }: Pick<PasswordlessDeps, 'identity' | 'config' | 'log'>) {
  const pending = new Set<Promise<void>>();

  function deliver(send: () => Promise<unknown>): void {
    const job: Promise<void> = send()
      .then(() => undefined)
      // The mail service logs failures already (without the body); the client got its answer.
      .catch((err: unknown) => log?.error({ err }, 'passwordless message not delivered'))
      .finally(() => pending.delete(job));
    pending.add(job);
  }

  return {
    /**
     * `${the tenant's public URL}/login?token=..&uuid=..`: always from configuration (the tenant's own host, where
     * its sign-in works), never from the Host header.
     */
    link(tenantId: string, path: '/login' | '/reset', token: string, uuid: string): string {
      const url = new URL(path, `${tenantPublicUrl(config, tenantId)}/`);
      url.searchParams.set('token', token);
      url.searchParams.set('uuid', uuid);
      return url.toString();
    },

    /**
     * Unless the address is throttled, `prepare` issues the secret (always, also for unknown accounts,
     * so both cost the same) and returns the sender, or undefined when nothing must be sent.
     */
    async send(tenantId: string, address: string, prepare: () => Promise<(() => Promise<unknown>) | undefined>): Promise<Submitted> {
      const submittedAt = new Date().toISOString();
      if ((await identity.oneTime.countRecentByAddress(tenantId, MAIL_PURPOSES, address, ADDRESS_WINDOW_MINUTES)) < ADDRESS_LIMIT) {
        const sender = await prepare();
        if (sender) deliver(sender);
      }
      return { submittedAt, messageId: randomUUID() };
    },

    /** Resolves once every message handed out so far was sent or failed (tests, graceful shutdown). */
    async settled(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

export type Outbound = ReturnType<typeof createOutbound>;

export function createPasswordlessService(deps: PasswordlessDeps & { outbound?: Outbound }) {
  const { identity, users, config, mail } = deps;
  const { oneTime, signIn } = identity;
  const outbound = deps.outbound ?? createOutbound(deps);

  const normalizeAddress = (channel: CodeChannel, address: string) => (channel === 'email' ? normalizeEmail(address) : address.trim());

  const findByAddress = (tenantId: string, channel: CodeChannel, address: string): Promise<IdentityUser | undefined> =>
    channel === 'email' ? users.findByEmail(tenantId, address) : users.findByPhoneNumber(tenantId, address);

  /**
   * Passwordless sign-up: no password hash and nothing the requester chose. Anyone may ask for a link
   * to any address, so the name, username and data ride in the link (see `profileOf`) and reach the
   * account only when the address's owner opens it.
   */
  async function createPasswordless(tenantId: string, email: string): Promise<IdentityUser> {
    try {
      return await users.create({ tenantId, email, passwordHash: null });
    } catch (err) {
      // Created by a concurrent request for the same address.
      const existing = uniqueViolation(err) === 'email' ? await users.findByEmail(tenantId, email) : undefined;
      if (existing) return existing;
      throw err;
    }
  }

  /** A passwordless account nobody has opened yet: no password, e-mail never confirmed. */
  const isPending = (user: IdentityUser) => !user.passwordHash && !user.isEmailConfirmed && !user.confirmedEmailAt;

  /** The sign-up fields a link carries: only for a pending account, and only those the request gave. */
  function profileOf(user: IdentityUser, input: LinkRequest): LinkProfile | undefined {
    if (!isPending(user)) return undefined;
    const profile: LinkProfile = { ...(input.name ? { name: input.name } : {}), ...(input.username ? { username: input.username } : {}), ...(input.data ? { data: input.data } : {}) };
    return Object.keys(profile).length ? profile : undefined;
  }

  /** The owner opened the link: its sign-up fields fill what the pending account lacks. A taken username is dropped silently. */
  async function applyProfile(user: IdentityUser, profile: LinkProfile | undefined, confirm: Partial<IdentityUser>): Promise<IdentityUser> {
    const fill = profile && isPending(user)
      ? {
          ...(profile.name && !user.name ? { name: profile.name } : {}),
          ...(profile.data && Object.keys(user.data).length === 0 ? { data: profile.data } : {}),
        }
      : {};
    const username = profile?.username && isPending(user) && !user.username ? { username: profile.username } : {};
    try {
      return await users.update(user.tenantId, user.id, { ...confirm, ...fill, ...username });
    } catch (err) {
      if (uniqueViolation(err) !== 'username') throw err;
      return users.update(user.tenantId, user.id, { ...confirm, ...fill });
    }
  }

  /** Spends the code when it matches (hashes compared in constant time); a wrong guess counts, the 5th kills the code. */
  async function spendCode(row: OneTimeToken, code: string): Promise<boolean> {
    if (safeEqual(sha256(code), row.tokenHash)) return oneTime.spendCode(row.id, CODE_MAX_ATTEMPTS);
    await oneTime.countWrongGuess(row.id, CODE_MAX_ATTEMPTS);
    return false;
  }

  function sendCode(channel: CodeChannel, address: string, code: string): () => Promise<unknown> {
    if (channel === 'email') return () => mail.mail.send(address, { template: 'verification-code', ...verificationCode({ code, expiresMinutes: MESSAGE_TTL_SECONDS / 60 }) });
    const domain = new URL(config.publicUrl).host;
    return () => mail.sms.send(address, verificationCodeSms({ code, expiresMinutes: MESSAGE_TTL_SECONDS / 60, domain }));
  }

  return {
    outbound,

    /** POST auth/link: an unknown email becomes a passwordless account; the answer never tells which. */
    async requestLink(tenantId: string, input: LinkRequest): Promise<Submitted> {
      const address = normalizeEmail(input.email);
      const user = (await users.findByEmail(tenantId, address)) ?? (await createPasswordless(tenantId, address));
      const profile = profileOf(user, input);
      return outbound.send(tenantId, address, async () => {
        const link = await oneTime.issue({
          tenantId,
          purpose: 'link',
          userId: user.id,
          ttlSeconds: MESSAGE_TTL_SECONDS,
          meta: { channel: 'email', address, ...(profile ? { profile } : {}) },
          replace: true,
        });
        const url = outbound.link(tenantId, '/login', link.secret, user.uuid);
        return () => mail.mail.send(address, { template: 'magic-link', ...magicLink({ link: url, expiresMinutes: MESSAGE_TTL_SECONDS / 60, ...(user.name ? { name: user.name } : {}) }) });
      });
    },

    /** PUT auth/link: single use, unexpired, bound to the user of `uuid`; proves the email address. */
    async verifyLink(tenantId: string, token: string, uuid: string, req: SignInRequest): Promise<SignInResult> {
      const user = await users.findByUuid(tenantId, uuid);
      const spent = user ? await oneTime.consume({ tenantId, purpose: 'link', secret: token, userId: user.id }) : undefined;
      if (!user || !spent) throw invalidLink();
      const profile = (spent.meta as { profile?: LinkProfile }).profile;
      const confirmed = await applyProfile(user, profile, { isEmailConfirmed: true, confirmedEmailAt: new Date() });
      return signIn.afterFirstFactor(confirmed, { strategy: 'link', channel: 'email' }, req);
    },

    /**
     * POST auth/code as a first factor. Unknown addresses get a code row too (never usable: no user)
     * and nothing is sent, so the answer and the work are the same.
     */
    async requestCode(tenantId: string, channel: CodeChannel, rawAddress: string): Promise<Submitted> {
      const address = normalizeAddress(channel, rawAddress);
      const user = await findByAddress(tenantId, channel, address);
      return outbound.send(tenantId, address, async () => {
        const code = randomDigits(6);
        await oneTime.issue({
          tenantId,
          purpose: 'code',
          userId: user?.id ?? null,
          ttlSeconds: MESSAGE_TTL_SECONDS,
          meta: { channel, address, jti: null },
          secret: code,
          replace: true,
        });
        return user ? sendCode(channel, address, code) : undefined;
      });
    },

    /** POST auth/code as a second factor: to the pending user's own email, bound to that first-factor token. */
    async requestSecondFactorCode(state: FirstFactorState): Promise<Submitted & { email: string }> {
      const { user, claims } = state;
      if (!user.email) throw new AppError('BAD_REQUEST', 'This account has no email address for a verification code.');
      const address = normalizeEmail(user.email);
      const submitted = await outbound.send(user.tenantId, address, async () => {
        const code = randomDigits(6);
        await oneTime.issue({
          tenantId: user.tenantId,
          purpose: 'code',
          userId: user.id,
          ttlSeconds: MESSAGE_TTL_SECONDS,
          meta: { channel: 'email', address, jti: claims.jti },
          secret: code,
          replace: true,
        });
        return sendCode('email', address, code);
      });
      return { ...submitted, email: address };
    },

    /** PUT auth/code as a first factor: the code asked for this very address and channel. */
    async verifyCode(tenantId: string, channel: CodeChannel, rawAddress: string, code: string, req: SignInRequest): Promise<SignInResult> {
      const address = normalizeAddress(channel, rawAddress);
      const user = await findByAddress(tenantId, channel, address);
      const row = user ? await oneTime.newestLiveCode(tenantId, user.id, { channel, address }) : undefined;
      if (!user || !row || !(await spendCode(row, code))) throw wrongCode();
      const now = new Date();
      const confirmed = await users.update(
        tenantId,
        user.id,
        channel === 'email' ? { isEmailConfirmed: true, confirmedEmailAt: now } : { isPhoneNumberConfirmed: true, confirmedPhoneNumberAt: now },
      );
      return signIn.afterFirstFactor(confirmed, { strategy: 'verificationCode', channel }, req);
    },

    /** PUT auth/code as a second factor: the code bound to this first-factor token, then the token is spent. */
    async verifySecondFactorCode(state: FirstFactorState, code: string, req: SignInRequest): Promise<SignInResult> {
      const row = await oneTime.newestLiveCode(state.user.tenantId, state.user.id, { jti: state.claims.jti });
      if (!row || !(await spendCode(row, code))) throw wrongCode();
      return completeSecondFactor(identity, state, req);
    },
  };
}

export interface LinkRequest {
  email: string;
  name?: string | undefined;
  username?: string | undefined;
  data?: Record<string, unknown> | undefined;
}

type LinkProfile = Pick<LinkRequest, 'name' | 'username' | 'data'>;
