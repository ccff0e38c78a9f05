import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const https = config.publicUrl.startsWith('https://');
  const media = storageOrigins(config);
  // Stripe's documented CSP for its pricing table (scripts and frames) and the API it calls.
  const onStripe = config.billing.provider === 'stripe';
  const stripe = onStripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [];
  const stripeFrames = onStripe ? [...stripe, 'https://hooks.stripe.com'] : [];
  const stripeApi = onStripe ? ['https://api.stripe.com'] : [];
  await app.register(helmet, {
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
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
}
