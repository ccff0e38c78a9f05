import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore, Upload } from '@tus/server';
import path from 'node:path';
import type { Config } from '../../config';
import type { Storage } from '../../storage/storage';

/**
 * Where resumable uploads keep their bytes until they finish. The tus upload id is the upload's
 * storage key, so the S3 store writes the multipart upload straight at the final key (nothing is
 * copied afterwards); the file store keeps a file under DATA_DIR/tus and moves it into Storage
 * when it is finished.
 */
export interface TusStore {
  datastore: DataStore;
  /** Called once an upload has all its bytes: makes them the object at `upload.id` and drops the tus bookkeeping. */
  finish(upload: Upload, contentType: string): Promise<void>;
  /** Whether tus knows the upload (started and not yet finished or removed). */
  exists(id: string): Promise<boolean>;
  /**
   * Deletes tus's own copy and state of an upload; a missing one is fine. A finished S3 upload's
   * object is the final object already and stays (the caller deletes it if it must go).
   */
  remove(id: string): Promise<void>;
}

export function tusDirectory(dataDir: string): string {
  return path.join(dataDir, 'tus');
}

export function createTusStore(config: Pick<Config, 'dataDir' | 'storage'>, storage: Storage): TusStore {
  return config.storage.driver === 's3' ? s3TusStore(config.storage, storage) : fileTusStore(tusDirectory(config.dataDir), storage);
}

async function find(datastore: DataStore, id: string): Promise<Upload | null> {
  try {
    return await datastore.getUpload(id);
  } catch {
    return null;
  }
}

function fileTusStore(directory: string, storage: Storage): TusStore {
  const datastore = new FileStore({ directory });
  const forgetState = (id: string) =>
    datastore.configstore.delete(id).catch((err: unknown) => {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    });
  return {
    datastore,
    async finish(upload, contentType) {
      // Ids are storage keys checked by assertSafeKey before tus sees them, so they stay inside `directory`.
      // Moved, not copied: a 10 GB game is renamed into storage in no time.
      await storage.putFile(upload.id, path.join(directory, ...upload.id.split('/')), { contentType, move: true });
      await forgetState(upload.id);
    },
    exists: async (id) => (await find(datastore, id)) !== null,
    async remove(id) {
      if (await find(datastore, id)) await datastore.remove(id);
      // The state a finish interrupted after the move leaves (tus no longer finds an upload without its file).
      await forgetState(id);
    },
  };
}

function s3TusStore(s3: Extract<Config['storage'], { driver: 's3' }>, storage: Storage): TusStore {
  const datastore = new S3Store({
    partSize: 8 * 1024 * 1024,
    // Parts are buffered in temp files, so this bounds disk use per upload (and requests to the store).
    maxConcurrentPartUploads: 4,
    // Tags drive a bucket lifecycle rule; our own sweep removes expired uploads, and many S3-compatible stores lack tagging.
    useTags: false,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      // As in s3-storage.ts: default CRC32 checksums break many S3-compatible stores.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  // The store's own objects beside the upload: `<id>.info` (state) and `<id>.part` (a short tail not yet a part).
  const bookkeeping = (id: string) => [`${id}.info`, `${id}.part`];
  return {
    datastore,
    async finish(upload) {
      // The multipart upload was completed at `upload.id` with its content type; only the state objects remain.
      await Promise.all(bookkeeping(upload.id).map((key) => storage.delete(key)));
    },
    exists: async (id) => (await find(datastore, id)) !== null,
    async remove(id) {
      // An unfinished upload: abort the multipart upload (freeing its parts). A finished one is
      // already the object at `id`, which the store's remove() would delete: that is the caller's call.
      const upload = await find(datastore, id);
      if (upload && upload.offset !== upload.size) await datastore.remove(id).catch(() => undefined);
      await Promise.all(bookkeeping(id).map((key) => storage.delete(key)));
    },
  };
}
