import { LocalStorage } from './local-storage';
import { S3Storage, type S3StorageOptions } from './s3-storage';
import type { Storage } from './storage';

export type CreateStorageOptions =
  | { driver: 'local'; root: string; publicBaseUrl: string; secret: string }
  | ({ driver: 's3' } & S3StorageOptions);

/** The one place that picks a driver; everything else sees only `Storage`. */
export function createStorage(options: CreateStorageOptions): Storage {
  if (options.driver === 'local') {
    return new LocalStorage({ root: options.root, publicBaseUrl: options.publicBaseUrl, secret: options.secret });
  }
  return new S3Storage(options);
}
