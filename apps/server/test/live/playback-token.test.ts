import { describe, expect, it } from 'vitest';
import { createPlaybackTokens } from '../../src/modules/live/playback-token';
import { createTokenSigner } from '../../src/signed-token';

describe('playback tokens', () => {
  const tokens = createPlaybackTokens(createTokenSigner('s'.repeat(43)));
  const eventId = '6f1c2a4e-8b7d-4e3a-9c1f-2d5e6a7b8c9d';
  const grant = { eventId, userId: 7, expiresAt: 2_000 };

  it('verifies its own token for the same event until it expires', () => {
    const token = tokens.sign(grant);
    expect(tokens.verify(token, eventId, 1_999)).toEqual({ eventId, userId: 7 });
    expect(tokens.verify(token, eventId, 2_000)).toBeNull();
    expect(tokens.verify(token, 'e2', 1_000)).toBeNull();
  });

  it('refuses a changed user, expiry or signature, another secret and garbage', () => {
    const token = tokens.sign(grant);
    const [id, , expiresAt, signature] = token.split('.');
    expect(tokens.verify(`${id}.8.${expiresAt}.${signature}`, eventId, 1_000)).toBeNull();
    expect(tokens.verify(`${id}.7.3000.${signature}`, eventId, 2_500)).toBeNull();
    expect(tokens.verify(`${id}.7.${expiresAt}.${signature!.slice(1)}A`, eventId, 1_000)).toBeNull();
    expect(createPlaybackTokens(createTokenSigner('t'.repeat(43))).verify(token, eventId, 1_000)).toBeNull();
    for (const bad of ['', '.', 'a.b.c', 'x'.repeat(400), `${token}.`, `${token}x`]) expect(tokens.verify(bad, eventId, 1_000)).toBeNull();
  });
});
