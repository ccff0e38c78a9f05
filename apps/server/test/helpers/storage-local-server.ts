import Fastify from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LocalStorage } from '../../src/storage/local-storage';
import { localStorageRoutes } from '../../src/storage/local-storage-routes';
import { registerStorageTestErrorHandler } from './storage-error-handler';

export interface LocalStorageServer {
  storage: LocalStorage;
  baseUrl: string;
  root: string;
  /** Names left in the temp directory (should be none after any upload, failed or not). */
  tempFiles(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real Fastify server on 127.0.0.1:<random port> serving the local driver's signed URLs.
 * `bodyLimit` is tiny on purpose: uploads must bypass Fastify's body parsing entirely.
 */
export async function startLocalStorageServer(): Promise<LocalStorageServer> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'storage-local-'));
  const secret = randomBytes(32).toString('base64url');
  // Closing ends every connection: an idle keep-alive one left by the client would otherwise hold close()
  // until Fastify's 72 s keep-alive timeout (seen as a 72 s file in full runs).
  const app = Fastify({ logger: false, bodyLimit: 1024, forceCloseConnections: true });
  registerStorageTestErrorHandler(app);
  // The port is only known after listen(); the routes only need root and secret, so the test-side
  // instance (with the real URL) below shares both with this one.
  const routeStorage = new LocalStorage({ root, secret, publicBaseUrl: 'http://placeholder.invalid' });
  await app.register(localStorageRoutes, { storage: routeStorage, prefix: '/storage' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const storage = new LocalStorage({ root, secret, publicBaseUrl: baseUrl });
  return {
    storage,
    baseUrl,
    root,
    tempFiles: async () => readdir(storage.tempDir).catch(() => []),
    async close() {
      await app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
