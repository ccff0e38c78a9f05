import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../src/errors';
import type { Storage, StoredObject } from '../../src/storage/storage';

export interface ContractTarget {
  storage: Storage;
  /** Anything an interrupted or refused upload left behind (temp files); must stay empty. */
  leftovers?: () => Promise<string[]>;
  close(): Promise<void>;
}

const MiB = 1024 * 1024;

async function collect(iterable: AsyncIterable<StoredObject>): Promise<StoredObject[]> {
  const out: StoredObject[] = [];
  for await (const object of iterable) out.push(object);
  return out;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `count` chunks of `chunkSize` deterministic bytes, generated lazily, plus their SHA-256. */
function generated(count: number, chunkSize = 64 * 1024): { stream: Readable; digest: () => string } {
  const hash = createHash('sha256');
  function* chunks() {
    for (let i = 0; i < count; i += 1) {
      const chunk = Buffer.alloc(chunkSize, i % 251);
      chunk.writeUInt32BE(i, 0);
      hash.update(chunk);
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), digest: () => hash.digest('hex') };
}

async function expectAppError(promise: Promise<unknown>, code: string): Promise<AppError> {
  const err = await promise.then(
    () => {
      throw new Error(`expected AppError ${code}, but it succeeded`);
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
  return err as AppError;
}

/** Peak RSS above the starting point while `work` runs, sampled every 10 ms. */
async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growth: peak - start };
  } finally {
    clearInterval(timer);
  }
}

/** Changes one character in the middle of the signature (hex for S3, base64url for local: both have 0 and 1). */
function tamper(url: string): string {
  const u = new URL(url);
  const name = [...u.searchParams.keys()].find((key) => /signature/i.test(key));
  const sig = name ? (u.searchParams.get(name) ?? '') : '';
  if (!name || sig.length < 10) throw new Error(`no signature parameter in ${url}`);
  u.searchParams.set(name, `${sig.slice(0, 5)}${sig[5] === '0' ? '1' : '0'}${sig.slice(6)}`);
  return u.toString();
}

const BAD_KEYS = [
  '',
  '../escape',
  't/../../escape',
  't/./x',
  '/t/x',
  't//x',
  't/x/',
  't\\x',
  't/x\u0000',
  't/x\n',
  't/%2e%2e/x',
  't/ü',
  't/a b',
  `t/${'a'.repeat(520)}`,
];

