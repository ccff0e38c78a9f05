/**
 * A `redirect` query parameter is attacker-controlled: only a path on this origin is followed
 * (`/team?x=1`), never `https://evil.example`, `//evil.example` or `/\evil.example`.
 */
export function safeRedirectPath(value: string | null | undefined, origin: string = window.location.origin): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return undefined;
    return url.pathname + url.search + url.hash;
  } catch {
    return undefined;
  }
}

/** The `redirect` parameter of the current address, if safe. */
export function redirectQueryParam(search: string = window.location.search): string | undefined {
  return safeRedirectPath(new URLSearchParams(search).get('redirect'));
}
