import { randomUUID } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../errors';
import { assertByteCount, ByteLimit, payloadTooLarge } from './byte-limit';
import { resolveRange } from './byte-range';
import { assertContentType } from './content-type';
import { assertSafeKey, assertSafePrefix, isSafeKey } from './keys';
import { createTokenSigner, type TokenSigner } from '../signed-token';
import { signGrant, verifySignedRequest, type LocalGrant } from './local-signature';
import { assertSignedGetOptions, assertSignedPutOptions } from './signed-url-options';
import { streamToFile } from './stream-to-file';
import { type ByteRange, type PutFileOptions, type SignedGetOptions, type SignedPutOptions, type Storage, type StoredObject } from './storage';

// Part of this module's API (the routes and callers verify through it); implemented with the signing code.
export { verifySignedRequest } from './local-signature';

export interface LocalStorageOptions {
  /** Directory that holds everything: `objects/`, `meta/` (sidecar JSON) and `.tmp/`. */
  root: string;
  /** Origin the signed URLs point at, e.g. `https://teams.example.com`. */
  publicBaseUrl: string;
  /** HMAC key for signed URLs. */
  secret: string;
  /** Where `localStorageRoutes` is mounted; default `/storage`. */
  routePrefix?: string;
}

interface Meta {
  contentType: string;
  size: number;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
const MISSING = new Set(['ENOENT', 'ENOTDIR']);

function errno(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}

function linkUsed(): AppError {
  return new AppError('INVALID_SIGNATURE', 'This upload link was already used. Ask for a new link.');
}

function notFound(key: string): AppError {
  return new AppError('NOT_FOUND', `Object ${key} not found.`);
}

/** Second line of defence after `assertSafeKey`: the resolved path must stay under `base`. */
function inside(base: string, key: string): string {
  const full = path.resolve(base, ...key.split('/'));
  if (!full.startsWith(base + path.sep)) {
    throw new AppError('BAD_REQUEST', 'Storage key resolves outside the storage root.');
  }
  return full;
}

/** Sorts directory entries so a depth-first walk yields keys in plain string order, like S3. */
function byKeyOrder(a: Dirent, b: Dirent): number {
  const ka = a.isDirectory() ? `${a.name}/` : a.name;
  const kb = b.isDirectory() ? `${b.name}/` : b.name;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/**
 * Objects as files under `root/objects/<key>`, their content type in `root/meta/<key>` (JSON), so
 * `head` needs no sniffing. Every write streams into `root/.tmp/` and is renamed into place, so
 * readers only ever see whole objects and a failed upload never replaces a good one.
 */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  readonly root: string;
  readonly routePrefix: string;
  private readonly objectsDir: string;
  private readonly metaDir: string;
  private readonly tmpDir: string;
  /** Markers of signed PUT links already used (`putOnce`). */
  private readonly usedDir: string;
  private readonly publicBaseUrl: string;
  private readonly signer: TokenSigner;

  constructor(options: LocalStorageOptions) {
    if (typeof options.secret !== 'string' || options.secret.length < 16) {
      throw new Error('Local storage needs a URL signing secret of at least 16 characters.');
    }
    this.root = path.resolve(options.root);
    this.objectsDir = path.join(this.root, 'objects');
    this.metaDir = path.join(this.root, 'meta');
    this.tmpDir = path.join(this.root, '.tmp');
    this.usedDir = path.join(this.root, '.used');
    this.publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '');
    this.routePrefix = (options.routePrefix ?? '/storage').replace(/\/+$/, '');
    this.signer = createTokenSigner(options.secret);
  }

  /** Checks a request for a signed URL of this store; used by `localStorageRoutes`. */
  verify(request: { method: string; key: string; query: Record<string, unknown> }): LocalGrant {
    return verifySignedRequest(this.signer, request);
  }

