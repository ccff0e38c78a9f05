import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/** Extra origins the browser must reach directly: an S3 endpoint serves media and takes uploads. */
function storageOrigins(config: Config): string[] {
  if (config.storage.driver !== 's3') return [];
  const endpoint = config.storage.endpoint ?? `https://s3.${config.storage.region}.amazonaws.com`;
  const url = new URL(endpoint);
  const origins = [url.origin];
  // Virtual-hosted style URLs put the bucket in the host name.
  if (!config.storage.forcePathStyle) origins.push(`${url.protocol}//${config.storage.bucket}.${url.host}`);
  return origins;
}

/**
 * The headers a helmet middleware sets, captured once. Our policy has no per-request parts (no
 * nonces, no directive functions), so every response gets the same values; @fastify/helmet instead
 * builds a new helmet middleware (parsing the whole CSP) on every request.
 */
function staticHeaders(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name, String(value)),
    // helmet removes X-Powered-By, which neither Node nor Fastify sets.
    removeHeader: (name: string) => headers.delete(name),
  };
  let failed: unknown;
  middleware({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => (failed = err));
  if (failed) throw failed;
  return [...headers];
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const https = config.publicUrl.startsWith('https://');
  const media = storageOrigins(config);
  // Stripe's documented CSP for its pricing table (scripts and frames) and the API it calls.
  const onStripe = config.billing.provider === 'stripe';
  const stripe = onStripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [];
  const stripeFrames = onStripe ? [...stripe, 'https://hooks.stripe.com'] : [];
  const stripeApi = onStripe ? ['https://api.stripe.com'] : [];
  const headers = staticHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...stripe],
          // Radix positions popovers with inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...media],
          mediaSrc: ["'self'", 'blob:', ...media],
          connectSrc: ["'self'", ...media, ...stripeApi],
          fontSrc: ["'self'", 'data:'],
          workerSrc: ["'self'", 'blob:'],
          frameSrc: ["'self'", ...stripeFrames],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          // Upgrading would break plain-http LAN access (phones testing the camera on a dev machine).
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    }),
  );
  // Set on the raw response as helmet does, so a route's own reply.header (a stricter CSP on storage
  // and the dev outbox) still wins.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
}
