import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull().default(''),
  /** Where the web app goes after sign-in (GET /v0/self -> tenant.loginRedirectPath). */
  loginRedirectPath: text('login_redirect_path').notNull().default('/'),
  /** Native clients of this tenant must use the PKCE authorization-code exchange. */
  requirePkce: boolean('require_pkce').notNull().default(false),
  createdAt: createdAt(),
});

/** Secrets generated on first start (e.g. the storage URL signing key) so every node of a deployment shares them. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

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

/** The product's user record, one per identity account that registered. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    identityUserId: integer('identity_user_id').notNull().references(() => identityUsers.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    email: text('email'),
    name: text('name'),
    firstname: text('firstname'),
    lastname: text('lastname'),
    phone: text('phone'),
    image: text('image'),
    /** team (coach), athlete or fan; null until registration chose one. */
    type: text('type'),
    affiliate: text('affiliate'),
    /** Profile-card fields (jersey, sport, sportPosition, birthdate, height, weight, city, socials, kudos, ...). */
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
    /** Measurables the team owner verified (height, weight, jersey, sportPosition): the value as verified. */
    verified: jsonb('verified').$type<Record<string, unknown>>().notNull().default({}),
    /** The team the user activated (one team is 'Current'; docs/product.md#registration-and-teams). */
    activeChannelId: integer('active_channel_id'),
    /** Unread notifications are e-mailed (batched); switched off on /settings or by the e-mail's unsubscribe. */
    notificationEmail: boolean('notification_email').notNull().default(true),
    /** When the last notification e-mail went out: at most one per window. */
    notificationsMailedAt: ts('notifications_mailed_at'),
    /** Schedule e-mail (new, changed, cancelled items and reminders); switched off on /settings or by a mail's unsubscribe. */
    reminderEmail: boolean('reminder_email').notNull().default(true),
    /**
     * When the account first chose a type: the 8-day trial (docs/product.md#subscription-levels) counts from here. Set
     * once, by the database, and never by anything the user sends (a repeat registration must not
     * restart the trial).
     */
    trialStartedAt: ts('trial_started_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_tenant_username').on(t.tenantId, sql`lower(${t.username})`),
    uniqueIndex('users_tenant_identity').on(t.tenantId, t.identityUserId),
    // A team owner looks a member up by e-mail (any case).
    index('users_tenant_email').on(t.tenantId, sql`lower(${t.email})`),
  ],
);