  /** Where temp files live; exposed for tests and the cleanup job's logs. */
  get tempDir(): string {
    return this.tmpDir;
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType: string; maxBytes?: number }): Promise<StoredObject> {
    return this.store(key, body, opts);
  }

  /**
   * Stores the body of a signed PUT, at most once per link: the first upload that arrives whole
   * claims the link (a marker named by its signature, kept until the link expires), and every later
   * request with it is refused, also after the object was moved away or deleted. An interrupted or
   * refused upload claims nothing, so the client can retry with the same link.
   */
  async putOnce(
    link: { signature: string; expires: number },
    key: string,
    body: Readable | Buffer,
    opts: { contentType: string; maxBytes?: number },
  ): Promise<StoredObject> {
    const marker = this.usedMarker(link.signature);
    if (await stat(marker).catch(() => null)) throw linkUsed();
    return this.store(key, body, opts, async () => {
      await mkdir(this.usedDir, { recursive: true });
      try {
        // 'wx' creates or fails atomically: of two uploads racing with one link, one stores.
        await writeFile(marker, String(link.expires), { flag: 'wx' });
      } catch (err) {
        if (errno(err) === 'EEXIST') throw linkUsed();
        throw err;
      }
      return () => rm(marker, { force: true });
    });
  }

  /** Streams into a temp file, then (after `claim`, undone if the commit fails) renames it into place. */
  private async store(
    key: string,
    body: Readable | Buffer,
    opts: { contentType: string; maxBytes?: number },
    claim?: () => Promise<() => Promise<void>>,
  ): Promise<StoredObject> {
    assertSafeKey(key);
    assertContentType(opts.contentType);
    assertByteCount('maxBytes', opts.maxBytes);
    if (Buffer.isBuffer(body) && opts.maxBytes !== undefined && body.length > opts.maxBytes) {
      throw payloadTooLarge(opts.maxBytes);
    }
    const tmp = await this.tempPath();
    try {
      if (Buffer.isBuffer(body)) {
        await writeFile(tmp, body, { flush: true });
      } else {
        await streamToFile(body, tmp, new ByteLimit(opts.maxBytes));
      }
      const release = await claim?.();
      try {
        return await this.commit(key, tmp, opts.contentType);
      } catch (err) {
        await release?.();
        throw err;
      }
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async putFile(key: string, filePath: string, opts: PutFileOptions): Promise<StoredObject> {
    assertSafeKey(key);
    assertContentType(opts.contentType);
    const tmp = await this.tempPath();
    try {
      if (opts.move) await moveFile(filePath, tmp);
      // copyFile may clone (reflink) on file systems that support it; never reads through JS.
      else await copyFile(filePath, tmp);
      return await this.commit(key, tmp, opts.contentType);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    const file = this.objectPath(key);
    let info;
    try {
      info = await stat(file);
    } catch (err) {
      if (MISSING.has(errno(err) ?? '')) return null;
      throw err;
    }
    if (!info.isFile()) return null;
    return { key, size: info.size, contentType: await this.readContentType(key), lastModified: info.mtime };
  }

  async getStream(
    key: string,
    range?: { start: number; end?: number },
  ): Promise<{ body: Readable; object: StoredObject; range?: ByteRange }> {
    const file = this.objectPath(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (err) {
      if (MISSING.has(errno(err) ?? '') || errno(err) === 'EISDIR') throw notFound(key);
      throw err;
    }
    try {
      // Size from the open descriptor, so it matches the bytes this stream will read.
      const info = await handle.stat();
      if (!info.isFile()) throw notFound(key);
      const object = { key, size: info.size, contentType: await this.readContentType(key), lastModified: info.mtime };
      if (!range) return { body: handle.createReadStream(), object };
      const resolved = resolveRange(range, info.size);
      return { body: handle.createReadStream({ start: resolved.start, end: resolved.end }), object, range: resolved };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async downloadToFile(key: string, filePath: string): Promise<void> {
    if (!(await this.head(key))) throw notFound(key);
    const part = `${filePath}.${randomUUID()}.part`;
    try {
      await copyFile(this.objectPath(key), part);
      await rename(part, filePath);
    } catch (err) {
      await rm(part, { force: true });
      if (MISSING.has(errno(err) ?? '') && !(await this.head(key))) throw notFound(key);
      throw err;
    }
  }

  async move(from: string, to: string): Promise<StoredObject> {
    const source = this.objectPath(from);
    const target = this.objectPath(to);
    const object = await this.head(from);
    if (!object) throw notFound(from);
    try {
      await this.moveIntoPlace(source, target);
    } catch (err) {
      // Moved (or deleted) by someone else since the head().
      if (MISSING.has(errno(err) ?? '') && !(await this.head(from))) throw notFound(from);
      throw err;
    }
    await this.moveIntoPlace(this.metaPath(from), this.metaPath(to)).catch(async () => {
      // No sidecar (or a torn one): the target's type is what head() read.
      await this.writeMeta(to, { contentType: object.contentType, size: object.size });
    });
    await this.prune(path.dirname(source), this.objectsDir);
    await this.prune(path.dirname(this.metaPath(from)), this.metaDir);
    return { ...object, key: to };
  }

  async localPath(key: string): Promise<string | null> {
    return (await this.head(key)) ? this.objectPath(key) : null;
  }

  async delete(key: string): Promise<void> {
    const file = this.objectPath(key);
    const meta = this.metaPath(key);
    for (const target of [file, meta]) {
      try {
        await unlink(target);
      } catch (err) {
        // A key that is only a "directory" (a prefix of other keys) has nothing to delete.
        const code = errno(err) ?? '';
        if (!MISSING.has(code) && code !== 'EISDIR' && code !== 'EPERM') throw err;
      }
    }
    await this.prune(path.dirname(file), this.objectsDir);
    await this.prune(path.dirname(meta), this.metaDir);
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertSafePrefix(prefix);
    // Collect first: deleting prunes directories the walk would still be reading.
    const keys: string[] = [];
    for await (const object of this.list(prefix)) keys.push(object.key);
    for (const key of keys) await this.delete(key);
    return keys.length;
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    assertSafePrefix(prefix);
    const slash = prefix.lastIndexOf('/');
    const dirKey = slash > 0 ? prefix.slice(0, slash) : '';
    yield* this.walk(dirKey ? inside(this.objectsDir, dirKey) : this.objectsDir, dirKey, prefix);
  }

  async signedPutUrl(key: string, opts: SignedPutOptions): Promise<string> {
    assertSignedPutOptions(key, opts);
    const grant: LocalGrant = { method: 'PUT', key, expires: this.expiresAt(opts.expiresInSec), contentType: opts.contentType };
    if (opts.maxBytes !== undefined) grant.maxBytes = opts.maxBytes;
    if (opts.contentLength !== undefined) grant.contentLength = opts.contentLength;
    return this.url(grant);
  }

  async signedGetUrl(key: string, opts: SignedGetOptions): Promise<string> {
    assertSignedGetOptions(key, opts);
    const grant: LocalGrant = { method: 'GET', key, expires: this.expiresAt(opts.expiresInSec) };
    if (opts.downloadName !== undefined) grant.downloadName = opts.downloadName;
    return this.url(grant);
  }

  async cleanupTemp(olderThanMs: number): Promise<number> {
    await this.forgetExpiredLinks();
    let names: string[];
    try {
      names = await readdir(this.tmpDir);
    } catch (err) {
      if (MISSING.has(errno(err) ?? '')) return 0;
      throw err;
    }
    // A live upload keeps touching its temp file, so an old mtime means nobody is writing it.
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.tmpDir, name);
      try {
        const info = await stat(file);
        if (info.mtimeMs >= cutoff) continue;
        await rm(file, { force: true, recursive: true });
        removed += 1;
      } catch (err) {
        if (!MISSING.has(errno(err) ?? '')) throw err;
      }
    }
    return removed;
  }

  /** An expired link is refused by its signature check anyway, so its used-marker can go. */
  private async forgetExpiredLinks(): Promise<void> {
    const names = await readdir(this.usedDir).catch(() => [] as string[]);
    const now = Math.floor(Date.now() / 1000);
    for (const name of names) {
      const marker = path.join(this.usedDir, name);
      const expires = Number(await readFile(marker, 'utf8').catch(() => '0'));
      if (!(expires >= now)) await rm(marker, { force: true });
    }
  }

  private objectPath(key: string): string {
    assertSafeKey(key);
    return inside(this.objectsDir, key);
  }

  private metaPath(key: string): string {
    assertSafeKey(key);
    return inside(this.metaDir, key);
  }

  private async tempPath(): Promise<string> {
    await mkdir(this.tmpDir, { recursive: true });
    return path.join(this.tmpDir, randomUUID());
  }

  private expiresAt(expiresInSec: number): number {
    return Math.floor(Date.now() / 1000) + expiresInSec;
  }

  private url(grant: LocalGrant): string {
    // Keys only hold URL-safe characters (assertSafeKey), so they go into the path as they are.
    return `${this.publicBaseUrl}${this.routePrefix}/${grant.key}?${signGrant(this.signer, grant)}`;
  }

  /** Moves a finished temp file into place, then its metadata; returns what was stored. */
  private async commit(key: string, tmp: string, contentType: string): Promise<StoredObject> {
    const info = await stat(tmp);
    await this.moveIntoPlace(tmp, this.objectPath(key));
    await this.writeMeta(key, { contentType, size: info.size });
    return { key, size: info.size, contentType, lastModified: info.mtime };
  }

  private async writeMeta(key: string, meta: Meta): Promise<void> {
    const metaTmp = await this.tempPath();
    try {
      await writeFile(metaTmp, JSON.stringify(meta), { flush: true });
      await this.moveIntoPlace(metaTmp, this.metaPath(key));
    } catch (err) {
      await rm(metaTmp, { force: true });
      throw err;
    }
  }

  private usedMarker(signature: string): string {
    // Signatures are base64url (signGrant); anything else cannot name a file here.
    if (!/^[A-Za-z0-9_-]{16,128}$/.test(signature)) throw new AppError('INVALID_SIGNATURE', 'The link signature does not match. Ask for a new link.');
    return path.join(this.usedDir, signature);
  }

  private async moveIntoPlace(from: string, to: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await mkdir(path.dirname(to), { recursive: true });
        await rename(from, to);
        return;
      } catch (err) {
        const code = errno(err);
        // A concurrent delete may prune the directory between mkdir and rename; try again.
        if (code === 'ENOENT' && attempt < 5) continue;
        if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'EISDIR') {
          throw new AppError('CONFLICT', 'Storage key clashes with an existing object: one key cannot be both an object and a folder.');
        }
        throw err;
      }
    }
  }

  private async readContentType(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(this.metaPath(key), 'utf8')) as Partial<Meta>;
      return typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_CONTENT_TYPE;
    } catch {
      // Missing or torn metadata (crash between the two renames) must not hide the object.
      return DEFAULT_CONTENT_TYPE;
    }
  }

  /** Removes now-empty directories from `dir` up to (not including) `base`. */
  private async prune(dir: string, base: string): Promise<void> {
    for (let current = dir; current.startsWith(base + path.sep); current = path.dirname(current)) {
      try {
        await rmdir(current);
      } catch {
        return; // not empty (or already gone): stop climbing
      }
    }
  }

  private async *walk(dir: string, dirKey: string, prefix: string): AsyncGenerator<StoredObject> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (MISSING.has(errno(err) ?? '')) return;
      throw err;
    }
    entries.sort(byKeyOrder);
    for (const entry of entries) {
      const key = dirKey ? `${dirKey}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) {
          yield* this.walk(path.join(dir, entry.name), key, prefix);
        }
      } else if (entry.isFile() && key.startsWith(prefix) && isSafeKey(key)) {
        const object = await this.head(key); // null if deleted since readdir
        if (object) yield object;
      }
    }
  }
}

/** A rename, or a copy and delete when the file is on another file system (DATA_DIR/tmp vs. a mounted TMPDIR). */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if (errno(err) !== 'EXDEV') throw err;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}
