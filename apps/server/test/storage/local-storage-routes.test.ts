import Fastify from 'fastify';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalStorage } from '../../src/storage/local-storage';
import { localStorageRoutes } from '../../src/storage/local-storage-routes';
import { S3Storage } from '../../src/storage/s3-storage';
import { startLocalStorageServer, type LocalStorageServer } from '../helpers/storage-local-server';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** node:http instead of fetch: fetch normalises `..` and `%2e%2e` away, and cannot stop mid-body. */
function raw(
  baseUrl: string,
  options: { method?: string; path: string; headers?: http.OutgoingHttpHeaders; body?: Buffer },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // Host/port/path options, not a URL string: Node would run a string through `new URL()` and
    // normalise the very paths these tests send.
    const { hostname, port } = new URL(baseUrl);
    const requestOptions = { hostname, port, path: options.path, method: options.method ?? 'GET', headers: options.headers };
    const req = http.request(requestOptions, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Sends headers, then body chunks only until the server answers; returns the answer and bytes sent. */
function uploadUntilAnswered(
  url: string,
  headers: http.OutgoingHttpHeaders,
  maxBytes: number,
): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(url, { method: 'PUT', headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), sent });
      });
    });
    // The server may close the socket while we are still writing; only the answer matters.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.flushHeaders();
    const chunk = Buffer.alloc(64 * 1024, 1);
    const pump = () => {
      while (!answered && sent < maxBytes && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered && !req.destroyed) req.end();
    };
    setImmediate(pump);
  });
}

function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const DIGITS = Buffer.from('0123456789abcdefghij'); // 20 bytes

