import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  lastModified: Date;
}

/** Inclusive on both ends, like HTTP's `Content-Range`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface SignedPutOptions {
  contentType: string;
  expiresInSec: number;
  /**
   * Upper bound on the upload. The local driver enforces it while streaming. A presigned S3 PUT
   * cannot carry an upper bound, so with S3 pass `contentLength` (bound exactly into the
   * signature) and check `head().size` after the upload.
   */
  maxBytes?: number;
  /** Exact size the client must send; bound into the signature by both drivers. */
  contentLength?: number;
}

export interface SignedGetOptions {
  expiresInSec: number;
  /**
   * Makes the link download the object as a file of this name (`Content-Disposition: attachment`)
   * instead of showing it inline. Any characters; the drivers encode it.
   */
  downloadName?: string;
}

export interface PutFileOptions {
  contentType: string;
  move?: boolean;
}

/**
 * The one object-storage abstraction; media, uploads and HLS all go through it.
 * Keys are validated with `assertSafeKey` by every driver (see keys.ts); callers build them
 * with `storageKey(tenantId, ...)`. Errors are `AppError`s: BAD_REQUEST for unsafe keys,
 * NOT_FOUND, RANGE_NOT_SATISFIABLE, PAYLOAD_TOO_LARGE.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** Streams `body` into the object; over `maxBytes` rejects with PAYLOAD_TOO_LARGE and stores nothing. */
  put(key: string, body: Readable | Buffer, opts: { contentType: string; maxBytes?: number }): Promise<StoredObject>;
  /**
   * Stores a local file. With `move` the file is the caller's to give away: the local driver renames
   * it into place (no copy of a 2 GB file) and S3 deletes it after the upload.
   */
  putFile(key: string, filePath: string, opts: PutFileOptions): Promise<StoredObject>;
  /** `null` when the object does not exist. */
  head(key: string): Promise<StoredObject | null>;
  /**
   * `range.end` is clamped to the last byte; a start past the end rejects with
   * RANGE_NOT_SATISFIABLE. `object.size` is always the full size; `range` is set when one was asked for.
   */
  getStream(
    key: string,
    range?: { start: number; end?: number },
  ): Promise<{ body: Readable; object: StoredObject; range?: ByteRange }>;
  /** Writes next to `filePath` and renames, so a reader never sees a half-written file. */
  downloadToFile(key: string, filePath: string): Promise<void>;
  /**
   * Moves an object to another key (replacing what is there) and returns it; NOT_FOUND when `from`
   * does not exist. Local: a rename. S3: a copy and a delete (single CopyObject, so up to 5 GB).
   */
  move(from: string, to: string): Promise<StoredObject>;
  /** Idempotent: deleting a missing object succeeds. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (plain string prefix, as in S3); returns the count. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * Objects whose key starts with `prefix`, in key order. On S3 this costs one HEAD per object
   * (listings carry no content type), so keep prefixes narrow (one video, one stream).
   */
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * A link for one upload. The local driver accepts one whole upload per link (a retry after a
   * failed one is fine) and refuses the link afterwards. A presigned S3 PUT cannot be made
   * single-use: callers that must not read a second upload point the link at a staging key and
   * `move` the object away once they have checked it (see uploads.service).
   */
  signedPutUrl(key: string, opts: SignedPutOptions): Promise<string>;
  signedGetUrl(key: string, opts: SignedGetOptions): Promise<string>;
  /** Removes temp files of interrupted uploads older than `olderThanMs`; only drivers that keep temp files have it. */
  cleanupTemp?(olderThanMs: number): Promise<number>;
  /**
   * Only drivers that keep objects as files: the file of an object, so ffmpeg can read a 10 GB
   * original in place instead of a copy. Objects are replaced by rename, never rewritten in place,
   * so an open reader keeps a consistent file. `null` when the object does not exist.
   */
  localPath?(key: string): Promise<string | null>;
}

/** Presigned URLs are valid for at most a week (S3's own limit, kept for both drivers). */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;
