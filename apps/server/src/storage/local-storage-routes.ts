// Loads @fastify/compress's route option types (`compress`, `decompress`); erased at runtime.
import type {} from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { AppError } from '../errors';
import { payloadTooLarge } from './byte-limit';
import { parseRangeHeader, type RangeHeader } from './byte-range';
import { sameContentType } from './content-type';
import { assertSafeKey } from './keys';
import contentDisposition from 'content-disposition';
import { LocalStorage } from './local-storage';
import type { LocalGrant } from './local-signature';
import type { Storage, StoredObject } from './storage';

export interface LocalStorageRoutesOptions {
  /** Must be a `LocalStorage`; typed as `Storage` so callers can pass what `createStorage` returns. */
  storage: Storage;
}

/** The key is the raw path after the mount prefix, decoded once, so `%2e%2e` is checked like `..`. */
function keyFrom(request: FastifyRequest, prefix: string): string {
  const rawPath = (request.raw.url ?? '').split('?', 1)[0] ?? '';
  if (!rawPath.startsWith(`${prefix}/`)) throw new AppError('BAD_REQUEST', 'Storage URL is malformed.');
  let key: string;
  try {
    key = decodeURIComponent(rawPath.slice(prefix.length + 1));
  } catch {
    throw new AppError('BAD_REQUEST', 'Storage URL is not valid percent-encoding.');
  }
  assertSafeKey(key);
  return key;
}

function etagOf(object: StoredObject): string {
  return `"${object.size.toString(16)}-${object.lastModified.getTime().toString(16)}"`;
}

/** `If-Range` (RFC 9110 13.1.5): serve the range only if the client's copy is still current. */
function rangeFor(request: FastifyRequest, object: StoredObject): RangeHeader {
  const parsed = parseRangeHeader(request.headers.range, object.size);
  const ifRange = request.headers['if-range'];
  if (parsed.kind === 'none' || !ifRange) return parsed;
  const current = ifRange === etagOf(object) || ifRange === object.lastModified.toUTCString();
  return current ? parsed : { kind: 'none' };
}

function setObjectHeaders(reply: FastifyReply, object: StoredObject, grant: LocalGrant): void {
  const remaining = Math.max(0, grant.expires - Math.floor(Date.now() / 1000));
  reply
    .header('content-type', object.contentType)
    .header('accept-ranges', 'bytes')
    // private: the URL is a capability; no shared cache may hand it to someone else after expiry.
    .header('cache-control', `private, max-age=${remaining}`)
    .header('etag', etagOf(object))
    .header('last-modified', object.lastModified.toUTCString())
    .header('x-content-type-options', 'nosniff')
    // Served from our own origin: uploaded HTML or SVG opened directly must not run script.
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (grant.downloadName !== undefined) reply.header('content-disposition', contentDisposition(grant.downloadName));
}

function unsatisfiable(reply: FastifyReply, size: number): AppError {
  reply.header('content-range', `bytes */${size}`);
  return new AppError('RANGE_NOT_SATISFIABLE', `The requested range is not satisfiable; the object has ${size} bytes.`);
}

/**
 * Serves the local driver's signed URLs: `PUT|GET|HEAD <prefix>/<key>?X-...`.
 * Register encapsulated (no fastify-plugin) with `{ storage, prefix: '/storage' }`: the body
 * parsers removed here must stay removed only for these routes.
 *
 * Several ranges in one `Range` header are answered with 200 and the whole object (allowed by
 * RFC 9110; players ask for one range) rather than multipart/byteranges.
 */