/** A team is a channel named `main` owned by its coach; other channels come later. */
export const channels = pgTable(
  'channels',
  {
    id: serial('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    ownerUserId: integer('owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('channels_owner_name').on(t.ownerUserId, t.name)],
);

export const channelMembers = pgTable(
  'channel_members',
  {
    channelId: integer('channel_id').notNull().references(() => channels.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: createdAt(),
  },
  (t) => [uniqueIndex('channel_members_pk').on(t.channelId, t.userId), index('channel_members_user').on(t.userId)],
);

/** An invitation to a channel by e-mail or username; the e-mailed link carries a hashed single-use token. */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    channelId: integer('channel_id').notNull().references(() => channels.id, { onDelete: 'cascade' }),
    invitedByUserId: integer('invited_by_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    /** The username as it was when invited (shown to the coach); the invite itself is for `invitedUserId`. */
    username: text('username'),
    /** A username invite is for the account that held the name when it was sent, whatever it is called later. */
    invitedUserId: integer('invited_user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash'),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The coach withdrew it: its link says so and can no longer be accepted. */
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('invites_channel').on(t.channelId), index('invites_email').on(t.tenantId, t.email), index('invites_invited_user').on(t.invitedUserId)],
);

/** Subscription usage: one row per plan a user holds, from local billing or Stripe. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    currentPeriodEnd: ts('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user').on(t.userId), uniqueIndex('subscriptions_provider_id').on(t.provider, t.providerSubscriptionId)],
);

/** Webhook events already applied, so a redelivered or replayed event changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/** A rendition or derived file of a video, as stored (its sources: renditions, poster, storyboard). */
export interface StoredRendition {
  key: string;
  width: number;
  height: number;
  /** Bytes, for the quality menu and diagnostics. */
  size: number;
  /** Frames per second, for frame stepping in the player; absent on rows written before it was recorded. */
  fps?: number | null;
}

/** The scrubbing-preview sprite: `count` tiles, `columns` wide, one every `intervalSec`. */
export interface StoredStoryboard {
  key: string;
  intervalSec: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  count: number;
}

/** A highlight is intro, highlight and outro, in seconds from the start. */
export interface StoredHighlight {
  intro: number;
  highlight: number;
  outro: number;
  /** Absent on highlights marked before makers were kept: those are the owner's (video-view.ts). */
  id?: string;
  makerUserId?: number;
}

/**
 * A video of a user's library. `status` moves processing -> ready or
 * failed; `renditions.preview` is the fast copy-remux playable before the renditions finish.
 * Rendition keys are written only after the file is completely stored, so a reader never gets a
 * half-written one.
 */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    ownerUserId: integer('owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    /** processing | ready | failed */
    status: text('status').notNull().default('processing'),
    failureReason: text('failure_reason'),
    /** 0-100 while processing. */
    progress: integer('progress').notNull().default(0),
    sourceKey: text('source_key').notNull(),
    sourceName: text('source_name'),
    sourceSize: bigint('source_size', { mode: 'number' }),
    sourceContentType: text('source_content_type'),
    durationSec: doublePrecision('duration_sec'),
    width: integer('width'),
    height: integer('height'),
    renditions: jsonb('renditions').$type<{ preview?: StoredRendition; low?: StoredRendition; full?: StoredRendition }>().notNull().default({}),
    posterKey: text('poster_key'),
    storyboard: jsonb('storyboard').$type<StoredStoryboard>(),
    highlights: jsonb('highlights').$type<StoredHighlight[]>().notNull().default([]),
    /** The generated test video offered on Upload (docs/product.md#upload). */
    isTest: boolean('is_test').notNull().default(false),
    /** Set by the worker while it transcodes; a stale heartbeat means the worker died and the job is retried. */
    heartbeatAt: ts('heartbeat_at'),
    /** The pg-boss job transcoding this video; the stale-heartbeat reaper fails it so it is retried at once. */
    jobId: uuid('job_id'),
    /**
     * The transcode attempt that owns the row: only it may write progress and pointers, and its
     * outputs are stored under `videos/<id>/renditions/<attemptId>/`, so a retry never overwrites
     * an object a pointer refers to.
     */
    attemptId: text('attempt_id'),
    playableAt: ts('playable_at'),
    readyAt: ts('ready_at'),
    /** The library's dateTime and paging cursor. */
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('videos_owner_created').on(t.ownerUserId, t.createdAt),
    // The library page: a tenant's videos newest first, read until a page of visible ones is found
    // (20k videos in a tenant: 5.7 ms as a scan and sort, 0.08 ms on this index), scanned backwards
    // for `ORDER BY created_at DESC, id DESC`.
    index('videos_tenant_created').on(t.tenantId, t.createdAt, t.id),
    index('videos_tenant_status').on(t.tenantId, t.status),
    // The reaper's query: processing videos by heartbeat age.
    index('videos_processing_heartbeat').on(t.heartbeatAt).where(sql`${t.status} = 'processing'`),
  ],
);

