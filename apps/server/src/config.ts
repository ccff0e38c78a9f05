import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error';
import { loadSocialProviders, type SocialProviders } from './config/social-providers';
import { loadBillingConfig, type BillingConfig } from './config/billing';

const GiB = 1024 ** 3;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce
  .number({ message: 'must be a number' })
  .int('must be an integer')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const bytes = z.coerce.number({ message: 'must be a number of bytes' }).int('must be an integer').positive('must be positive');

// Only web addresses: the value becomes a link's href in the browser (no javascript: or data: URLs).
const documentUrl = z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// address such as https://example.com/terms');

const tenantId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'must be 2-40 lowercase letters, digits or dashes');

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY like addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Which proxies may tell us the client address in X-Forwarded-For. Unset: none, so a client cannot
 * pick its own address (and with it a fresh per-IP rate limit) by sending the header.
 */
const trustProxy = z
  .string()
  .transform((v, ctx): number | string[] => {
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.find((e) => !isProxyAddress(e));
    if (bad === undefined) return entries;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be a hop count or comma-separated addresses/CIDRs ('${bad}' is neither)` });
    return z.NEVER;
  });

/**
 * Every environment variable the server reads, in one place. Unset and empty values both take the
 * default, so `PORT= npm start` behaves like an unset PORT.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  PUBLIC_URL: z.string().url('must be an absolute URL such as https://teams.example.com').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MODE: z.enum(['test', 'live']).optional(),
  TENANT_ID: tenantId.default('demo'),
  BODY_LIMIT: bytes.default(1024 * 1024),
  TRUST_PROXY: trustProxy.optional(),
  WORKERS: z.coerce.number({ message: 'must be a number' }).int().min(0, 'must be 0 or more').default(1),
  TRANSCODE_CONCURRENCY: z.coerce.number({ message: 'must be a number' }).int().min(1, 'must be 1 or more').max(32, 'must be at most 32').default(1),
  // Four missed 15 s heartbeats; it bounds how soon a killed worker's transcode is retried (README, Scaling out).
  TRANSCODE_STALE_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(2, 'must be 2 or more').default(60),
  RTMP_PORT: port.default(1935),
  // Web-only nodes set INGEST=0 (like WORKERS=0): they take no RTMP publishes.
  INGEST: bool.default('true'),
  // A live game's segment URLs carry a path token of this time bucket, good for it and the next: access ends
  // within two buckets of a revocation (10 minutes by default).
  LIVE_PATH_TOKEN_BUCKET_SECONDS: z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(1, 'must be 1 or more').max(3600, 'must be at most 3600').default(300),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  UPLOAD_MAX_BYTES: bytes.default(20 * GiB),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.string().url('must be a URL such as https://s3.example.com').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default('true'),
  TENANTS: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,39}=[a-z0-9.:-]+(,[a-z0-9][a-z0-9-]{1,39}=[a-z0-9.:-]+)*$/, 'must look like demo=localhost,eagles=eagles.example.com')
    .optional(),
  KEY_ENCRYPTION_KEY: z
    .string()
    .transform((v, ctx) => {
      const key = Buffer.from(v, 'base64');
      if (key.length === 32) return key;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be 32 random bytes in base64 (openssl rand -base64 32)' });
      return z.NEVER;
    })
    .optional(),
  SIGNING_KEY_ROTATION_DAYS: z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(1, 'must be 1 or more').default(30),
  VERIFICATION_KEY_CACHE_MINUTES: z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(1, 'must be 1 or more').max(60, 'must be at most 60').default(5),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(0, 'must be 0 or more').max(60, 'must be at most 60').default(10),
  AUTH_RATE_LIMIT: z.coerce.number({ message: 'must be a number' }).int().positive('must be positive').default(20),
  MAIL_RATE_LIMIT: z.coerce.number({ message: 'must be a number' }).int().positive('must be positive').default(10),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Teamfilm <no-reply@localhost>'),
  SMS_PROVIDER: z.enum(['outbox', 'console']).default('outbox'),
  SCHEDULE_REMINDER_HOURS: z.coerce.number({ message: 'must be a number' }).min(0, 'must be 0 or more').max(24 * 14, 'must be at most 336 (two weeks)').default(24),
  NOTIFY_EMAIL_DELAY_SECONDS: z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(1, 'must be 1 or more').max(7 * 24 * 3600, 'must be at most 604800 (a week)').default(600),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  TERMS_URL: documentUrl.optional(),
  PRIVACY_URL: documentUrl.optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  /** Origin used for links we send out (storage URLs, e-mails); never taken from the Host header. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  mode: 'test' | 'live';
  tenantId: string;
  bodyLimit: number;
  /** Fastify's `trustProxy`: hops (1 = the nearest proxy's X-Forwarded-For entry) or trusted proxy addresses; false trusts none. */
  trustProxy: false | number | string[];
  workers: number;
  transcode: {
    /** Videos one worker process transcodes at once (ffmpeg already uses every core for one). */
    concurrency: number;
    /** A processing video whose heartbeat is older than this lost its worker; its job is retried. */
    staleAfterSec: number;
  };
  rtmpPort: number;
  /** This node runs the RTMP server and packages live streams (`npm start` does unless INGEST=0). */
  ingest: boolean;
  /** Seconds of one time bucket of a live game's segment path tokens. */
  livePathTokenBucketSeconds: number;
  uploadMaxBytes: number;
  storage:
    | { driver: 'local'; root: string; secret: string | undefined }
    | {
        driver: 's3';
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
  /** Local test-mode billing, or Stripe when STRIPE_SECRET_KEY is set (checked as a whole at start-up). */
  billing: BillingConfig & { publishableKey: string | undefined };
  /** Social sign-in providers enabled by `<PROVIDER>_CLIENT_ID` + `<PROVIDER>_CLIENT_SECRET`. */
  social: SocialProviders;
  /** Tenants by the host name the web app is reached at; unknown hosts get `tenantId`. */
  tenants: { id: string; host: string }[];
  identity: {
    /** Sign-in and code attempts per IP per minute. */
    authRateLimit: number;
    /** E-mails/SMS an IP may trigger per 15 minutes. */
    mailRateLimit: number;
    /** Encrypts the signing keys and TOTP secrets at rest; unset: a key file in DATA_DIR (see key-encryption-key.ts). */
    keyEncryptionKey: Buffer | undefined;
    /** A tenant's signing key is replaced once it is this old (retired keys stay published until their tokens expire). */
    signingKeyRotationDays: number;
    /** A node re-reads the public keys it verifies tokens with this often, so a key deleted from the database stops verifying everywhere. */
    verificationKeyCacheMinutes: number;
    /** A refresh token presented again this soon after its rotation answers the same successor instead of ending the session. */
    refreshReuseGraceSeconds: number;
  };
  mail: {
    /** Unset: messages go to `DATA_DIR/outbox` and are listed at /dev/outbox (never in production). */
    smtpUrl: string | undefined;
    from: string;
    outboxDir: string;
    smsProvider: 'outbox' | 'console';
    /** A notification still unread this long after it arrived is e-mailed; one e-mail per user per this window at most. */
    notificationDelaySec: number;
    /** Schedule reminders go this many hours before an item's start. */
    scheduleReminderHours: number;
  };
  /** The operator's own terms of service and privacy policy; unset: the app's placeholder pages /terms and /privacy. */
  legal: { termsUrl: string | undefined; privacyUrl: string | undefined };
  /** Where the built SPA lives; absent in API-only tests. */
  webDist: string | undefined;
}

/**
 * Where a tenant's users reach the app, for the links we send them: PUBLIC_URL for the tenant it is the
 * host of (an unlisted host is the default tenant's), else PUBLIC_URL with the tenant's own host name. A
 * link that acts without signing in opens only on its tenant's host (capability-links.ts).
 */
export function tenantPublicUrl(config: Pick<Config, 'publicUrl' | 'tenantId' | 'tenants'>, tenantId: string): string {
  const url = new URL(config.publicUrl);
  const tenantOfPublicUrl = config.tenants.find((t) => t.host === url.hostname)?.id ?? config.tenantId;
  const host = config.tenants.find((t) => t.id === tenantId)?.host;
  if (tenantId === tenantOfPublicUrl || !host) return config.publicUrl;
  url.hostname = host;
  return url.href.replace(/\/+$/, '');
}

export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Pick<Config, 'webDist'>> = {},
): Config {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0]);
      // Secrets are never echoed (the message ends up in logs).
      const got = raw[name] === undefined || /SECRET|_KEY$/.test(name) ? '' : ` (got '${raw[name]}')`;
      return `  ${name} ${i.message}${got}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    mode: env.MODE ?? (env.NODE_ENV === 'production' ? 'live' : 'test'),
    tenantId: env.TENANT_ID,
    bodyLimit: env.BODY_LIMIT,
    trustProxy: env.TRUST_PROXY === 0 ? false : (env.TRUST_PROXY ?? false),
    workers: env.WORKERS,
    transcode: { concurrency: env.TRANSCODE_CONCURRENCY, staleAfterSec: env.TRANSCODE_STALE_SECONDS },
    rtmpPort: env.RTMP_PORT,
    ingest: env.INGEST,
    livePathTokenBucketSeconds: env.LIVE_PATH_TOKEN_BUCKET_SECONDS,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    storage: storageConfig(env, dataDir),
    billing: { ...loadBillingConfig({ ...raw, NODE_ENV: env.NODE_ENV }), publishableKey: env.STRIPE_PUBLISHABLE_KEY },
    tenants: parseTenants(env.TENANTS, env.TENANT_ID),
    social: loadSocialProviders(raw, publicUrl, { production: env.NODE_ENV === 'production' }),
    identity: {
      authRateLimit: env.AUTH_RATE_LIMIT,
      mailRateLimit: env.MAIL_RATE_LIMIT,
      keyEncryptionKey: env.KEY_ENCRYPTION_KEY,
      signingKeyRotationDays: env.SIGNING_KEY_ROTATION_DAYS,
      verificationKeyCacheMinutes: env.VERIFICATION_KEY_CACHE_MINUTES,
      refreshReuseGraceSeconds: env.REFRESH_REUSE_GRACE_SECONDS,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
      smsProvider: env.SMS_PROVIDER,
      notificationDelaySec: env.NOTIFY_EMAIL_DELAY_SECONDS,
      scheduleReminderHours: env.SCHEDULE_REMINDER_HOURS,
    },
    legal: { termsUrl: env.TERMS_URL, privacyUrl: env.PRIVACY_URL },
    webDist: overrides.webDist,
  };
}

function parseTenants(spec: string | undefined, defaultTenant: string): Config['tenants'] {
  const tenants = (spec ?? '').split(',').filter(Boolean).map((pair) => {
    const [id, host] = pair.split('=') as [string, string];
    return { id, host: host.toLowerCase() };
  });
  if (!tenants.some((t) => t.id === defaultTenant)) tenants.unshift({ id: defaultTenant, host: 'localhost' });
  return tenants;
}

function storageConfig(env: Env, dataDir: string): Config['storage'] {
  if (env.STORAGE_DRIVER === 'local') {
    return { driver: 'local', root: path.join(dataDir, 'storage'), secret: env.STORAGE_SECRET };
  }
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !env[k]);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${missing.map((k) => `  ${k} is required when STORAGE_DRIVER=s3`).join('\n')}`);
  }
  return {
    driver: 's3',
    bucket: env.S3_BUCKET!,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}
