import { z } from 'zod';

/** `GET /api/config`: public, read by the web app at boot. */
export const publicConfig = z.object({
  tenantId: z.string(),
  mode: z.enum(['test', 'live']),
  /** Base URL of the identity API, e.g. `http://localhost:3000/v0/`. */
  identityBaseUrl: z.string(),
  /** RTMP ingest prefix shown with a stream key, e.g. `rtmp://localhost:1935/live`. */
  ingestUrl: z.string(),
  billing: z.object({
    provider: z.enum(['local', 'stripe']),
    publishableKey: z.string().optional(),
  }),
  /** The operator's terms of service (`TERMS_URL`); absent: the app's own /terms page. */
  termsUrl: z.string().optional(),
  /** The operator's privacy policy (`PRIVACY_URL`); absent: the app's own /privacy page. */
  privacyUrl: z.string().optional(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

/** `GET /api/health`. */
export const health = z.object({ ok: z.literal(true) });
