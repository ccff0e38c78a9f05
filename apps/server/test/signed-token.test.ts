import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenSigner } from '../src/signed-token';

const signer = createTokenSigner('root-secret-root-secret-root-secret');
const plain = signer.purpose('test-plain', { fields: 2 });
const expiring = signer.purpose('test-expiring', { fields: 1, expires: true });
/** The same token with one character of its signature changed (also a spare bit of base64url's last character). */
const flipped = (token: string, at = token.length - 1) => `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;

describe('signed tokens', () => {
  it('verify their own fields', () => {
    expect(plain.verify(plain.sign([12, 'abc-DEF_9']))).toEqual(['12', 'abc-DEF_9']);
    expect(expiring.verify(expiring.sign(['x'], 5_000), 4_999)).toEqual(['x']);
  });

  it('are bound to their purpose: a token of one purpose never verifies as another with the same fields', () => {
    const other = signer.purpose('test-other', { fields: 2 });
    expect(other.verify(plain.sign([12, 'abc']))).toBeNull();
    expect(plain.verify(other.sign([12, 'abc']))).toBeNull();
    // The key is the purpose's own too: the same message under the root key does not verify.
    expect(signer.signature('test-plain', ['12', 'abc'])).not.toBe(signer.signature('test-other', ['12', 'abc']));
  });

  it('refuse a changed field, a changed signature, a spare-bit change and anything malformed', () => {
    const token = plain.sign([12, 'abc']);
    const [, , mac] = token.split('.');
    expect(plain.verify(`13.abc.${mac}`)).toBeNull();
    expect(plain.verify(`12.abd.${mac}`)).toBeNull();
    expect(plain.verify(flipped(token))).toBeNull();
    expect(plain.verify(flipped(token, token.length - 10))).toBeNull();
    for (const bad of ['', '.', '12.abc', `${token}.x`, `x.${token}`, `12.a:c.${mac}`, `12.abc.${mac}=`, 'x'.repeat(5000)]) expect(plain.verify(bad)).toBeNull();
  });

  it('expire: the expiry is signed, and an expired or re-dated token is the same null as a forged one', () => {
    const token = expiring.sign(['x'], 5_000);
    expect(expiring.verify(token, 5_000)).toBeNull();
    const [field, , mac] = token.split('.');
    expect(expiring.verify(`${field}.9000.${mac}`, 6_000)).toBeNull();
    expect(expiring.verify(`${field}.${mac}`, 1_000)).toBeNull();
  });

  it('do not verify under another root secret', () => {
    const other = createTokenSigner('another-root-secret-another-root').purpose('test-plain', { fields: 2 });
    expect(other.verify(plain.sign([12, 'abc']))).toBeNull();
    expect(createTokenSigner('another-root-secret-another-root').matches('test-plain', ['12', 'abc'], signer.signature('test-plain', ['12', 'abc']))).toBe(false);
  });

  it('still verify what a purpose’s legacy key signed, in the same format', () => {
    const legacyKey = 'legacy-key-legacy-key-legacy-key';
    const legacy = `12.abc.${createHmac('sha256', legacyKey).update('test-plain:12:abc').digest('base64url')}`;
    expect(plain.verify(legacy)).toBeNull();
    expect(signer.purpose('test-plain', { fields: 2, legacyKey }).verify(legacy)).toEqual(['12', 'abc']);
    expect(signer.purpose('test-other', { fields: 2, legacyKey }).verify(legacy)).toBeNull();
  });

  it('refuse to sign what they could not read back', () => {
    expect(() => plain.sign([12])).toThrow();
    expect(() => plain.sign([12, 'a.b'])).toThrow();
    expect(() => expiring.sign(['x'])).toThrow();
    expect(() => createTokenSigner('short')).toThrow();
  });
});