/**
 * A pending upload (`POST /api/user/preupload`): the signed target and what the bytes must be.
 * For a video the key is also the id of the video that completing it creates, so the bytes go
 * straight to the video's source key and a repeated complete finds the video it made.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** The video's initial title as the client named it (a camera recording's date); else the file name decides. */
    title: text('title'),
    contentType: text('content_type').notNull(),
    /** hero | avatar for profile images; null for videos. */
    tag: text('tag'),
    /** Unique: a tus upload is addressed by its storage key (the tus store writes at that key). */
    storageKey: text('storage_key').notNull(),
    maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
    /** The size the client declared (preupload `size`, or tus `Upload-Length`); complete checks the stored object against it. */
    size: bigint('size', { mode: 'number' }),
    /** put (one signed PUT) or tus (resumable, large files). */
    protocol: text('protocol').notNull().default('put'),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_user').on(t.userId),
    uniqueIndex('uploads_storage_key').on(t.storageKey),
    // The sweep of expired, unfinished uploads.
    index('uploads_expires').on(t.expiresAt).where(sql`${t.completedAt} IS NULL`),
  ],
);

/** One WebP size of a profile image. */
export interface ImageVariant {
  /** The size it was made for ('256', '1600'); the largest is also `full`. */
  name: string;
  key: string;
  width: number;
  height: number;
}

/** A user's hero, avatar or photo, or a team's logo (`channelId`); the id is its upload's key. */
export const userImages = pgTable(
  'user_images',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    /** hero | avatar | photo | logo */
    tag: text('tag').notNull(),
    /** processing | ready | failed */
    status: text('status').notNull().default('processing'),
    failureCode: text('failure_code'),
    failure: text('failure'),
    /** The upload as sent: kept privately, never served. */
    originalKey: text('original_key').notNull(),
    width: integer('width'),
    height: integer('height'),
    variants: jsonb('variants').$type<ImageVariant[]>().notNull().default([]),
    placeholder: text('placeholder'),
    createdAt: createdAt(),
    readyAt: ts('ready_at'),
  },
  (t) => [index('user_images_user').on(t.userId, t.createdAt), index('user_images_channel').on(t.channelId).where(sql`${t.channelId} IS NOT NULL`)],
);

