function base64Url(text: string) {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT carrying `payload` (the client never verifies signatures). */
export function makeJwt(payload: Record<string, unknown>) {
  return `${base64Url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

/** `exp` (seconds) this many seconds from now. */
export function expiresIn(seconds: number) {
  return Math.floor(Date.now() / 1000) + seconds;
}
