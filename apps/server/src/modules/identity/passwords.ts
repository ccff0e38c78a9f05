import { hash, verify } from '@node-rs/argon2';
import * as common from '@zxcvbn-ts/language-common';
import bcrypt from 'bcryptjs';
import { AppError } from '../../errors';

/** OWASP's argon2id baseline (ASVS 5.0 V11.4): 19 MiB, 2 iterations, 1 lane. */
const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

let commonPasswords: Set<string> | undefined;
function isCommon(password: string): boolean {
  // zxcvbn-ts ships the ~49 000 most used passwords from breach corpora; an exact (case-insensitive) hit is refused.
  commonPasswords ??= new Set((common.dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/** Length limits and a common-password check only: no composition rules (ASVS V6.2). */
export function assertAcceptablePassword(password: string, context: { email?: string | null; username?: string | null } = {}): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN) throw new AppError('VALIDATION_FAILED', `Password must be at least ${PASSWORD_MIN} characters.`);
  if (length > PASSWORD_MAX) throw new AppError('VALIDATION_FAILED', `Password must be at most ${PASSWORD_MAX} characters.`);
  const lower = password.toLowerCase();
  const personal = [context.email, context.email?.split('@')[0], context.username].filter((v): v is string => !!v && v.length >= 4);
  if (isCommon(password) || personal.some((v) => lower === v.toLowerCase())) {
    throw new AppError('VALIDATION_FAILED', 'This password is too common or easy to guess. Please choose another one.');
  }
}

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFKC'), ARGON2);
}

/** A valid hash to verify against when the account does not exist, so both cases cost the same. */
let dummyHash: Promise<string> | undefined;

/**
 * Verifies against argon2id or an imported bcrypt hash; `upgrade` asks the caller to store an
 * argon2id hash now that the plain password is known.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<{ ok: boolean; upgrade: boolean }> {
  const normalized = password.normalize('NFKC');
  if (!storedHash) {
    dummyHash ??= hashPassword(`dummy-${Math.random()}`);
    await verify(await dummyHash, normalized).catch(() => false);
    return { ok: false, upgrade: false };
  }
  if (storedHash.startsWith('$2')) {
    const ok = await bcrypt.compare(normalized, storedHash);
    return { ok, upgrade: ok };
  }
  const ok = await verify(storedHash, normalized).catch(() => false);
  return { ok, upgrade: false };
}
