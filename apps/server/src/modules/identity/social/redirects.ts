import type { Config } from '../../../config';

/**
 * The origins the web app may be reached at: PUBLIC_URL's origin and each configured tenant host,
 * with PUBLIC_URL's scheme and port (so `eagles.example.com` under `https://teams.example.com` is
 * `https://eagles.example.com`). Pass an explicit list to the plugin for anything else.
 */
export function allowedOriginsOf(config: Pick<Config, 'publicUrl' | 'tenants'>): string[] {
  const pub = new URL(config.publicUrl);
  const origins = new Set([pub.origin]);
  for (const t of config.tenants) {
    try {
      const u = new URL(pub.origin);
      u.hostname = t.host.replace(/:\d+$/, '');
      const port = /:(\d+)$/.exec(t.host)?.[1];
      if (port) u.port = port;
      origins.add(u.origin);
    } catch {
      // A host that is not a valid URL host name can never match an origin.
    }
  }
  return [...origins];
}

/** The origin exactly as a browser sends it (`scheme://host[:port]`, nothing more), if it is allowed. */
export function checkedOrigin(origin: string | undefined, allowed: readonly string[]): string | undefined {
  if (!origin) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return undefined;
  }
  // `https://a.example/path` or with credentials is not an origin; compare the canonical form to the input.
  if (parsed.origin !== origin.replace(/\/$/, '') || parsed.origin === 'null') return undefined;
  return allowed.includes(parsed.origin) ? parsed.origin : undefined;
}

/**
 * A path inside the app: starts with exactly one '/', no scheme, no '//' or '/\' (protocol-relative
 * in browsers), no control characters. Anything else becomes '/'.
 */
export function safeRedirectPath(redirect: string | undefined): string {
  if (!redirect || redirect.length > 2000) return '/';
  if (!redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(redirect)) return '/';
  try {
    // Resolving against a dummy origin must stay on it (catches encodings browsers normalize).
    const u = new URL(redirect, 'https://app.invalid');
    if (u.origin !== 'https://app.invalid') return '/';
  } catch {
    return '/';
  }
  return redirect;
}
