import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createTenants } from '../tenants/tenants.module';
import { createAccountsService } from './accounts.service';
import { keyEncryptionBox } from './key-encryption-key';
import { createKeyStore, RETIRED_KEY_SECONDS } from './keys.service';
import { createSigningKeysRepo } from './signing-keys.repo';
import { createOneTimeTokens } from './one-time-tokens.repo';
import { createPasswordService } from './password.service';
import { createSecretBox, type SecretBoxCipher } from './secret-box';
import { createSessionService } from './sessions.service';
import { createSessionsRepo } from './sessions.repo';
import { createSignInService } from './sign-in.service';
import { createTokenService } from './tokens.service';
import { sealLegacyTotpSecrets } from './totp.service';
import { createTotpRepo } from './totp.repo';
import { createIdentityUsersRepo } from './identity-users.repo';

/** The tenants' signing keys, encrypted with the key-encryption key. */
export function createSigningKeys(
  db: Db,
  config: Pick<Config, 'identity' | 'dataDir'>,
  { box = keyEncryptionBox(config), now }: { box?: SecretBoxCipher; now?: () => number } = {},
) {
  return createKeyStore(createSigningKeysRepo(db, { retiredKeySeconds: RETIRED_KEY_SECONDS }), box, {
    rotateAfterDays: config.identity.signingKeyRotationDays,
    verificationCacheMs: config.identity.verificationKeyCacheMinutes * 60_000,
    now,
  });
}

/** The identity provider's services, wired once per runtime (no singletons, so tests get their own). */
export function createIdentity(db: Db, config: Config) {
  const tenants = createTenants(db, config);
  /** Seals small secrets (signing keys, TOTP secrets) with the key-encryption key, kept outside the database. */
  const secretBox = keyEncryptionBox(config);
  const keys = createSigningKeys(db, config, { box: secretBox });
  const tokens = createTokenService(keys, config.publicUrl);
  const users = createIdentityUsersRepo(db);
  const sessions = createSessionService({ db, repo: createSessionsRepo(db), reuseGraceSeconds: config.identity.refreshReuseGraceSeconds });
  const oneTime = createOneTimeTokens(db);
  const signIn = createSignInService({ config, users, sessions, tokens, oneTime });
  const passwords = createPasswordService({ users, sessions, signIn });
  const accounts = createAccountsService(users, sessions);
  // The users repository stays inside: other modules (and identity's routes) use `accounts`.
  return {
    tenants,
    keys,
    secretBox,
    tokens,
    sessions,
    oneTime,
    signIn,
    passwords,
    accounts,
    /**
     * At start, before serving: signing keys and TOTP secrets stored by older versions are encrypted with
     * the key-encryption key, and a key-encryption key that does not open the stored keys stops the start.
     */
    async prepare(): Promise<void> {
      await keys.prepare();
      await sealLegacyTotpSecrets(createTotpRepo(db), createSecretBox(db), secretBox);
    },
  };
}

export type Identity = ReturnType<typeof createIdentity>;