describe('local storage routes', () => {
  let server: LocalStorageServer;
  let storage: LocalStorage;
  let getUrl: string;
  const key = 'demo/videos/v1/clip.mp4';

  beforeAll(async () => {
    server = await startLocalStorageServer();
    storage = server.storage;
    await storage.put(key, DIGITS, { contentType: 'video/mp4' });
    getUrl = await storage.signedGetUrl(key, { expiresInSec: 600 });
  });
  afterAll(() => server.close());

  describe('GET and HEAD', () => {
    it('serves the whole object with the headers a player and a browser need', async () => {
      const res = await fetch(getUrl);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(DIGITS)).toBe(true);
      expect(res.headers.get('content-type')).toBe('video/mp4');
      expect(res.headers.get('content-length')).toBe('20');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
      expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(res.headers.get('cache-control') ?? '')?.[1]);
      expect(maxAge).toBeGreaterThan(590);
      expect(maxAge).toBeLessThanOrEqual(600);
    });

    it.each([
      ['bytes=0-3', 0, 3],
      ['bytes=5-', 5, 19],
      ['bytes=-4', 16, 19],
      ['bytes=-100', 0, 19],
      ['bytes=15-1000', 15, 19],
      ['bytes=19-19', 19, 19],
    ])('answers Range %s with 206', async (range, start, end) => {
      const res = await fetch(getUrl, { headers: { range } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/20`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      expect(Buffer.from(await res.arrayBuffer()).toString()).toBe(DIGITS.subarray(start, end + 1).toString());
    });

    it.each(['bytes=20-', 'bytes=100-200', 'bytes=-0'])('answers unsatisfiable Range %s with 416', async (range) => {
      const res = await fetch(getUrl, { headers: { range } });
      expect(res.status).toBe(416);
      expect(res.headers.get('content-range')).toBe('bytes */20');
      expect(await res.json()).toMatchObject({ statusCode: 416, code: 'RANGE_NOT_SATISFIABLE' });
    });

    it.each(['bytes=0-1,4-5', 'bytes=abc', 'items=0-1', 'bytes=5-2'])('ignores Range %s and serves 200 in full', async (range) => {
      const res = await fetch(getUrl, { headers: { range } });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(DIGITS)).toBe(true);
    });

    it('honours If-Range only while the object is unchanged', async () => {
      const etag = (await fetch(getUrl, { method: 'HEAD' })).headers.get('etag') ?? '';
      const current = await fetch(getUrl, { headers: { range: 'bytes=0-1', 'if-range': etag } });
      expect(current.status).toBe(206);
      await current.arrayBuffer();
      const stale = await fetch(getUrl, { headers: { range: 'bytes=0-1', 'if-range': '"0-0"' } });
      expect(stale.status).toBe(200);
      await stale.arrayBuffer();
    });

    it('answers HEAD with the headers and no body, ranges included', async () => {
      const full = await raw(server.baseUrl, { method: 'HEAD', path: pathOf(getUrl) });
      expect(full.status).toBe(200);
      expect(full.headers['content-length']).toBe('20');
      expect(full.headers['content-type']).toBe('video/mp4');
      expect(full.headers['accept-ranges']).toBe('bytes');
      expect(full.body.length).toBe(0);

      const part = await raw(server.baseUrl, { method: 'HEAD', path: pathOf(getUrl), headers: { range: 'bytes=-5' } });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 15-19/20');
      expect(part.headers['content-length']).toBe('5');
    });

    it('answers 404 for a validly signed URL of a missing object', async () => {
      const res = await fetch(await storage.signedGetUrl('demo/videos/missing.mp4', { expiresInSec: 60 }));
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('signatures', () => {
    async function expectRefused(url: string, code: string, init?: RequestInit) {
      const res = await fetch(url, init);
      expect(res.status).toBe(403);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe(code);
      return body;
    }

    it('refuses a link that expired, saying so', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() - 120_000);
      const url = await storage.signedGetUrl(key, { expiresInSec: 60 });
      vi.useRealTimers();
      const body = await expectRefused(url, 'EXPIRED');
      expect(body.message).toMatch(/expired/i);
    });

    it('refuses missing, tampered and re-targeted signatures', async () => {
      const u = new URL(getUrl);
      const sig = u.searchParams.get('X-Signature') ?? '';

      const unsigned = new URL(getUrl);
      unsigned.searchParams.delete('X-Signature');
      await expectRefused(unsigned.toString(), 'INVALID_SIGNATURE');
      await expectRefused(`${server.baseUrl}/storage/${key}`, 'INVALID_SIGNATURE');

      const flipped = new URL(getUrl);
      flipped.searchParams.set('X-Signature', `${sig.slice(0, 4)}${sig[4] === 'A' ? 'B' : 'A'}${sig.slice(5)}`);
      await expectRefused(flipped.toString(), 'INVALID_SIGNATURE');

      const extended = new URL(getUrl);
      extended.searchParams.set('X-Expires', String(Number(u.searchParams.get('X-Expires')) + 3600));
      await expectRefused(extended.toString(), 'INVALID_SIGNATURE');

      const doubled = new URL(getUrl);
      doubled.searchParams.append('X-Signature', sig);
      await expectRefused(doubled.toString(), 'INVALID_SIGNATURE');

      await storage.put('demo/videos/v1/other.mp4', Buffer.from('other'), { contentType: 'video/mp4' });
      await expectRefused(getUrl.replace('clip.mp4', 'other.mp4'), 'INVALID_SIGNATURE');
    });

    it('refuses a link used with the wrong method', async () => {
      const putUrl = await storage.signedPutUrl('demo/videos/v1/new.mp4', { contentType: 'video/mp4', expiresInSec: 60 });
      await expectRefused(putUrl, 'INVALID_SIGNATURE');
      await expectRefused(getUrl, 'INVALID_SIGNATURE', { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: 'x' });
      expect((await storage.head(key))?.size).toBe(20);
    });
  });

  describe('keys in URLs', () => {
    it.each([
      '/storage/demo/../etc/passwd',
      '/storage/demo/%2e%2e/etc/passwd',
      '/storage/demo/%2E%2E/%2E%2E/etc/passwd',
      '/storage/demo/..%2f..%2fetc',
      '/storage/demo/.%2e/x',
      '/storage/demo//x',
      '/storage/demo/%5cx',
      '/storage/demo/%00x',
      '/storage/demo/%C3%BC',
      '/storage/',
    ])('answers 400 for %s', async (path) => {
      for (const method of ['GET', 'PUT']) {
        const res = await raw(server.baseUrl, { method, path: `${path}?X-Method=GET&X-Expires=9999999999&X-Signature=x` });
        expect(res.status).toBe(400);
        expect(JSON.parse(res.body.toString())).toMatchObject({ code: 'BAD_REQUEST' });
      }
    });

    it('answers 400 for broken percent-encoding (Fastify rejects it before routing)', async () => {
      const res = await raw(server.baseUrl, { path: '/storage/demo/%zz?X-Method=GET&X-Expires=1&X-Signature=x' });
      expect(res.status).toBe(400);
    });
  });

  describe('PUT', () => {
    it('streams an upload past Fastify bodyLimit (1 KiB here) and answers with the stored object', async () => {
      const body = randomBytes(2 * 1024 * 1024);
      const url = await storage.signedPutUrl('demo/uploads/u1.mp4', { contentType: 'video/mp4', expiresInSec: 60, maxBytes: body.length });
      const res = await fetch(url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ key: 'demo/uploads/u1.mp4', size: body.length, contentType: 'video/mp4' });
      const back = await fetch(await storage.signedGetUrl('demo/uploads/u1.mp4', { expiresInSec: 60 }));
      expect(Buffer.from(await back.arrayBuffer()).equals(body)).toBe(true);
      expect(await server.tempFiles()).toEqual([]);
    });

    it('accepts the signed content type regardless of case and spacing', async () => {
      const url = await storage.signedPutUrl('demo/uploads/notes.txt', { contentType: 'text/plain; charset=utf-8', expiresInSec: 60 });
      const res = await fetch(url, { method: 'PUT', headers: { 'content-type': 'Text/Plain;charset=UTF-8' }, body: 'hi' });
      expect(res.status).toBe(200);
      expect((await storage.head('demo/uploads/notes.txt'))?.contentType).toBe('text/plain; charset=utf-8');
    });

    it('refuses a Content-Type other than the signed one, or none', async () => {
      const target = 'demo/uploads/typed.mp4';
      const url = await storage.signedPutUrl(target, { contentType: 'video/mp4', expiresInSec: 60 });
      const wrong = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: '<script>alert(1)</script>' });
      expect(wrong.status).toBe(403);
      expect(await wrong.json()).toMatchObject({ code: 'INVALID_SIGNATURE', message: expect.stringContaining('video/mp4') });
      const none = await raw(server.baseUrl, { method: 'PUT', path: pathOf(url), body: Buffer.from('x') });
      expect(none.status).toBe(403);
      expect(await storage.head(target)).toBeNull();
    });

    it('answers 413 from the Content-Length alone, before reading the body', async () => {
      const target = 'demo/uploads/declared-too-big.mp4';
      const url = await storage.signedPutUrl(target, { contentType: 'video/mp4', expiresInSec: 60, maxBytes: 1024 * 1024 });
      const res = await uploadUntilAnswered(url, { 'content-type': 'video/mp4', 'content-length': String(50 * 1024 * 1024) }, 0);
      expect(res.status).toBe(413);
      expect(res.sent).toBe(0);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(await storage.head(target)).toBeNull();
      expect(await server.tempFiles()).toEqual([]);
    });

    it('cuts off a chunked upload at the limit with 413, storing nothing and leaving no temp file', async () => {
      const target = 'demo/uploads/chunked-too-big.mp4';
      const url = await storage.signedPutUrl(target, { contentType: 'video/mp4', expiresInSec: 60, maxBytes: 256 * 1024 });
      const res = await uploadUntilAnswered(url, { 'content-type': 'video/mp4', 'transfer-encoding': 'chunked' }, 8 * 1024 * 1024);
      expect(res.status).toBe(413);
      expect(res.sent).toBeLessThan(8 * 1024 * 1024);
      expect(await storage.head(target)).toBeNull();
      await waitFor(async () => (await server.tempFiles()).length === 0);
    });

    it('keeps the previous object when an overwrite is refused', async () => {
      const target = 'demo/uploads/keep.mp4';
      await storage.put(target, Buffer.from('good'), { contentType: 'video/mp4' });
      const url = await storage.signedPutUrl(target, { contentType: 'video/mp4', expiresInSec: 60, maxBytes: 1000 });
      const res = await uploadUntilAnswered(url, { 'content-type': 'video/mp4', 'transfer-encoding': 'chunked' }, 1024 * 1024);
      expect(res.status).toBe(413);
      expect(await storage.head(target)).toMatchObject({ size: 4 });
    });

    it('binds the exact Content-Length when signed with one', async () => {
      const target = 'demo/uploads/exact.bin';
      const url = await storage.signedPutUrl(target, { contentType: 'application/octet-stream', expiresInSec: 60, contentLength: 4 });
      const headers = { 'content-type': 'application/octet-stream' };
      const chunked = await uploadUntilAnswered(url, { ...headers, 'transfer-encoding': 'chunked' }, 4);
      expect(chunked.status).toBe(411);
      const wrong = await raw(server.baseUrl, { method: 'PUT', path: pathOf(url), headers, body: Buffer.from('12345') });
      expect(wrong.status).toBe(403);
      const right = await raw(server.baseUrl, { method: 'PUT', path: pathOf(url), headers, body: Buffer.from('1234') });
      expect(right.status).toBe(200);
    });

    it('leaves no temp file or object when the client disconnects mid-upload', async () => {
      const target = 'demo/uploads/aborted.mp4';
      const url = await storage.signedPutUrl(target, { contentType: 'video/mp4', expiresInSec: 60 });
      const req = http.request(url, { method: 'PUT', headers: { 'content-type': 'video/mp4', 'content-length': String(4 * 1024 * 1024) } });
      req.on('error', () => undefined);
      req.write(Buffer.alloc(512 * 1024));
      await waitFor(async () => (await server.tempFiles()).length > 0);
      req.destroy();
      await waitFor(async () => (await server.tempFiles()).length === 0);
      expect(await storage.head(target)).toBeNull();
    });
  });

  describe('registration', () => {
    it('refuses a non-local driver and a prefix other than the signed one', async () => {
      const s3 = new S3Storage({ bucket: 'b', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b' });
      const app1 = Fastify();
      await expect(app1.register(localStorageRoutes, { storage: s3, prefix: '/storage' }).ready()).rejects.toThrow(/local/);
      const app2 = Fastify();
      await expect(app2.register(localStorageRoutes, { storage, prefix: '/files' }).ready()).rejects.toThrow(/prefix/);
      await Promise.all([app1.close(), app2.close()]);
    });
  });
});
