import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config-error';
import { loadConfig, tenantPublicUrl } from '../src/config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.tenantId).toBe('demo');
    expect(c.mode).toBe('test');
    expect(c.workers).toBe(1);
    expect(c.transcode).toEqual({ concurrency: 1, staleAfterSec: 60 });
    expect(c.uploadMaxBytes).toBe(20 * 1024 ** 3);
    expect(c.storage).toEqual({ driver: 'local', root: path.resolve('./data/storage'), secret: undefined });
    expect(c.billing.provider).toBe('local');
    expect(c.legal).toEqual({ termsUrl: undefined, privacyUrl: undefined });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', TENANT_ID: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a number \(got 'abc'\)/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ NODE_ENV: 'prod' }, /NODE_ENV/],
    [{ PUBLIC_URL: 'teams.example.com' }, /PUBLIC_URL must be an absolute URL/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ connection string/],
    [{ TENANT_ID: 'Bad Tenant' }, /TENANT_ID must be 2-40 lowercase/],
    [{ STORAGE_SECRET: 'short' }, /STORAGE_SECRET must be at least 32 characters/],
    [{ WORKERS: '-1' }, /WORKERS must be 0 or more/],
    [{ S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE must be true or false/],
    [{ TERMS_URL: 'javascript:alert(1)' }, /TERMS_URL must be an http:\/\/ or https:\/\/ address/],
    [{ PRIVACY_URL: 'example.com/privacy' }, /PRIVACY_URL must be an http:\/\/ or https:\/\/ address/],
  ])('rejects %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reports every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', RTMP_PORT: 'y' })).toThrow(/PORT[\s\S]*RTMP_PORT/);
  });

  it('requires the S3 settings when STORAGE_DRIVER=s3', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media' })).toThrow(/S3_ACCESS_KEY_ID is required[\s\S]*S3_SECRET_ACCESS_KEY is required/);
    const c = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b', S3_FORCE_PATH_STYLE: 'false' });
    expect(c.storage).toMatchObject({ driver: 's3', bucket: 'media', region: 'us-east-1', forcePathStyle: false });
  });

  it('derives mode from NODE_ENV unless MODE is set, and trims PUBLIC_URL', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).mode).toBe('live');
    expect(loadConfig({ NODE_ENV: 'production', MODE: 'test' }).mode).toBe('test');
    expect(loadConfig({ PUBLIC_URL: 'https://teams.example.com/' }).publicUrl).toBe('https://teams.example.com');
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICING_TABLE_TEAM: 'prctbl_team',
      STRIPE_PRICING_TABLE_ATHLETE: 'prctbl_athlete',
      STRIPE_PRICING_TABLE_FAN: 'prctbl_fan',
    };
    expect(loadConfig(stripe).billing).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_x' });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});

describe('tenantPublicUrl', () => {
  it('is PUBLIC_URL for the tenant it reaches, else PUBLIC_URL at the tenant’s own host name', () => {
    const dev = loadConfig({ TENANTS: 'demo=localhost,rival=rival.example.com' });
    expect(tenantPublicUrl(dev, 'demo')).toBe('http://localhost:3000');
    expect(tenantPublicUrl(dev, 'rival')).toBe('http://rival.example.com:3000');
    const prod = loadConfig({ PUBLIC_URL: 'https://teams.example.com', TENANTS: 'demo=localhost,eagles=eagles.example.com' });
    expect(tenantPublicUrl(prod, 'demo')).toBe('https://teams.example.com');
    expect(tenantPublicUrl(prod, 'eagles')).toBe('https://eagles.example.com');
    const listed = loadConfig({ PUBLIC_URL: 'https://eagles.example.com', TENANTS: 'demo=demo.example.com,eagles=eagles.example.com' });
    expect(tenantPublicUrl(listed, 'eagles')).toBe('https://eagles.example.com');
    expect(tenantPublicUrl(listed, 'demo')).toBe('https://demo.example.com');
  });
});