/** The behaviour every `Storage` driver must share; run once per driver against a real backend. */
export function runStorageContract(name: string, setup: () => Promise<ContractTarget>): void {
  describe(`Storage contract: ${name}`, () => {
    let target: ContractTarget;
    let storage: Storage;
    let tmp: string;
    const prefix = `t-${randomUUID().slice(0, 8)}`;
    const k = (...parts: string[]) => [prefix, ...parts].join('/');

    beforeAll(async () => {
      target = await setup();
      storage = target.storage;
      tmp = await mkdtemp(path.join(os.tmpdir(), 'storage-contract-'));
    });

    afterAll(async () => {
      await target?.close();
      await rm(tmp, { recursive: true, force: true });
    });

    it('puts a buffer, heads it and reads it back', async () => {
      const key = k('basic', 'hello.txt');
      const stored = await storage.put(key, Buffer.from('hello world'), { contentType: 'text/plain' });
      expect(stored).toMatchObject({ key, size: 11, contentType: 'text/plain' });
      const head = await storage.head(key);
      expect(head).toMatchObject({ key, size: 11, contentType: 'text/plain' });
      expect(head?.lastModified).toBeInstanceOf(Date);
      expect(Math.abs(Date.now() - (head?.lastModified.getTime() ?? 0))).toBeLessThan(60_000);
      const { body, object, range } = await storage.getStream(key);
      expect((await readAll(body)).toString()).toBe('hello world');
      expect(object).toMatchObject({ key, size: 11, contentType: 'text/plain' });
      expect(range).toBeUndefined();
    });

    it('reports missing objects', async () => {
      expect(await storage.head(k('missing', 'nope'))).toBeNull();
      await expectAppError(storage.getStream(k('missing', 'nope')), 'NOT_FOUND');
      await expectAppError(storage.downloadToFile(k('missing', 'nope'), path.join(tmp, 'nope')), 'NOT_FOUND');
    });

    it('puts a stream and overwrites an existing object', async () => {
      const key = k('overwrite', 'file.bin');
      await storage.put(key, Buffer.from('first version'), { contentType: 'text/plain' });
      const stored = await storage.put(key, Readable.from([Buffer.from('second'), Buffer.from(' one')]), {
        contentType: 'application/octet-stream',
      });
      expect(stored.size).toBe(10);
      expect(await storage.head(key)).toMatchObject({ size: 10, contentType: 'application/octet-stream' });
      expect((await readAll((await storage.getStream(key)).body)).toString()).toBe('second one');
    });

    it('stores empty objects', async () => {
      const key = k('empty', 'zero');
      expect(await storage.put(key, Readable.from([]), { contentType: 'text/plain' })).toMatchObject({ size: 0 });
      expect(await storage.head(key)).toMatchObject({ size: 0 });
      expect((await readAll((await storage.getStream(key)).body)).length).toBe(0);
    });

    it('reads byte ranges, clamping the end and refusing starts past the end', async () => {
      const key = k('range', 'digits.txt');
      await storage.put(key, Buffer.from('0123456789'), { contentType: 'text/plain' });

      const mid = await storage.getStream(key, { start: 2, end: 5 });
      expect((await readAll(mid.body)).toString()).toBe('2345');
      expect(mid.range).toEqual({ start: 2, end: 5 });
      expect(mid.object.size).toBe(10);

      const open = await storage.getStream(key, { start: 7 });
      expect((await readAll(open.body)).toString()).toBe('789');
      expect(open.range).toEqual({ start: 7, end: 9 });

      const clamped = await storage.getStream(key, { start: 8, end: 100 });
      expect((await readAll(clamped.body)).toString()).toBe('89');
      expect(clamped.range).toEqual({ start: 8, end: 9 });

      const last = await storage.getStream(key, { start: 9, end: 9 });
      expect((await readAll(last.body)).toString()).toBe('9');

      await expectAppError(storage.getStream(key, { start: 10 }), 'RANGE_NOT_SATISFIABLE');
      await expectAppError(storage.getStream(key, { start: 5, end: 2 }), 'RANGE_NOT_SATISFIABLE');
      await expectAppError(storage.getStream(key, { start: -1 }), 'BAD_REQUEST');
    });

    it('lists by plain string prefix in key order', async () => {
      const base = k('list');
      const keys = [`${base}/b/2.ts`, `${base}/a-c`, `${base}/a/1.ts`, `${base}/a/0.ts`, `${base}/b/10.ts`, `${base}x/other`];
      for (const key of keys) await storage.put(key, Buffer.from(key), { contentType: 'video/mp2t' });

      const all = await collect(storage.list(`${base}/`));
      expect(all.map((o) => o.key)).toEqual([`${base}/a-c`, `${base}/a/0.ts`, `${base}/a/1.ts`, `${base}/b/10.ts`, `${base}/b/2.ts`]);
      expect(all[0]).toMatchObject({ size: `${base}/a-c`.length, contentType: 'video/mp2t' });
      expect(all[0]?.lastModified).toBeInstanceOf(Date);

      expect((await collect(storage.list(`${base}/a`))).map((o) => o.key)).toEqual([`${base}/a-c`, `${base}/a/0.ts`, `${base}/a/1.ts`]);
      expect((await collect(storage.list(base))).map((o) => o.key)).toContain(`${base}x/other`);
      expect(await collect(storage.list(k('list-nothing-here/')))).toEqual([]);
    });

    it('deletes idempotently', async () => {
      const key = k('delete', 'gone.txt');
      await storage.put(key, Buffer.from('x'), { contentType: 'text/plain' });
      await storage.delete(key);
      expect(await storage.head(key)).toBeNull();
      await storage.delete(key);
      await storage.delete(k('delete', 'never-existed'));
    });

    it('deletes by prefix and reports the count', async () => {
      const base = k('prefix');
      for (const key of [`${base}/v1/a`, `${base}/v1/b`, `${base}/v1/hls/seg-0.ts`, `${base}/v2/a`]) {
        await storage.put(key, Buffer.from('x'), { contentType: 'text/plain' });
      }
      expect(await storage.deletePrefix(`${base}/v1/`)).toBe(3);
      expect((await collect(storage.list(`${base}/`))).map((o) => o.key)).toEqual([`${base}/v2/a`]);
      expect(await storage.deletePrefix(`${base}/v1/`)).toBe(0);
    });

    it('uploads a file and downloads to a file', async () => {
      const key = k('files', 'clip.mp4');
      const source = path.join(tmp, 'source.bin');
      const content = Buffer.alloc(3 * MiB + 123, 7);
      await writeFile(source, content);
      expect(await storage.putFile(key, source, { contentType: 'video/mp4' })).toMatchObject({ size: content.length });
      expect(await storage.head(key)).toMatchObject({ size: content.length, contentType: 'video/mp4' });

      const target = path.join(tmp, 'downloaded.bin');
      await storage.downloadToFile(key, target);
      expect((await readFile(target)).equals(content)).toBe(true);
      // Written beside the target and renamed: no partial file is left.
      expect((await readdir(tmp)).filter((n) => n.includes('.part'))).toEqual([]);
    });

    it('moves a file in when asked: the object is whole and the file is gone', async () => {
      const key = k('files', 'moved.mp4');
      const source = path.join(tmp, 'to-move.bin');
      const content = Buffer.alloc(MiB + 7, 3);
      await writeFile(source, content);
      expect(await storage.putFile(key, source, { contentType: 'video/mp4', move: true })).toMatchObject({ size: content.length });
      await expect(stat(source)).rejects.toMatchObject({ code: 'ENOENT' });
      const target = path.join(tmp, 'moved-back.bin');
      await storage.downloadToFile(key, target);
      expect((await readFile(target)).equals(content)).toBe(true);
    });

    it('streams a large upload without holding it in memory', { timeout: 120_000 }, async () => {
      const key = k('large', 'big.bin');
      const chunks = 1600; // 1600 x 64 KiB = 100 MiB
      // Warm up first (lazy module loading, connection pools, the heap's first growth) so the
      // measurement shows what the upload itself holds.
      await storage.put(k('large', 'warm-up.bin'), generated(200).stream, { contentType: 'video/mp4' });
      const { stream, digest } = generated(chunks);
      const { result, growth } = await peakRssGrowth(() => storage.put(key, stream, { contentType: 'video/mp4' }));
      console.info(`[${name}] 100 MiB streamed put: peak RSS growth ${(growth / MiB).toFixed(1)} MiB`);
      expect(result.size).toBe(chunks * 64 * 1024);
      // Buffering would grow RSS by at least the upload size (100 MiB); streaming stays flat (measured:
      // local ~16 MiB, S3 ~27-63 MiB including the in-process s3rver and 4 parallel 5 MiB parts).
      expect(growth).toBeLessThan(80 * MiB);

      const hash = createHash('sha256');
      for await (const chunk of (await storage.getStream(key)).body) hash.update(chunk as Buffer);
      expect(hash.digest('hex')).toBe(digest());
      await storage.delete(key);
    });

    it('enforces maxBytes while streaming and leaves nothing behind', { timeout: 60_000 }, async () => {
      const key = k('limit', 'too-big.bin');
      await expectAppError(storage.put(key, generated(32).stream, { contentType: 'video/mp4', maxBytes: MiB }), 'PAYLOAD_TOO_LARGE');
      expect(await storage.head(key)).toBeNull();
      expect(await collect(storage.list(k('limit/')))).toEqual([]);
      expect((await target.leftovers?.()) ?? []).toEqual([]);

      await expectAppError(storage.put(key, Buffer.alloc(11), { contentType: 'text/plain', maxBytes: 10 }), 'PAYLOAD_TOO_LARGE');
      expect(await storage.head(key)).toBeNull();

      // Exactly the limit is fine.
      expect(await storage.put(key, generated(16).stream, { contentType: 'video/mp4', maxBytes: MiB })).toMatchObject({ size: MiB });
    });

    it('keeps the old object when an overwrite is refused', async () => {
      const key = k('limit', 'keep.txt');
      await storage.put(key, Buffer.from('original'), { contentType: 'text/plain' });
      await expectAppError(storage.put(key, generated(4).stream, { contentType: 'text/plain', maxBytes: 1000 }), 'PAYLOAD_TOO_LARGE');
      expect((await readAll((await storage.getStream(key)).body)).toString()).toBe('original');
      expect((await target.leftovers?.()) ?? []).toEqual([]);
    });

    it('accepts a signed PUT over HTTP only with the signed content type', async () => {
      const key = k('signed', 'upload.mp4');
      const url = await storage.signedPutUrl(key, { contentType: 'video/mp4', expiresInSec: 300 });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);

      const refused = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: Buffer.from('<script>') });
      await refused.arrayBuffer();
      expect(refused.status).toBe(403);
      expect(await storage.head(key)).toBeNull();

      const ok = await fetch(url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: Buffer.from('fake mp4 bytes') });
      await ok.arrayBuffer();
      expect(ok.status).toBe(200);
      expect(await storage.head(key)).toMatchObject({ size: 14, contentType: 'video/mp4' });
    });

    it('binds an exact content length into a signed PUT', async () => {
      const key = k('signed', 'exact.bin');
      const url = await storage.signedPutUrl(key, { contentType: 'application/octet-stream', expiresInSec: 300, contentLength: 5 });
      const headers = { 'content-type': 'application/octet-stream' };

      const wrong = await fetch(url, { method: 'PUT', headers, body: Buffer.from('123456') });
      await wrong.arrayBuffer();
      expect(wrong.status).toBe(403);
      expect(await storage.head(key)).toBeNull();

      const right = await fetch(url, { method: 'PUT', headers, body: Buffer.from('12345') });
      await right.arrayBuffer();
      expect(right.status).toBe(200);
      expect(await storage.head(key)).toMatchObject({ size: 5 });

      await expectAppError(
        storage.signedPutUrl(key, { contentType: 'video/mp4', expiresInSec: 60, contentLength: 11, maxBytes: 10 }),
        'PAYLOAD_TOO_LARGE',
      );
    });

    it('moves an object to another key, replacing what is there', async () => {
      const from = k('move', 'staging.mp4');
      const to = k('move', 'final', 'source.mp4');
      await storage.put(to, Buffer.from('old'), { contentType: 'text/plain' });
      await storage.put(from, Buffer.from('moved bytes'), { contentType: 'video/mp4' });
      expect(await storage.move(from, to)).toMatchObject({ key: to, size: 11, contentType: 'video/mp4' });
      expect(await storage.head(from)).toBeNull();
      expect(await storage.head(to)).toMatchObject({ size: 11, contentType: 'video/mp4' });
      expect((await readAll((await storage.getStream(to)).body)).toString()).toBe('moved bytes');
      await expectAppError(storage.move(from, to), 'NOT_FOUND');
      await expectAppError(storage.move(to, '../escape'), 'BAD_REQUEST');
    });

    it('a signed PUT link used again after its object was moved away changes nothing anyone reads', async () => {
      const staging = k('staged', 'upload.mp4');
      const final = k('staged', 'final.mp4');
      const url = await storage.signedPutUrl(staging, { contentType: 'video/mp4', expiresInSec: 300 });
      const first = await fetch(url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: Buffer.from('checked bytes') });
      await first.arrayBuffer();
      expect(first.status).toBe(200);
      await storage.move(staging, final);

      const again = await fetch(url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: Buffer.from('swapped') });
      await again.arrayBuffer();
      expect((await readAll((await storage.getStream(final)).body)).toString()).toBe('checked bytes');
    });

    it('serves a signed GET and refuses tampered, re-targeted and expired ones', async () => {
      const key = k('signed', 'movie.mp4');
      const other = k('signed', 'other.mp4');
      await storage.put(key, Buffer.from('movie bytes'), { contentType: 'video/mp4' });
      await storage.put(other, Buffer.from('other bytes'), { contentType: 'video/mp4' });
      const url = await storage.signedGetUrl(key, { expiresInSec: 300 });

      const ok = await fetch(url);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toBe('video/mp4');
      expect(await ok.text()).toBe('movie bytes');

      const ranged = await fetch(url, { headers: { range: 'bytes=0-4' } });
      expect(ranged.status).toBe(206);
      expect(await ranged.text()).toBe('movie');

      const tampered = await fetch(tamper(url));
      await tampered.arrayBuffer();
      expect(tampered.status).toBe(403);

      const retargeted = await fetch(url.replace('movie.mp4', 'other.mp4'));
      await retargeted.arrayBuffer();
      expect(retargeted.status).toBe(403);

      // Signed an hour ago for one minute.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() - 3600_000);
      let expiredUrl: string;
      try {
        expiredUrl = await storage.signedGetUrl(key, { expiresInSec: 60 });
      } finally {
        vi.useRealTimers();
      }
      const expired = await fetch(expiredUrl);
      await expired.arrayBuffer();
      expect(expired.status).toBe(403);
    });

    it('a signed GET with a download name serves the object as an attachment of that name; without one, inline', async () => {
      const key = k('signed', 'reel.mp4');
      await storage.put(key, Buffer.from('reel bytes'), { contentType: 'video/mp4' });
      // ASCII without ' ( ) *: s3rver signs those differently from the SDK (S3 itself takes any name).
      const named = await fetch(await storage.signedGetUrl(key, { expiresInSec: 300, downloadName: 'Season "best" 2026.mp4' }));
      expect(named.status).toBe(200);
      expect(named.headers.get('content-disposition')).toBe('attachment; filename="Season \\"best\\" 2026.mp4"');
      expect(await named.text()).toBe('reel bytes');
      const plain = await fetch(await storage.signedGetUrl(key, { expiresInSec: 300 }));
      await plain.arrayBuffer();
      expect(plain.headers.get('content-disposition')).toBeNull();
      for (const downloadName of ['', '   ', 'a\nb.mp4', 'x'.repeat(256)]) {
        await expectAppError(storage.signedGetUrl(key, { expiresInSec: 60, downloadName }), 'BAD_REQUEST');
      }
    });

    it('rejects unsafe keys in every operation', async () => {
      for (const bad of BAD_KEYS) {
        await expectAppError(storage.put(bad, Buffer.from('x'), { contentType: 'text/plain' }), 'BAD_REQUEST');
        await expectAppError(storage.put(bad, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }), 'BAD_REQUEST');
        await expectAppError(storage.putFile(bad, fileURLToPath(import.meta.url), { contentType: 'text/plain' }), 'BAD_REQUEST');
        await expectAppError(storage.head(bad), 'BAD_REQUEST');
        await expectAppError(storage.getStream(bad), 'BAD_REQUEST');
        await expectAppError(storage.downloadToFile(bad, path.join(tmp, 'x')), 'BAD_REQUEST');
        await expectAppError(storage.delete(bad), 'BAD_REQUEST');
        await expectAppError(storage.signedGetUrl(bad, { expiresInSec: 60 }), 'BAD_REQUEST');
        await expectAppError(storage.signedPutUrl(bad, { contentType: 'text/plain', expiresInSec: 60 }), 'BAD_REQUEST');
      }
      for (const bad of ['', '../', 't/../', '/t', 't//']) {
        await expectAppError(collect(storage.list(bad)), 'BAD_REQUEST');
        await expectAppError(storage.deletePrefix(bad), 'BAD_REQUEST');
      }
    });

    it('rejects malformed content types and expiries', async () => {
      const key = k('validation', 'x');
      await expectAppError(storage.put(key, Buffer.from('x'), { contentType: 'text/html\r\nX-Evil: 1' }), 'BAD_REQUEST');
      await expectAppError(storage.signedPutUrl(key, { contentType: 'not a type', expiresInSec: 60 }), 'BAD_REQUEST');
      await expectAppError(storage.signedGetUrl(key, { expiresInSec: 0 }), 'BAD_REQUEST');
      await expectAppError(storage.signedGetUrl(key, { expiresInSec: 8 * 24 * 3600 }), 'BAD_REQUEST');
    });
  });
}
