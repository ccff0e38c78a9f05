/**
 * PKCE for native clients: an app opens `/login?code_challenge=...`; the
 * challenge is kept in local storage for five minutes and sent with every sign-in call, and the
 * server answers with an authorization code that goes back to the app instead of tokens.
 * Key names follow @userfront/core so a page using either client finds the same challenge.
 */
export const PKCE_CHALLENGE_KEY = 'uf_pkce_code_challenge';
export const PKCE_EXPIRES_AT_KEY = 'uf_pkce_code_challenge_expiresAt';
export const PKCE_TTL_MS = 5 * 60 * 1000;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy settings): PKCE simply is not available
  }
}

/** The stored challenge while its expiry is in the future; an expired one is removed. */
export function readPkceChallenge(now: number = Date.now()): string | undefined {
  const store = storage();
  const challenge = store?.getItem(PKCE_CHALLENGE_KEY);
  if (!challenge) return undefined;
  const expiresAt = Number.parseInt(store?.getItem(PKCE_EXPIRES_AT_KEY) ?? '', 10);
  if (Number.isFinite(expiresAt) && expiresAt > now) return challenge;
  clearPkceChallenge();
  return undefined;
}

export function writePkceChallenge(challenge: string, now: number = Date.now()) {
  try {
    storage()?.setItem(PKCE_CHALLENGE_KEY, challenge);
    storage()?.setItem(PKCE_EXPIRES_AT_KEY, String(now + PKCE_TTL_MS));
  } catch {
    // Full or disabled storage: the sign-in then simply proceeds without PKCE.
  }
}

export function clearPkceChallenge() {
  storage()?.removeItem(PKCE_CHALLENGE_KEY);
  storage()?.removeItem(PKCE_EXPIRES_AT_KEY);
}

/** Stores a `code_challenge` found in the address (it wins over a stored one). */
export function setupPkce(search: string = window.location.search, now: number = Date.now()) {
  const fromQuery = new URLSearchParams(search).get('code_challenge');
  if (fromQuery) writePkceChallenge(fromQuery, now);
  return readPkceChallenge(now);
}
