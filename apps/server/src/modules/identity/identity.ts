import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createTenantService } from '../tenants/tenants.service';
import { createAccountsService } from './accounts.service';
import { loadKeyEncryptionKey } from './key-encryption-key';
import { createKeyStore } from './keys.service';
import { createOneTimeTokens } from './one-time-tokens.service';
import { createPasswordService } from './password.service';
import { secretBoxWith } from './secret-box';
import { createSessionService } from './sessions.service';
import { createSignInService } from './sign-in.service';
import { createTokenService } from './tokens.service';
import { createIdentityUsersRepo } from './identity-users.repo';

/** The tenants' signing keys, encrypted with the key-encryption key (read once, on first use). */
export function createSigningKeys(db: Db, config: Pick<Config, 'identity' | 'dataDir'>) {
  let kek: Promise<Buffer> | undefined;
  const key = () => {
    kek ??= loadKeyEncryptionKey(config.identity.keyEncryptionKey, config.dataDir);
    kek.catch(() => (kek = undefined));
    return kek;
  };
  return createKeyStore(db, secretBoxWith(key), { rotateAfterDays: config.identity.signingKeyRotationDays });
}

/** The identity provider's services, wired once per runtime (no singletons, so tests get their own). */
export function createIdentity(db: Db, config: Config) {
  const tenants = createTenantService(db, config);
  const keys = createSigningKeys(db, config);
  const tokens = createTokenService(keys, config.publicUrl);
  const users = createIdentityUsersRepo(db);
  const sessions = createSessionService(db, { reuseGraceSeconds: config.identity.refreshReuseGraceSeconds });
  const oneTime = createOneTimeTokens(db);
  const signIn = createSignInService({ config, users, sessions, tokens, oneTime });
  const passwords = createPasswordService({ users, sessions, signIn });
  const accounts = createAccountsService(users, sessions);
  // The users repository stays inside: other modules (and identity's routes) use `accounts`.
  return { tenants, keys, tokens, sessions, oneTime, signIn, passwords, accounts };
}

export type Identity = ReturnType<typeof createIdentity>;
