import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import { AppError } from '../../errors';
import type { Identity } from './identity';
import { LOCKOUT_MS, LOCKOUT_THRESHOLD } from './password.service';
import type { SecretBoxCipher } from './secret-box';
import type { IdentityUser, IdentityUsersRepo } from './identity-users.repo';
import type { TotpRepo } from './totp.repo';

export const TOTP_ISSUER = 'Teamfilm';
export const TOTP_STEP_SECONDS = 30;
export const BACKUP_CODE_COUNT = 10;

/** RFC 6238 with the authenticator-app defaults: 6 digits, 30 s steps, one step of clock drift either way. */
const totp = authenticator.clone({ step: TOTP_STEP_SECONDS, window: 1, digits: 6 });

/** Crockford base32 (no i, l, o, u): 8 characters = 40 bits per backup code. */
const BACKUP_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * Backup codes carry ~40 bits, too few for a fast hash: argon2id makes an offline search of a leaked
 * table cost ~2^40 argon2 evaluations. Lighter than the password parameters since ten are checked per try.
 */
const BACKUP_ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const incorrectCode = () => new AppError('UNAUTHORIZED', 'Incorrect code');
/** Signed-in calls (confirm, disable): the session is fine, the proof is not — 403, so clients don't treat it as "signed out". */
const refusedCode = () => new AppError('FORBIDDEN', 'Incorrect code');

export interface SecondFactorInput {
  totpCode?: string | undefined;
  backupCode?: string | undefined;
}

export interface UserIdentifier {
  userId?: number | undefined;
  userUuid?: string | undefined;
  email?: string | undefined;
  username?: string | undefined;
  phoneNumber?: string | undefined;
}

export const normalizeBackupCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export function generateBackupCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The 30 s step `code` belongs to (within ±1 step of `now`), or undefined. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totp.clone({ epoch: now }).checkDelta(code, secret);
  return delta === null ? undefined : Math.floor(now / 1000 / TOTP_STEP_SECONDS) + delta;
}

const secretContext = (user: Pick<IdentityUser, 'id'>) => `totp:${user.id}`;

/**
 * At start: TOTP secrets sealed by older versions with the key kept in the database (`legacy`) are
 * sealed again with the key-encryption key (`box`), so enrolled users keep their authenticator app.
 * Each row moves only if its secret is still the one read (a node may enrol the user meanwhile).
 */
export async function sealLegacyTotpSecrets(repo: TotpRepo, legacy: SecretBoxCipher, box: SecretBoxCipher): Promise<void> {
  const rows = await repo.legacySecrets();
  for (const row of rows) {
    // A secret that does not open never verified a code before either; it stays where it is.
    const secret = await legacy.decrypt(row.totpSecret!, secretContext(row)).catch(() => undefined);
    if (secret === undefined) continue;
    const totpSecretBox = await box.encrypt(secret, secretContext(row));
    await repo.resealLegacySecret(row.id, row.totpSecret!, totpSecretBox);
  }
}

