import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfig } from '@app/contracts/config';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TENANT_ID: 'eagles', PUBLIC_URL: 'https://teams.example.com', RTMP_PORT: '1940' });
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('is ok once the database is migrated and jobs run', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});

describe('GET /api/config', () => {
  it('returns the public configuration', async () => {
    const res = await t.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    // Parsed by the contract, which would drop a field it does not declare: the raw body is compared.
    expect(publicConfig.safeParse(res.json()).success).toBe(true);
    expect(res.json()).toStrictEqual({
      tenantId: 'eagles',
      mode: 'test',
      identityBaseUrl: '/v0/',
      ingestUrl: 'rtmp://teams.example.com:1940/live',
      billing: { provider: 'local' },
    });
  });
});

describe('GET /api/config with the operator\'s own legal documents', () => {
  let legal: TestApp;
  beforeAll(async () => {
    legal = await createTestApp({ TERMS_URL: 'https://club.example.com/terms', PRIVACY_URL: 'https://club.example.com/privacy' });
  });
  afterAll(() => legal.close());

  it('points the web app at TERMS_URL and PRIVACY_URL', async () => {
    const res = await legal.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    expect(publicConfig.parse(res.json())).toMatchObject({
      termsUrl: 'https://club.example.com/terms',
      privacyUrl: 'https://club.example.com/privacy',
    });
  });
});

describe('unknown routes', () => {
  it.each(['/api/nope', '/api', '/v0/tenants/demo/nope', '/storage'])('%s answers JSON 404', async (url) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: `Route GET ${url} not found` });
  });

  it('answers a malformed URL with our JSON 400', async () => {
    const res = await t.app.inject('/api/%zz');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', error: 'Bad Request' });
  });

  it('answers a method that does not exist with JSON 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('security headers', () => {
  it('sends a CSP and the usual hardening headers', async () => {
    const res = await t.app.inject('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('health when the job queue is down', () => {
  it('answers 503 with the reason', async () => {
    await t.runtime.jobs.stop();
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, message: 'The job queue is not running.' });
  });
});
