import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { tenants } from './tenants';

/** Accounts of the identity provider (the user of the identity token, docs/product.md#signing-in). One row per tenant and person. */
export const identityUsers = pgTable(
  'identity_users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    /** Stored lower-cased; the unique index makes the same address once per tenant. */
    email: text('email'),
    username: text('username'),
    name: text('name'),
    image: text('image'),
    phoneNumber: text('phone_number'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    /** argon2id PHC string, or a bcrypt hash imported by `users:import` until its first sign-in. */
    passwordHash: text('password_hash'),
    isEmailConfirmed: boolean('is_email_confirmed').notNull().default(false),
    confirmedEmailAt: ts('confirmed_email_at'),
    isPhoneNumberConfirmed: boolean('is_phone_number_confirmed').notNull().default(false),
    confirmedPhoneNumberAt: ts('confirmed_phone_number_at'),
    /** TOTP secret of rows from before `totpSecretBox`, sealed with a key kept in the database; moved at start. */
    totpSecret: text('totp_secret'),
    /** TOTP secret encrypted with the key-encryption key, which is kept outside the database (see key-encryption-key.ts). */
    totpSecretBox: text('totp_secret_box'),
    totpEnabledAt: ts('totp_enabled_at'),
    /** The last accepted 30 s step: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_users_tenant_email').on(t.tenantId, t.email),
    uniqueIndex('identity_users_tenant_username').on(t.tenantId, sql`lower(${t.username})`),
  ],
);

export const identityBackupCodes = pgTable(
  'identity_backup_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => identityUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('identity_backup_codes_user').on(t.userId)],
);

/** A signed-in device. Refresh tokens rotate inside it; revoking it ends them all. */
export const identitySessions = pgTable(
  'identity_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    userId: integer('user_id').notNull().references(() => identityUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    /** Absolute lifetime: rotation never extends a session past this. */
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('identity_sessions_user').on(t.userId)],
);

export const identityRefreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id').notNull().references(() => identitySessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Set when rotated; presenting a rotated token again is reuse and revokes the session. */
    usedAt: ts('used_at'),
  },
  (t) => [index('identity_refresh_tokens_session').on(t.sessionId)],
);

/**
 * Single-use secrets: magic links, reset links, verification codes, first-factor tokens, PKCE
 * authorization codes, SAML and OAuth state. Only hashes are stored.
 */
export const identityOneTimeTokens = pgTable(
  'identity_one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    userId: integer('user_id').references(() => identityUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    attempts: integer('attempts').notNull().default(0),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('identity_one_time_tokens_lookup').on(t.tenantId, t.purpose, t.tokenHash)],
);

/** RS256 signing keys, one active per tenant, so a token of one tenant never verifies in another. */
export const identityKeys = pgTable(
  'identity_keys',
  {
    kid: text('kid').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    /** Plaintext private key of rows from before encryption; emptied at start once `privateKeyBox` holds it. */
    privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>(),
    /** The private JWK encrypted with the key-encryption key, which is kept outside the database (see key-encryption-key.ts). */
    privateKeyBox: text('private_key_box'),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    retiredAt: ts('retired_at'),
  },
  (t) => [index('identity_keys_tenant').on(t.tenantId)],
);