export function createTotpService({ repo, users, identity }: { repo: TotpRepo; users: IdentityUsersRepo; identity: Identity }) {
  const box = identity.secretBox;

  const isLocked = (user: IdentityUser) => user.lockedUntil !== null && user.lockedUntil > new Date();

  async function secretOf(user: IdentityUser): Promise<string | undefined> {
    if (!user.totpSecretBox) return undefined;
    return box.decrypt(user.totpSecretBox, secretContext(user)).catch(() => undefined);
  }

  /**
   * Accepts a code only for a step after the last accepted one. The conditional UPDATE makes this
   * atomic: of two requests carrying the same code, exactly one moves `totp_last_step` forward.
   */
  async function spendTotp(user: IdentityUser, code: string, requireEnabled: boolean): Promise<boolean> {
    const secret = await secretOf(user);
    if (!secret) return false;
    const step = matchingStep(secret, code);
    if (step === undefined) return false;
    // The secret that was checked must still be the stored one (no enrolment raced in between).
    return repo.spendStep(user.id, user.totpSecretBox!, step, requireEnabled);
  }

  /** Single use: a parallel second use of the same code finds it spent. */
  async function spendBackupCode(user: IdentityUser, code: string): Promise<boolean> {
    const normalized = normalizeBackupCode(code);
    if (!/^[0-9a-z]{8}$/.test(normalized)) return false;
    const rows = await repo.unusedBackupCodes(user.id);
    const checks = await Promise.all(rows.map((row) => verify(row.codeHash, normalized).catch(() => false)));
    const match = rows.find((_, i) => checks[i]);
    if (!match) return false;
    return repo.spendBackupCode(match.id);
  }

  return {
    /**
     * Starts (or restarts) an enrolment: a new secret, stored encrypted but not yet enabled, and ten
     * new backup codes. The plain codes are shown once, here.
     */
    async beginEnrolment(user: IdentityUser): Promise<{ totpSecret: string; qrCode: string; backupCodes: string[] }> {
      if (user.totpEnabledAt) throw new AppError('CONFLICT', 'Two-factor authentication is already on.');
      const totpSecret = totp.generateSecret(20); // 160 bits (RFC 4226 section 4)
      const account = user.email ?? user.username ?? user.uuid;
      const uri = totp.keyuri(account, TOTP_ISSUER, totpSecret);
      const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
      const backupCodes = Array.from({ length: BACKUP_CODE_COUNT }, generateBackupCode);
      const hashes = await Promise.all(backupCodes.map((c) => hash(normalizeBackupCode(c), BACKUP_ARGON2)));
      const sealed = await box.encrypt(totpSecret, secretContext(user));
      if (!(await repo.beginEnrolment(user.id, sealed, hashes))) throw new AppError('CONFLICT', 'Two-factor authentication is already on.');
      return { totpSecret, qrCode, backupCodes };
    },

    /** Confirms a pending enrolment with a current code; the user's other sessions end. */
    async confirmEnrolment(user: IdentityUser, sessionId: string, code: string | undefined): Promise<void> {
      if (user.totpEnabledAt) throw new AppError('CONFLICT', 'Two-factor authentication is already on.');
      if (!user.totpSecretBox) throw new AppError('BAD_REQUEST', 'Start the two-factor setup first.');
      if (!code || !(await spendTotp(user, code, false))) throw refusedCode();
      await identity.sessions.revokeOthers(user.id, sessionId, 'mfa-enabled');
    },

    /**
     * Checks a second factor (TOTP or backup code) of a user with MFA on. A wrong code counts as a failed
     * sign-in; a locked account gets the same answer as a wrong code.
     */
    async verify(user: IdentityUser, input: SecondFactorInput): Promise<void> {
      const ok =
        !!user.totpEnabledAt &&
        !isLocked(user) &&
        (input.totpCode ? await spendTotp(user, input.totpCode, true) : input.backupCode ? await spendBackupCode(user, input.backupCode) : false);
      if (!ok) {
        if (!isLocked(user)) await users.recordFailure(user, LOCKOUT_THRESHOLD, LOCKOUT_MS);
        throw incorrectCode();
      }
    },

    /** Turns MFA off after a valid code: secret, enabled flag, last step and backup codes are cleared. */
    async disable(user: IdentityUser, input: SecondFactorInput): Promise<void> {
      if (!user.totpEnabledAt) throw new AppError('BAD_REQUEST', 'Two-factor authentication is not on.');
      await this.verify(user, input).catch((err: unknown) => {
        throw err instanceof AppError && err.statusCode === 401 ? refusedCode() : err;
      });
      await repo.disable(user.id);
    },

    /** TOTP as first factor: the account named by one identifier, if it has MFA on. */
    async findUser(tenantId: string, id: UserIdentifier): Promise<IdentityUser | undefined> {
      let user: IdentityUser | undefined;
      if (id.userId !== undefined) user = await users.findById(tenantId, id.userId);
      else if (id.userUuid) user = await users.findByUuid(tenantId, id.userUuid);
      else if (id.email) user = await users.findByEmail(tenantId, id.email);
      else if (id.username) user = await users.findByUsername(tenantId, id.username);
      else if (id.phoneNumber) {
        const rows = await users.findTotpUsersByPhoneNumber(tenantId, id.phoneNumber);
        // A phone number is not unique: only an unambiguous match identifies an account.
        user = rows.length === 1 ? rows[0] : undefined;
      }
      return user?.totpEnabledAt ? user : undefined;
    },

    /** For tests and support tooling: how many backup codes are still unused. */
    remainingBackupCodes: (userId: number): Promise<number> => repo.remainingBackupCodes(userId),
  };
}

export type TotpService = ReturnType<typeof createTotpService>;
