import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';

const REDACTED = '[redacted]';

/**
 * Query parameters whose value is a secret (access tokens of streams and sockets, playback and sign-in
 * link tokens, OAuth codes and state, signatures of storage URLs). A new secret parameter joins here.
 */
const SECRET_QUERY = new Set(['token', 'access_token', 'code', 'state', 'x-signature']);

/**
 * Paths whose `:secret` segment is a capability (holding the URL is the permission): the API routes of
 * calendar feeds, answer, unsubscribe and invitation links and recruiting cards, and the web app's pages
 * that open them. Matched on the leading segments, case-insensitively (the web app's router is); the first
 * that fits wins, so a longer literal path comes before a shorter one. A new capability link joins here.
 */
const SECRET_PATHS = [
  '/cal/:secret',
  '/api/rsvp/:secret',
  '/rsvp/:secret',
  '/api/schedule/unsubscribe/:secret',
  '/unsubscribe/schedule/:secret',
  '/api/unsubscribe/:secret',
  '/unsubscribe/:secret',
  '/api/invites/:secret',
  '/join/:secret',
  '/api/a/:secret',
  '/a/:secret',
].map((pattern) => pattern.split('/').filter(Boolean));

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

function redactPath(path: string): string {
  const parts = path.split('/');
  // Empty parts (`//`) do not count: the router and the web app read `//rsvp//x` as `/rsvp/x`.
  const named = parts.flatMap((part, i) => (part ? [i] : []));
  const pattern = SECRET_PATHS.find((p) => p.length <= named.length && p.every((seg, k) => seg === ':secret' || seg === decoded(parts[named[k]!]!).toLowerCase()));
  if (!pattern) return path;
  pattern.forEach((seg, k) => {
    if (seg === ':secret') parts[named[k]!] = REDACTED;
  });
  return parts.join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_QUERY.has(decoded(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/** A request URL as it may be logged: the secret path segment and query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? redactPath(url) : `${redactPath(url.slice(0, q))}?${redactQuery(url.slice(q + 1))}`;
}

/**
 * Every log line that names a request does it through `req` (Fastify's own lines and ours): its URL leaves
 * capability secrets out, and no header is written (Authorization and cookies hold credentials).
 */
const serializers = {
  req: (request: { method?: string; url?: string }) => ({ method: request.method, url: redactUrl(request.url ?? '') }),
};

/** `destination`: stdout unless given (tests read the lines). */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      serializers,
      redact: { paths: ['*.password', '*.token'], censor: REDACTED },
    },
    destination,
  );
}
