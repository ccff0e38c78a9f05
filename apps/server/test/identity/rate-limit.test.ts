import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signIn } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '3' });
});
afterAll(() => t.close());

describe('sign-in rate limit', () => {
  it('answers 429 with a clear message once an IP exceeds the limit', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(t, 'someone@example.com', 'whatever-password')).statusCode).toBe(401);
    const limited = await signIn(t, 'someone@example.com', 'whatever-password');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', error: 'Too Many Requests' });
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait 1 minute and try again\.$/);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
