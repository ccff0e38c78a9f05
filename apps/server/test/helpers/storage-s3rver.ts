import S3rver from '@20minutes/s3rver';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { S3Storage } from '../../src/storage/s3-storage';
import { startCountingRelay, type CountingRelay } from './counting-relay';

export interface S3rverStorage {
  storage: S3Storage;
  endpoint: string;
  bucket: string;
  /** With `countBytes`: the relay the storage talks to s3rver through. */
  relay: CountingRelay | null;
  close(): Promise<void>;
}

/**
 * s3rver in-process on 127.0.0.1:<random port>, verifying SigV4 signatures (S3RVER/S3RVER is its
 * built-in key pair). Gotchas: bind to an IP (the default 'localhost' host and vhost buckets make it
 * read the Host header as a bucket name), `silent` or it logs every request, and create the bucket
 * through `configureBuckets` so it exists before the first request. s3rver signs bucket-level paths
 * without the trailing slash the SDK sends (`/bucket/?list-type=2`), so ListObjectsV2 and
 * DeleteObjects fail SigV4 unless the slash is dropped before signing (S3 treats both the same).
 * `countBytes` puts a counting relay between the storage (and the links it signs) and s3rver.
 */
export async function startS3rverStorage(options: { countBytes?: boolean } = {}): Promise<S3rverStorage> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'storage-s3rver-'));
  const bucket = 'test-bucket';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const relay = options.countBytes ? await startCountingRelay({ host: '127.0.0.1', port }) : null;
  const endpoint = `http://127.0.0.1:${relay?.port ?? port}`;
  const storage = new S3Storage({
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  storage.client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      if (request.path === `/${bucket}/`) request.path = `/${bucket}`;
      return next(args);
    },
    { step: 'build', name: 's3rverBucketPath' },
  );
  return {
    storage,
    endpoint,
    bucket,
    relay,
    async close() {
      storage.client.destroy();
      await relay?.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
