import { ageFrom, measurable, type Measurable, type ProfileMe, type UserImage } from '@app/contracts/profiles';
import { profileKeys, type CreateUserMeBody, type UpdateUserMeBody, type UserMe } from '@app/contracts/user-me';
import type { Caller } from '../../caller';
import { AppError } from '../../errors';
import type { Identity } from '../identity/identity';
import { uniqueViolation } from '../../db/unique-violation';
import { toReadyImages } from '../images/ready-images';
import type { NewProductUser, ProductUserRow, ProductUsersRepo } from './product-users.repo';

export const USERNAME_TAKEN = 'Username already exists';
export const FINISH_REGISTRATION = 'Finish registration first.';

/**
 * The product user record. `trialStartedAt` is the trial clock (docs/product.md#subscription-levels:
 * a team or athlete type counts for 8 days): it starts when the account first gets a type and
 * nothing the user sends moves it, or repeating the registration would restart the trial.
 */
export function createUsersService({ repo, identity }: { repo: ProductUsersRepo; identity: Identity }) {

  async function identityOf(caller: Caller) {
    const account = await identity.accounts.findById(caller.tenantId, caller.identityUserId);
    if (!account) throw new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');
    return account;
  }

  /** Inserts or updates; a username clash (unique per tenant, any case) is a 409. */
  async function save(write: () => Promise<ProductUserRow>): Promise<ProductUserRow> {
    try {
      return await write();
    } catch (err) {
      if (uniqueViolation(err) === 'username') throw new AppError('CONFLICT', USERNAME_TAKEN);
      throw err;
    }
  }

  /** First free username derived from the identity one (a product rename may have taken it). */
  async function freeUsername(tenantId: string, wanted: string): Promise<string> {
    for (let n = 0; n < 50; n++) {
      const candidate = n === 0 ? wanted : `${wanted}-${n + 1}`;
      if (!(await repo.byUsername(tenantId, candidate))) return candidate;
    }
    return `${wanted}-${Date.now().toString(36)}`;
  }

  /** The caller's product user: the row the sign-in read when the caller carries it, else a lookup. */
  const find = async (caller: Caller): Promise<ProductUserRow | undefined> =>
    caller.user !== undefined ? (caller.user ?? undefined) : repo.byIdentity(caller.tenantId, caller.identityUserId);

  return {
    find,

    /**
     * The sign-in of a product API request, one round trip: undefined unless session `sessionId` is
     * live and belongs to `identityUserId`; else the caller with its product user (null before
     * registration).
     */
    async signedIn(tenantId: string, identityUserId: number, sessionId: string): Promise<Caller | undefined> {
      const row = await repo.signedIn(tenantId, sessionId);
      if (!row || row.sessionUserId !== identityUserId) return undefined;
      return { tenantId, identityUserId, user: row.user };
    },

    /** `signedIn` with the product user's ready images on the caller (`GET /api/user/me` answers them), in the same round trip. */
    async signedInWithImages(tenantId: string, identityUserId: number, sessionId: string): Promise<Caller | undefined> {
      const row = await repo.signedInWithImages(tenantId, sessionId);
      if (!row || row.sessionUserId !== identityUserId) return undefined;
      return { tenantId, identityUserId, user: row.user, images: toReadyImages(row.images) };
    },
    byId: repo.byId,
    byIdentityAccount: repo.byIdentityAccount,
    /** Any case: usernames are unique per tenant regardless of case. */
    byUsername: repo.byUsername,
    /** Any case: e-mails are compared as lowercase. */
    byEmail: repo.byEmail,

    /** The caller's product record; 409 'Finish registration first.' before registration created it. */
    async requireRegistered(caller: Caller): Promise<ProductUserRow> {
      const user = await find(caller);
      if (!user) throw new AppError('CONFLICT', FINISH_REGISTRATION);
      return user;
    },

    /** A user without a record gets one from the sign-in profile (username, email, name, image). */
    async getOrCreate(caller: Caller): Promise<ProductUserRow> {
      const existing = await find(caller);
      if (existing) return existing;
      const account = await identityOf(caller);
      const base = account.username ?? account.email?.split('@')[0]?.replace(/[^A-Za-z0-9_+-]/g, '') ?? `user${account.id}`;
      const username = await freeUsername(caller.tenantId, base.length >= 3 ? base : `${base}user`);
      try {
        return await repo.insert({
          tenantId: caller.tenantId,
          identityUserId: account.id,
          username,
          email: account.email,
          name: account.name,
          image: account.image,
          phone: account.phoneNumber,
        });
      } catch (err) {
        // Two first requests at once: the other one created it.
        const raced = await repo.byIdentity(caller.tenantId, caller.identityUserId);
        if (raced) return raced;
        throw err;
      }
    },

    /** `POST /api/user/me`: registration creates or completes the record. */
    async register(caller: Caller, body: CreateUserMeBody): Promise<ProductUserRow> {
      const account = await identityOf(caller);
      const existing = await repo.byIdentity(caller.tenantId, caller.identityUserId);
      const name = body.name ?? ([body.firstname, body.lastname].filter(Boolean).join(' ') || undefined);
      const values: Partial<NewProductUser> = {
        username: body.username,
        // The e-mail is the verified sign-in one; a body e-mail only fills a record that has none.
        email: account.email ?? body.email ?? null,
        ...(name !== undefined && { name }),
        ...(body.image !== undefined && { image: body.image }),
        ...(body.firstname !== undefined && { firstname: body.firstname }),
        ...(body.lastname !== undefined && { lastname: body.lastname }),
        ...(body.affiliate !== undefined && { affiliate: body.affiliate }),
        ...(body.type !== undefined && { type: body.type }),
        updatedAt: new Date(),
      };
      const startTrial = body.type !== undefined;
      if (existing) return save(() => repo.update(caller.tenantId, existing.id, values, { startTrial }));
      return save(() =>
        repo.insert({
          tenantId: caller.tenantId,
          identityUserId: account.id,
          phone: account.phoneNumber,
          ...values,
          username: body.username,
          trialStartedAt: startTrial ? new Date() : null,
        }),
      );
    },

    /** Marks (a value) or unmarks (null) measurables of a user as verified by their coach; the caller checked who may. */
    async setVerified(tenantId: string, userId: number, changes: Partial<Record<Measurable, unknown>>): Promise<ProductUserRow> {
      const user = await repo.byId(tenantId, userId);
      if (!user) throw new AppError('NOT_FOUND', 'User not found.');
      const verified = { ...user.verified };
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined) delete verified[key];
        else verified[key] = value;
      }
      return repo.update(tenantId, userId, { verified });
    },

    /** `PUT /api/user/me`: profile fields. The e-mail is never changed here. */
    async update(caller: Caller, body: UpdateUserMeBody): Promise<ProductUserRow> {
      const user = await this.getOrCreate(caller);
      const profile = { ...user.profile };
      for (const key of profileKeys) {
        const value = body[key];
        if (value === undefined) continue;
        if (value === '') delete profile[key];
        else profile[key] = value;
      }
      const values: Partial<NewProductUser> = {
        profile,
        updatedAt: new Date(),
        ...(body.username !== undefined && { username: body.username }),
        ...(body.firstname !== undefined && { firstname: body.firstname }),
        ...(body.lastname !== undefined && { lastname: body.lastname }),
        ...(body.name !== undefined && { name: body.name }),
        ...(body.phone !== undefined && { phone: body.phone || null }),
      };
      // A measurable the athlete changes is no longer the value the coach verified.
      const edited = measurable.options.filter((key) => key in user.verified && String(profile[key] ?? '') !== String(user.profile[key] ?? ''));
      if (edited.length > 0) values.verified = Object.fromEntries(Object.entries(user.verified).filter(([key]) => !edited.includes(key as Measurable)));
      if (body.name === undefined && (body.firstname !== undefined || body.lastname !== undefined)) {
        values.name = [body.firstname ?? user.firstname, body.lastname ?? user.lastname].filter(Boolean).join(' ');
      }
      return save(() => repo.update(caller.tenantId, user.id, values));
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

/** The JSON of the own record: the stored columns, the profile fields flattened, `userId` = identity id. */
export function toUserMe(row: ProductUserRow, identityUuid: string): UserMe {
  return {
    ...row.profile,
    userId: row.identityUserId,
    userUuid: identityUuid,
    username: row.username,
    email: row.email,
    name: row.name,
    firstname: row.firstname,
    lastname: row.lastname,
    phone: row.phone,
    image: row.image,
    type: row.type as UserMe['type'],
    affiliate: row.affiliate,
    // Clients read the trial clock from `updatedAt` (the field predates `trialStartedAt`).
    updatedAt: (row.trialStartedAt ?? row.updatedAt).toISOString(),
  };
}

/** The measurables whose current value is the one the team owner verified. */
export const verifiedOf = (row: ProductUserRow): Measurable[] =>
  measurable.options.filter((key) => row.verified[key] !== undefined && String(row.verified[key]) === String(row.profile[key] ?? ''));

/** The own record with the ready images, the age (computed on every read from the birthdate, never stored) and what the coach verified. */
export function toProfileMe(row: ProductUserRow, identityUuid: string, images: UserImage[]): ProfileMe {
  return { ...toUserMe(row, identityUuid), age: ageFrom(row.profile.birthdate), images, verified: verifiedOf(row) };
}