/** Comments on a video (`GET /api/user/videos/{key}/messages`): content and publisher. */
export const videoMessages = pgTable(
  'video_messages',
  {
    id: serial('id').primaryKey(),
    videoId: uuid('video_id').notNull().references(() => videos.id, { onDelete: 'cascade' }),
    publisherUserId: integer('publisher_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('video_messages_video').on(t.videoId, t.createdAt)],
);

/**
 * Per-IP request counters of the rate-limited routes (sign-in, codes, e-mails, invites), kept here so
 * every web node counts against the same limit. A window's row is reset once it has expired.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('rate_limit_counters_expires').on(t.expiresAt)],
);

/**
 * Moves whenever anything a library page shows, or who may see it, changes in a tenant: bumped by
 * triggers on videos, channel_members, channels and users (migration 0009), read by the library's
 * cache (videos/library-cache.ts). No row means nothing changed since the migration: version 0.
 */
export const libraryVersions = pgTable('library_versions', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Shared lists of clips: an ordered list of chunks, each a clip with its own in/out. The id
 * is the public share link (`GET /api/reels/{id}`), so it is unguessable: 144 random bits, base64url.
 * Every clip has a one-chunk reel of its own (`clips.reel_id`), which is what its page plays.
 */
export const reels = pgTable(
  'reels',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    ownerUserId: integer('owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    /** Off (the default: nothing is public until its maker shares it): the share link answers 404. */
    shared: boolean('shared').notNull().default(false),
    /** Set on a clip's own one-chunk reel, which goes with the clip however the clip goes. */
    clipId: uuid('clip_id')
      .unique()
      .references((): AnyPgColumn => clips.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('reels_owner_created').on(t.ownerUserId, t.createdAt)],
);

/**
 * A time range of a source: `stream_kind` 'video' (a video) or 'live' (a live event) and
 * `stream_id` its key. `clip_id` is the moment in ms, unique within the stream. Until the cut job
 * stores the clip's own file (`file_key`), it plays from `source_key`, the rendition it is cut from.
 */
export const clips = pgTable(
  'clips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    ownerUserId: integer('owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    streamKind: text('stream_kind').notNull().default('video'),
    streamId: text('stream_id').notNull(),
    /** Who owns the source: a clip is visible to whoever may see its source (the owner and the owner's team). */
    sourceOwnerUserId: integer('source_owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The moment in ms (the API's `clip_id`). */
    momentMs: bigint('clip_id', { mode: 'number' }).notNull(),
    /** Its own reel (`reels.clip_id` points back and cascades). */
    reelId: text('reel_id').notNull().unique(),
    startSec: doublePrecision('start_sec').notNull(),
    durationSec: doublePrecision('duration_sec').notNull(),
    description: text('description').notNull().default(''),
    cheer: boolean('cheer').notNull().default(false),
    /** The rendition the clip is cut from, and which preset encoded it ('full' | 'low'). */
    sourceKey: text('source_key').notNull(),
    sourceRendition: text('source_rendition').notNull(),
    /** cutting | ready | failed (a failed clip keeps playing from its source). */
    status: text('status').notNull().default('cutting'),
    fileKey: text('file_key'),
    posterKey: text('poster_key'),
    jobId: uuid('job_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clips_stream_clip_id').on(t.tenantId, t.streamKind, t.streamId, t.momentMs),
    index('clips_owner_created').on(t.ownerUserId, t.createdAt),
    // The team clips list: a tenant's clips, newest first.
    index('clips_tenant_created').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const reelChunks = pgTable(
  'reel_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reelId: text('reel_id').notNull().references(() => reels.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    clipId: uuid('clip_id').notNull().references(() => clips.id, { onDelete: 'cascade' }),
    /** Seconds from the clip's start. */
    inSec: doublePrecision('in_sec').notNull(),
    outSec: doublePrecision('out_sec').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('reel_chunks_reel_position').on(t.reelId, t.position), index('reel_chunks_clip').on(t.clipId)],
);

/**
 * Messages of a channel: comments on a clip (`kind` 'comment', `clipId` set) and messages
 * into the channel (`kind` 'message'; a shared reel has `type` 'reel' and `action` the reel id).
 */
export const channelMessages = pgTable(
  'channel_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    channelId: integer('channel_id').notNull().references(() => channels.id, { onDelete: 'cascade' }),
    publisherUserId: integer('publisher_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** 'message' a board message (a shared reel is one), 'reply' a reply to one, 'comment' a clip comment. */
    kind: text('kind').$type<'comment' | 'message' | 'reply'>().notNull(),
    clipId: uuid('clip_id').references(() => clips.id, { onDelete: 'cascade' }),
    /** The board message a reply answers. */
    parentId: uuid('parent_id').references((): AnyPgColumn => channelMessages.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    content: text('content').notNull(),
    type: text('type'),
    action: text('action'),
    createdAt: createdAt(),
  },
  (t) => [
    index('channel_messages_channel').on(t.channelId, t.createdAt),
    index('channel_messages_board').on(t.channelId, t.createdAt.desc(), t.id.desc()).where(sql`${t.kind} = 'message'`),
    index('channel_messages_replies').on(t.parentId, t.createdAt.desc()).where(sql`${t.parentId} IS NOT NULL`),
  ],
);

/** `@username` mentions in a channel message of members of that channel. */
export const channelMentions = pgTable('channel_mentions', {
  messageId: uuid('message_id')
    .notNull()
    .references(() => channelMessages.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * A clip someone else made that a user saved to their library (`POST /api/user/clips/{id}/save`).
 * Listed only while the saver may see the clip: visibility is read, not stored.
 */
export const savedClips = pgTable(
  'saved_clips',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clipId: uuid('clip_id')
      .notNull()
      .references(() => clips.id, { onDelete: 'cascade' }),
    savedAt: ts('saved_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clipId] }), index('saved_clips_user_saved').on(t.userId, t.savedAt), index('saved_clips_clip').on(t.clipId)],
);

/** A reel's MP4 export, one per reel, kept until the reel changes. */
export const reelExports = pgTable('reel_exports', {
  reelId: text('reel_id')
    .primaryKey()
    .references(() => reels.id, { onDelete: 'cascade' }),
  tenantId: text('tenant_id').notNull().references(() => tenants.id),
  jobId: uuid('job_id').notNull(),
  status: text('status').$type<'queued' | 'running' | 'ready' | 'failed'>().notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  fileKey: text('file_key'),
  failureReason: text('failure_reason'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A live game. `key` is public (every page and API path); the encoder publishes with a secret
 * ingest key, kept as a SHA-256 hash for the publish check and sealed with the key box for its owner.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    key: text('key').notNull().unique(),
    ownerUserId: integer('owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** A three-letter sport code, upper case (docs/product.md#finding-games). */
    sport: text('sport').notNull(),
    startsAt: ts('starts_at').notNull(),
    thumbnail: text('thumbnail').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(false),
    ingestKeyHash: text('ingest_key_hash').notNull().unique(),
    ingestKeyBox: text('ingest_key_box').notNull(),
    status: text('status').$type<'upcoming' | 'live' | 'ended'>().notNull().default('upcoming'),
    startedAt: ts('started_at'),
    endedAt: ts('ended_at'),
    /** The encoder's last sign of life (publish or segment). */
    lastSeenAt: ts('last_seen_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('live_events_tenant_status_starts').on(t.tenantId, t.status, t.startsAt),
    index('live_events_channel_starts').on(t.channelId, t.startsAt),
  ],
);

/** One row per HLS segment in Storage: playlists (live, DVR, archive) are written from rows. */
export const liveSegments = pgTable(
  'live_segments',
  {
    eventId: uuid('event_id').notNull().references(() => liveEvents.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Wall clock of the segment's first frame (EXT-X-PROGRAM-DATE-TIME), ms since the epoch. */
    startedAtMs: bigint('started_at_ms', { mode: 'number' }).notNull(),
    durationSec: doublePrecision('duration_sec').notNull(),
    /** First segment of a new publish (encoder reconnect). */
    discontinuity: boolean('discontinuity').notNull().default(false),
    byteSize: integer('byte_size').notNull(),
  },
  (t) => [uniqueIndex('live_segments_pkey').on(t.eventId, t.seq), index('live_segments_event_time').on(t.eventId, t.startedAtMs)],
);

/** Crowd cheers found in an event's audio (auto highlights), each with a clip of the moment. */
export const liveCheers = pgTable(
  'live_cheers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull().references(() => liveEvents.id, { onDelete: 'cascade' }),
    timestampMs: bigint('timestamp_ms', { mode: 'number' }).notNull(),
    score: doublePrecision('score').notNull(),
    clipId: uuid('clip_id').references(() => clips.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('live_cheers_event_id_timestamp_ms_key').on(t.eventId, t.timestampMs)],
);

/** Who is watching: refreshed while a viewer's player loads the playlist. */
export const liveViewers = pgTable(
  'live_viewers',
  {
    eventId: uuid('event_id').notNull().references(() => liveEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('live_viewers_pkey').on(t.eventId, t.userId), index('live_viewers_event_seen').on(t.eventId, t.seenAt)],
);

/** A fan follows a team (its channel) and sees its public games first. */
export const teamFollows = pgTable(
  'team_follows',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').notNull().references(() => channels.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('team_follows_pkey').on(t.userId, t.channelId), index('team_follows_channel').on(t.channelId)],
);

/** What happened in a team (docs/product.md#message-board-and-activity); an item caused by a board message goes with it. */
export const teamActivity = pgTable(
  'team_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    channelId: integer('channel_id').notNull().references(() => channels.id, { onDelete: 'cascade' }),
    publisherUserId: integer('publisher_user_id').references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull().default(''),
    content: text('content').notNull(),
    type: text('type'),
    action: text('action'),
    messageId: uuid('message_id').references(() => channelMessages.id, { onDelete: 'cascade' }),
    /** A reel item's preview: this clip's poster. */
    previewClipId: uuid('preview_clip_id').references(() => clips.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('team_activity_channel_created').on(t.channelId, t.createdAt.desc(), t.id.desc())],
);

/** A user's notifications; one caused by a message goes with it, so no unread count counts what was deleted. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    publisherUserId: integer('publisher_user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull().default('link'),
    message: text('message').notNull(),
    action: text('action'),
    messageId: uuid('message_id').references(() => channelMessages.id, { onDelete: 'cascade' }),
    readAt: ts('read_at'),
    mailedAt: ts('mailed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread').on(t.userId, t.createdAt).where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * Every change open pages must hear (`GET /api/updates`), for a channel's members or one user. The id
 * is the stream's event id; writers insert under an advisory lock so ids become visible in order.
 */
export const teamUpdates = pgTable(
  'team_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('team_updates_created').on(t.createdAt),
    index('team_updates_channel').on(t.channelId, t.id).where(sql`${t.channelId} IS NOT NULL`),
    index('team_updates_user').on(t.userId, t.id).where(sql`${t.userId} IS NOT NULL`),
  ],
);

/** How far pruning of team_updates has gone (one row): ids up to `prunedThrough` may be gone, every id above is kept. */
export const teamUpdatesHorizon = pgTable('team_updates_horizon', {
  only: boolean('only').primaryKey().default(true),
  prunedThrough: bigint('pruned_through', { mode: 'number' }).notNull(),
});

/**
 * A user's recruiting card, published at `/a/{public_id}` (128+ random bits, base64url). Off by
 * default: while `published` is false the link answers 404. `fields` are the ticks of what it shows
 * (unset ones take their defaults); the chosen reel goes from the card when the reel is deleted.
 */
export const recruitingCards = pgTable(
  'recruiting_cards',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    publicId: text('public_id').notNull(),
    published: boolean('published').notNull().default(false),
    fields: jsonb('fields').$type<Record<string, boolean>>().notNull().default({}),
    reelId: text('reel_id').references(() => reels.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recruiting_cards_public_id').on(t.tenantId, t.publicId)],
);

/**
 * A team's game, practice or event. Times are instants; `timeZone` is the venue's IANA zone. A weekly series is one
 * row per occurrence sharing `seriesId`. `sequence` (iCalendar SEQUENCE) grows on every change of time, place or
 * status; a cancelled item stays with status 'cancelled'.
 */
export const scheduleItems = pgTable(
  'schedule_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    channelId: integer('channel_id').notNull().references(() => channels.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'game' | 'practice' | 'event'>().notNull(),
    title: text('title').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    location: text('location').notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: text('status').$type<'scheduled' | 'cancelled'>().notNull().default('scheduled'),
    liveEventId: uuid('live_event_id').references(() => liveEvents.id, { onDelete: 'set null' }),
    seriesId: uuid('series_id'),
    sequence: integer('sequence').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('schedule_items_channel_starts').on(t.channelId, t.startsAt),
    index('schedule_items_series').on(t.seriesId, t.startsAt).where(sql`${t.seriesId} IS NOT NULL`),
    uniqueIndex('schedule_items_live_event').on(t.liveEventId).where(sql`${t.liveEventId} IS NOT NULL`),
  ],
);

/** A member's answer to an item: one per member and item. */
export const scheduleRsvps = pgTable(
  'schedule_rsvps',
  {
    itemId: uuid('item_id').notNull().references(() => scheduleItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    answer: text('answer').$type<'going' | 'maybe' | 'no'>().notNull(),
    note: text('note'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] })],
);

/** A reminder sent; the key makes a second one for the same member and item impossible. */
export const scheduleReminders = pgTable(
  'schedule_reminders',
  {
    itemId: uuid('item_id').notNull().references(() => scheduleItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] })],
);

/** A user's private calendar feed: looked up by the SHA-256 of its token, the token sealed for showing again; rotating replaces the row. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  tokenBox: text('token_box').notNull(),
  createdAt: createdAt(),
});
