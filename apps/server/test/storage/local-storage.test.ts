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

  it('requires a real signing secret', () => {
    expect(() => new LocalStorage({ root: server.root, publicBaseUrl: 'http://x', secret: 'short' })).toThrow(/secret/);
  });
});
