import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let webDist: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  // A small built app laid out like `vite build` + the precompression step of scripts/lib/ensure-build.mjs.
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Teamfilm</title><div id="root"></div>');
  await fs.writeFile(path.join(webDist, 'assets', 'index-Ab12Cd34.js'), script);
  await fs.writeFile(path.join(webDist, 'assets', 'index-Ab12Cd34.js.gz'), zlib.gzipSync(script));
  await fs.writeFile(path.join(webDist, 'theme-init.js'), 'void 0;');
  t = await createTestApp({}, { webDist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('single-page app', () => {
  it.each(['/', '/login', '/library/videos/all', '/team/videos/abc123', '/live/upcoming/xyz'])('serves index.html for client route %s', async (url) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and serves the precompressed file', async () => {
    const res = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('revalidates unhashed files', async () => {
    const res = await t.app.inject('/theme-init.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed asset with 404, not the app shell', async () => {
    const res = await t.app.inject('/assets/index-gone.js');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('keeps API paths and non-GET requests as JSON 404', async () => {
    expect((await t.app.inject('/api/unknown')).json().code).toBe('NOT_FOUND');
    const post = await t.app.inject({ method: 'POST', url: '/library' });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('NOT_FOUND');
  });

  it('does not serve files outside the build directory', async () => {
    const res = await t.app.inject('/..%2f..%2fetc%2fpasswd');
    expect(res.body).not.toContain('root:x:0:0');
  });
});
