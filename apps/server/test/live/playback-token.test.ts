import { describe, expect, it } from 'vitest';
import { createPlaybackTokens, createSegmentPaths } from '../../src/modules/live/playback-token';
import { createTokenSigner } from '../../src/signed-token';

describe('playback tokens', () => {
  const tokens = createPlaybackTokens(createTokenSigner('s'.repeat(43)));
  const eventId = '6f1c2a4e-8b7d-4e3a-9c1f-2d5e6a7b8c9d';
  const grant = { eventId, userId: 7, eventEpoch: 2, viewerEpoch: 0, expiresAt: 2_000 };

  it('verifies its own token for the same event until it expires, with the epochs it was issued at', () => {
    const token = tokens.sign(grant);
    expect(tokens.verify(token, eventId, 1_999)).toEqual({ eventId, userId: 7, eventEpoch: 2, viewerEpoch: 0 });
    expect(tokens.verify(token, eventId, 2_000)).toBeNull();
    expect(tokens.verify(token, 'e2', 1_000)).toBeNull();
  });

  it('refuses a changed user, epoch, expiry or signature, another secret and garbage', () => {
    const token = tokens.sign(grant);
    const [id, , eventEpoch, viewerEpoch, expiresAt, signature] = token.split('.');
    expect(tokens.verify(`${id}.8.${eventEpoch}.${viewerEpoch}.${expiresAt}.${signature}`, eventId, 1_000)).toBeNull();
    expect(tokens.verify(`${id}.7.3.${viewerEpoch}.${expiresAt}.${signature}`, eventId, 1_000)).toBeNull();
    expect(tokens.verify(`${id}.7.${eventEpoch}.1.${expiresAt}.${signature}`, eventId, 1_000)).toBeNull();
    expect(tokens.verify(`${id}.7.${eventEpoch}.${viewerEpoch}.3000.${signature}`, eventId, 2_500)).toBeNull();
    expect(tokens.verify(`${id}.7.${eventEpoch}.${viewerEpoch}.${expiresAt}.${signature!.slice(1)}A`, eventId, 1_000)).toBeNull();
    expect(createPlaybackTokens(createTokenSigner('t'.repeat(43))).verify(token, eventId, 1_000)).toBeNull();
    for (const bad of ['', '.', 'a.b.c', 'x'.repeat(400), `${token}.`, `${token}x`]) expect(tokens.verify(bad, eventId, 1_000)).toBeNull();
  });
});

describe('segment path tokens', () => {
  const signer = createTokenSigner('s'.repeat(43));
  const paths = createSegmentPaths(signer, 300);
  const scope = { tenantId: 'club.example', key: 'k3yOfTheGame', epoch: 0 };
  const at = 1_800_000_000_000;

  it('are the same for every viewer in a bucket and good for that bucket and the next only', () => {
    const token = paths.sign(scope, at);
    expect(paths.sign(scope, at + 1_000)).toBe(token);
    expect(token).toMatch(/^\d+\.[\w-]{43}$/);
    const bucketEnd = (Math.floor(at / 300_000) + 1) * 300_000;
    expect(paths.verify(token, scope, bucketEnd - 1)).toBe(true);
    expect(paths.verify(token, scope, bucketEnd + 299_999)).toBe(true);
    expect(paths.verify(token, scope, bucketEnd + 300_000)).toBe(false);
    // A bucket of the future is not one the server wrote.
    expect(paths.verify(paths.sign(scope, at + 600_000), scope, at)).toBe(false);
  });

  it('open only the game, tenant and epoch they were made for, under this secret', () => {
    const token = paths.sign(scope, at);
    expect(paths.verify(token, { ...scope, key: 'otherGame' }, at)).toBe(false);
    expect(paths.verify(token, { ...scope, tenantId: 'rival.example' }, at)).toBe(false);
    expect(paths.verify(token, { ...scope, epoch: 1 }, at)).toBe(false);
    expect(createSegmentPaths(createTokenSigner('t'.repeat(43)), 300).verify(token, scope, at)).toBe(false);
    const [bucket, mac] = token.split('.');
    expect(paths.verify(`${Number(bucket) - 1}.${mac}`, scope, at)).toBe(false);
    for (const bad of ['', '.', `${bucket}.`, `${bucket}.${mac}x`, `x.${mac}`, token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))]) expect(paths.verify(bad, scope, at)).toBe(false);
  });
});
