import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors';
import { LocalStorage } from '../../src/storage/local-storage';
import { startLocalStorageServer, type LocalStorageServer } from '../helpers/storage-local-server';
import { runStorageContract } from './storage-contract';

runStorageContract('local', async () => {
  const server = await startLocalStorageServer();
  return { storage: server.storage, leftovers: server.tempFiles, close: server.close };
});

describe('LocalStorage specifics', () => {
  let server: LocalStorageServer;
  let storage: LocalStorage;

  beforeAll(async () => {
    server = await startLocalStorageServer();
    storage = server.storage;
  });
  afterAll(() => server.close());

  it('keeps objects and sidecar metadata in separate trees under the root', async () => {
    await storage.put('t/videos/v1/original.mp4', Buffer.from('abc'), { contentType: 'video/mp4' });
    expect((await stat(path.join(server.root, 'objects/t/videos/v1/original.mp4'))).size).toBe(3);
    const meta = await readFile(path.join(server.root, 'meta/t/videos/v1/original.mp4'), 'utf8');
    expect(JSON.parse(meta)).toEqual({ contentType: 'video/mp4', size: 3 });
    expect(await server.tempFiles()).toEqual([]);
  });

  it('prunes empty directories on delete', async () => {
    await storage.put('t/prune/a/b/c.txt', Buffer.from('x'), { contentType: 'text/plain' });
    await storage.delete('t/prune/a/b/c.txt');
    expect(await readdir(path.join(server.root, 'objects/t')).catch(() => [])).not.toContain('prune');
    expect(await readdir(path.join(server.root, 'meta/t')).catch(() => [])).not.toContain('prune');
  });

  it('refuses a key that would be both an object and a folder', async () => {
    await storage.put('t/clash/file', Buffer.from('x'), { contentType: 'text/plain' });
    const err = await storage.put('t/clash/file/child', Buffer.from('y'), { contentType: 'text/plain' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('CONFLICT');
    expect(await server.tempFiles()).toEqual([]);
    expect(await storage.head('t/clash')).toBeNull(); // a folder is not an object
  });

  it('cleans up stale temp files only', async () => {
    await mkdir(storage.tempDir, { recursive: true });
    const stale = path.join(storage.tempDir, 'stale-upload');
    const fresh = path.join(storage.tempDir, 'fresh-upload');
    await writeFile(stale, 'partial');
    await writeFile(fresh, 'partial');
    const old = new Date(Date.now() - 2 * 3600_000);
    await utimes(stale, old, old);
    expect(await storage.cleanupTemp(3600_000)).toBe(1);
    expect(await readdir(storage.tempDir)).toEqual(['fresh-upload']);
    expect(await storage.cleanupTemp(0)).toBe(1);
    expect(await storage.cleanupTemp(0)).toBe(0);
  });

  it('treats a missing sidecar as application/octet-stream', async () => {
    await storage.put('t/nometa/file', Buffer.from('x'), { contentType: 'text/plain' });
    await rm(path.join(server.root, 'meta/t/nometa/file'));
    expect(await storage.head('t/nometa/file')).toMatchObject({ size: 1, contentType: 'application/octet-stream' });
  });

  it('accepts one whole upload per signed PUT link, also after the object moved away', async () => {
    const key = 't/once/upload.mp4';
    const url = await storage.signedPutUrl(key, { contentType: 'video/mp4', expiresInSec: 300, contentLength: 5 });
    const put = async (body: string) => {
      const res = await fetch(url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: Buffer.from(body) });
      return { status: res.status, body: (await res.json()) as { message?: string } };
    };
    // A refused upload (wrong length) does not use up the link.
    expect((await put('123456')).status).toBe(403);
    expect((await put('12345')).status).toBe(200);
    const again = await put('abcde');
    expect(again).toEqual({ status: 403, body: expect.objectContaining({ message: 'This upload link was already used. Ask for a new link.' }) });
    await storage.move(key, 't/once/final.mp4');
    expect((await put('abcde')).status).toBe(403);
    expect(await storage.head(key)).toBeNull();
    expect(await server.tempFiles()).toEqual([]);

    // Two uploads racing with one fresh link: exactly one is stored.
    const raced = await storage.signedPutUrl('t/once/raced.mp4', { contentType: 'video/mp4', expiresInSec: 300 });
    const results = await Promise.all(
      ['first', 'second'].map(async (body) => (await fetch(raced, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body })).status),
    );
    expect(results.sort()).toEqual([200, 403]);
  });

  it('forgets used links once they expired', async () => {
    const url = await storage.signedPutUrl('t/once/short.mp4', { contentType: 'video/mp4', expiresInSec: 1 });
    const used = path.join(server.root, '.used', new URL(url).searchParams.get('X-Signature')!);
    expect((await fetch(url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: 'x' })).status).toBe(200);
    await storage.cleanupTemp(3600_000);
    expect(await readFile(used, 'utf8')).toMatch(/^\d+$/);
    await writeFile(used, String(Math.floor(Date.now() / 1000) - 1));
    await storage.cleanupTemp(3600_000);
    await expect(stat(used)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('requires a real signing secret', () => {
    expect(() => new LocalStorage({ root: server.root, publicBaseUrl: 'http://x', secret: 'short' })).toThrow(/secret/);
  });
});
