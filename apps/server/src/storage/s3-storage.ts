import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type _Object,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import contentDisposition from 'content-disposition';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { AppError } from '../errors';
import { assertByteCount, ByteLimit, payloadTooLarge } from './byte-limit';
import { assertRangeShape } from './byte-range';
import { assertContentType } from './content-type';
import { assertSafeKey, assertSafePrefix, isSafeKey } from './keys';
import { assertSignedGetOptions, assertSignedPutOptions } from './signed-url-options';
import { streamToFile } from './stream-to-file';
import { type ByteRange, type PutFileOptions, type SignedGetOptions, type SignedPutOptions, type Storage, type StoredObject } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** Any S3-compatible endpoint (MinIO, R2, s3rver); unset means AWS. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`; most non-AWS stores need it. Default true. */
  forcePathStyle?: boolean | undefined;
  /** Multipart part size; memory per upload is about `partSize * queueSize`. Default 5 MiB (S3's minimum). */
  partSize?: number;
  /** Parts uploaded in parallel per upload. Default 4. */
  queueSize?: number;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
// Objects HEADed at once while listing (a listing has no content types).
const LIST_HEAD_CONCURRENCY = 8;

interface S3ErrorLike {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

function status(err: unknown): number | undefined {
  return (err as S3ErrorLike | null)?.$metadata?.httpStatusCode;
}

function isNotFound(err: unknown): boolean {
  const name = (err as S3ErrorLike | null)?.name;
  return name === 'NotFound' || name === 'NoSuchKey' || status(err) === 404;
}

/** `bytes 0-9/100` -> range and total size. */
function parseContentRange(header: string | undefined): { range: ByteRange; size: number } | undefined {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header) : null;
  if (!match) return undefined;
  return { range: { start: Number(match[1]), end: Number(match[2]) }, size: Number(match[3]) };
}

/** Any S3-compatible store through the AWS SDK v3; uploads are multipart streams, never whole files in memory. */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number | undefined;
  private readonly queueSize: number | undefined;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.partSize = options.partSize;
    this.queueSize = options.queueSize;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? true,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Newer SDKs add CRC32 checksums to every request by default, which many S3-compatible
      // stores reject and which would make presigned PUTs carry a checksum the browser cannot match.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType: string; maxBytes?: number }): Promise<StoredObject> {
    assertSafeKey(key);
    assertContentType(opts.contentType);
    assertByteCount('maxBytes', opts.maxBytes);
    if (Buffer.isBuffer(body)) {
      if (opts.maxBytes !== undefined && body.length > opts.maxBytes) throw payloadTooLarge(opts.maxBytes);
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: opts.contentType, ContentLength: body.length }),
      );
      // Our clock, not the store's: PutObject does not return Last-Modified, and a HEAD per put
      // would double the requests for HLS segments.
      return { key, size: body.length, contentType: opts.contentType, lastModified: new Date() };
    }
    return this.upload(key, body, opts.contentType, opts.maxBytes);
  }

  async putFile(key: string, filePath: string, opts: PutFileOptions): Promise<StoredObject> {
    assertSafeKey(key);
    assertContentType(opts.contentType);
    const stored = await this.upload(key, createReadStream(filePath), opts.contentType, undefined);
    if (opts.move) await rm(filePath, { force: true });
    return stored;
  }

  async head(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: res.ContentLength ?? 0,
        contentType: res.ContentType ?? DEFAULT_CONTENT_TYPE,
        lastModified: res.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async getStream(
    key: string,
    range?: { start: number; end?: number },
  ): Promise<{ body: Readable; object: StoredObject; range?: ByteRange }> {
    assertSafeKey(key);
    if (range) assertRangeShape(range);
    let res;
    try {
      res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      );
    } catch (err) {
      if (isNotFound(err)) throw new AppError('NOT_FOUND', `Object ${key} not found.`);
      if ((err as S3ErrorLike).name === 'InvalidRange' || status(err) === 416) {
        throw new AppError('RANGE_NOT_SATISFIABLE', `Byte range starting at ${range?.start} is past the end of the object.`);
      }
      throw err;
    }
    if (!(res.Body instanceof Readable)) throw new Error('S3 response body is not a Node.js stream.');
    const partial = parseContentRange(res.ContentRange);
    const object: StoredObject = {
      key,
      size: partial?.size ?? res.ContentLength ?? 0,
      contentType: res.ContentType ?? DEFAULT_CONTENT_TYPE,
      lastModified: res.LastModified ?? new Date(0),
    };
    if (!range) return { body: res.Body, object };
    // A store that ignores Range answers 200 with everything: report what was actually served.
    return { body: res.Body, object, range: partial?.range ?? { start: 0, end: Math.max(0, object.size - 1) } };
  }

  async downloadToFile(key: string, filePath: string): Promise<void> {
    const { body } = await this.getStream(key);
    const part = `${filePath}.${randomUUID()}.part`;
    try {
      await streamToFile(body, part);
      await rename(part, filePath);
    } catch (err) {
      await rm(part, { force: true });
      throw err;
    }
  }

  async move(from: string, to: string): Promise<StoredObject> {
    assertSafeKey(from);
    assertSafeKey(to);
    const object = await this.head(from);
    if (!object) throw new AppError('NOT_FOUND', `Object ${from} not found.`);
    // Keys are URL-safe (assertSafeKey), so the copy source needs no encoding.
    await this.client.send(
      new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${from}`, ContentType: object.contentType, MetadataDirective: 'REPLACE' }),
    );
    await this.delete(from);
    return { ...object, key: to, lastModified: new Date() };
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // S3 answers 204 for missing keys too, which makes this idempotent.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertSafePrefix(prefix);
    let deleted = 0;
    for await (const page of this.pages(prefix)) {
      const keys = page.flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length === 0) continue;
      // A listing page holds at most 1000 keys, which is also DeleteObjects' batch limit.
      const res = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
      );
      const failed = res.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(`Could not delete ${failed.length} object(s) under ${prefix}: ${first?.Key} ${first?.Code} ${first?.Message}`);
      }
      deleted += keys.length;
    }
    return deleted;
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    assertSafePrefix(prefix);
    yield* this.listObjects(prefix);
  }

  async signedPutUrl(key: string, opts: SignedPutOptions): Promise<string> {
    assertSignedPutOptions(key, opts);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: opts.contentType,
      ...(opts.contentLength !== undefined ? { ContentLength: opts.contentLength } : {}),
    });
    // The presigner leaves content-type unsigned by default; signing it (and the length) binds the
    // upload to what the server approved.
    const signableHeaders = new Set(['content-type', ...(opts.contentLength !== undefined ? ['content-length'] : [])]);
    return getSignedUrl(this.client, command, { expiresIn: opts.expiresInSec, signableHeaders });
  }

  async signedGetUrl(key: string, opts: SignedGetOptions): Promise<string> {
    assertSignedGetOptions(key, opts);
    const disposition = opts.downloadName !== undefined ? { ResponseContentDisposition: contentDisposition(opts.downloadName) } : {};
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key, ...disposition }), { expiresIn: opts.expiresInSec });
  }

  /**
   * Streams through a byte counter into a multipart upload (single PUT when it fits one part).
   * Over the limit, the counter fails the stream, the upload aborts before completing, and no object appears.
   */
  private async upload(key: string, source: Readable, contentType: string, maxBytes: number | undefined): Promise<StoredObject> {
    const limit = new ByteLimit(maxBytes);
    source.once('error', (err) => limit.destroy(err));
    source.pipe(limit);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: limit, ContentType: contentType },
      ...(this.partSize ? { partSize: this.partSize } : {}),
      ...(this.queueSize ? { queueSize: this.queueSize } : {}),
    });
    try {
      await upload.done();
    } catch (err) {
      source.unpipe(limit);
      source.destroy();
      limit.destroy();
      // The abort of the multipart upload may fail too (s3rver has no AbortMultipartUpload); the cause that matters is ours.
      if (limit.exceeded && maxBytes !== undefined) throw payloadTooLarge(maxBytes);
      throw err;
    }
    return { key, size: limit.bytes, contentType, lastModified: new Date() };
  }

  private async *pages(prefix: string): AsyncGenerator<_Object[]> {
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
      );
      yield res.Contents ?? [];
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  private async *listObjects(prefix: string): AsyncGenerator<StoredObject> {
    for await (const page of this.pages(prefix)) {
      // Keys written by other tools may break our rules; they are not ours to report.
      const keys = page.flatMap((o) => (o.Key && isSafeKey(o.Key) ? [o.Key] : []));
      // S3 lists in byte order; some compatible stores (s3rver) do not, so each page is sorted.
      keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (let i = 0; i < keys.length; i += LIST_HEAD_CONCURRENCY) {
        const heads = await Promise.all(keys.slice(i, i + LIST_HEAD_CONCURRENCY).map((k) => this.head(k)));
        for (const object of heads) if (object) yield object; // null: deleted since the listing
      }
    }
  }
}