export async function localStorageRoutes(app: FastifyInstance, options: LocalStorageRoutesOptions): Promise<void> {
  const { storage } = options;
  if (!(storage instanceof LocalStorage)) {
    throw new Error('localStorageRoutes serves the local storage driver only.');
  }
  if (app.prefix !== storage.routePrefix) {
    throw new Error(`localStorageRoutes must be registered with prefix '${storage.routePrefix}' (the prefix in its signed URLs), got '${app.prefix}'.`);
  }

  // Uploads are streamed from request.raw to disk: no parser may read (or size-limit) the body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.put('/*', { compress: false, decompress: false }, async (request, reply) => {
    const key = keyFrom(request, app.prefix);
    const grant = storage.verify({ method: request.method, key, query: request.query as Record<string, unknown> });
    const signedType = grant.contentType ?? '';
    const contentType = request.headers['content-type'];
    if (!contentType || !sameContentType(contentType, signedType)) {
      throw new AppError('INVALID_SIGNATURE', `This upload link requires Content-Type ${signedType}.`);
    }

    const lengthHeader = request.headers['content-length'];
    const declared = lengthHeader === undefined ? undefined : Number(lengthHeader);
    if (grant.maxBytes !== undefined && declared !== undefined && declared > grant.maxBytes) {
      // Refused before reading; closing the connection spares us the rest of the body.
      reply.header('connection', 'close');
      throw payloadTooLarge(grant.maxBytes);
    }
    if (grant.contentLength !== undefined) {
      if (declared === undefined) throw new AppError('BAD_REQUEST', 'This upload link requires a Content-Length header.', 411);
      if (declared !== grant.contentLength) {
        reply.header('connection', 'close');
        throw new AppError('INVALID_SIGNATURE', `This upload link requires exactly ${grant.contentLength} bytes.`);
      }
    }
    const limit = Math.min(grant.maxBytes ?? Number.POSITIVE_INFINITY, grant.contentLength ?? Number.POSITIVE_INFINITY);

    // Via a PassThrough, so a failed put (too large) destroys only our side and the 413 can still be sent.
    const raw = request.raw;
    const body = new PassThrough();
    const onClose = () => {
      if (!raw.complete) body.destroy(new AppError('BAD_REQUEST', 'The upload was interrupted.'));
    };
    raw.once('close', onClose);
    raw.pipe(body);
    try {
      const signature = String((request.query as Record<string, unknown>)['X-Signature']);
      const object = await storage.putOnce({ signature, expires: grant.expires }, key, body, {
        contentType: signedType,
        ...(Number.isFinite(limit) ? { maxBytes: limit } : {}),
      });
      return reply.code(200).send({ key: object.key, size: object.size, contentType: object.contentType });
    } catch (err) {
      raw.unpipe(body);
      reply.header('connection', 'close');
      throw err;
    } finally {
      raw.off('close', onClose);
    }
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    exposeHeadRoute: false,
    compress: false,
    decompress: false,
    handler: async (request, reply) => {
      const key = keyFrom(request, app.prefix);
      const grant = storage.verify({ method: request.method, key, query: request.query as Record<string, unknown> });
      const head = await storage.head(key);
      if (!head) throw new AppError('NOT_FOUND', 'File not found.');

      const wanted = rangeFor(request, head);
      if (wanted.kind === 'unsatisfiable') throw unsatisfiable(reply, head.size);
      const range = wanted.kind === 'range' ? wanted.range : undefined;

      if (request.method === 'HEAD') {
        setObjectHeaders(reply, head, grant);
        if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${head.size}`);
        reply.header('content-length', range ? range.end - range.start + 1 : head.size);
        return reply.send();
      }

      // Headers come from the opened file, not the earlier head(), in case it was replaced in between.
      let opened;
      try {
        opened = await storage.getStream(key, range);
      } catch (err) {
        if (err instanceof AppError && err.code === 'RANGE_NOT_SATISFIABLE') throw unsatisfiable(reply, (await storage.head(key))?.size ?? 0);
        throw err;
      }
      const { body, object, range: served } = opened;
      setObjectHeaders(reply, object, grant);
      if (served) reply.code(206).header('content-range', `bytes ${served.start}-${served.end}/${object.size}`);
      reply.header('content-length', served ? served.end - served.start + 1 : object.size);
      return reply.send(body);
    },
  });
}
