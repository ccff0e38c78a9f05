import { describe, expect, it } from 'vitest';
import { createPlaybackTokens } from '../../src/modules/live/playback-token';

describe('playback tokens', () => {
  const tokens = createPlaybackTokens('s'.repeat(43));
  const grant = { eventId: 'e1', userId: 7, expiresAt: 2_000 };

  it('verifies its own token for the same event until it expires', () => {
    const token = tokens.sign(grant);
    expect(tokens.verify(token, 'e1', 1_999)).toEqual(grant);
    expect(tokens.verify(token, 'e1', 2_000)).toBeNull();
    expect(tokens.verify(token, 'e2', 1_000)).toBeNull();
  });

  it('refuses a changed body, a changed signature, another secret and garbage', () => {
    const token = tokens.sign(grant);
    const [body, signature] = token.split('.');
    const otherBody = Buffer.from(JSON.stringify(['e1', 8, 2_000])).toString('base64url');
    expect(tokens.verify(`${otherBody}.${signature}`, 'e1', 1_000)).toBeNull();
    expect(tokens.verify(`${body}.${signature!.slice(1)}A`, 'e1', 1_000)).toBeNull();
    expect(createPlaybackTokens('t'.repeat(43)).verify(token, 'e1', 1_000)).toBeNull();
    for (const bad of ['', '.', 'a.b.c', 'x'.repeat(400), `${body}.`]) expect(tokens.verify(bad, 'e1', 1_000)).toBeNull();
  });
});
