import type { FastifyInstance } from 'fastify';
import { taggedRoutes } from './api-docs';
import { localStorageRoutes } from '../storage/local-storage-routes';
import type { Storage } from '../storage/storage';

/** The local driver serves its signed URLs itself; with S3 the browser talks to the bucket directly. */
export async function registerStorageRoutes(app: FastifyInstance, storage: Storage) {
  if (storage.driver !== 'local') return;
  await app.register(taggedRoutes('storage', localStorageRoutes), { storage, prefix: '/storage' });
}
