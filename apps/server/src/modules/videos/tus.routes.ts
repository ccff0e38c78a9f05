// Loads @fastify/compress's route option types (`compress`, `decompress`); erased at runtime.
import type {} from '@fastify/compress';
import { TUS_ENDPOINT, TUS_UPLOAD_KEY_METADATA } from '@app/contracts/videos';
import { Server, TUS_RESUMABLE, type ServerOptions } from '@tus/server';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { isDatabaseUnavailable } from '../../db/database-unavailable';
import { AppError } from '../../errors';
import { authenticateCaller } from '../../plugins/auth';
import { isDiskFull, toErrorBody } from '../../plugins/errors';
import { isSafeKey } from '../../storage/keys';
import type { Caller } from '../../caller';
import type { TusStore } from './tus-store';
import type { UploadRow } from './uploads.repo';
import { tooLarge, type UploadsService } from './uploads.service';

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];

/** What the Fastify route learned about a request before handing it to tus: who sends it, and which upload. */
interface RequestContext {
  caller: Caller;
  upload?: UploadRow;
}

/** The tus server, and how the route tells it who sent a request (tus hooks see only tus's own request object). */
export interface TusEndpoint {
  server: Server;
  enter(raw: IncomingMessage, caller: Caller): void;
}

/** Ids are storage keys (with '/'), carried in the URL as one base64url segment. */
const encodeId = (id: string) => Buffer.from(id, 'utf8').toString('base64url');
function decodeId(segment: string | undefined): string | undefined {
  if (!segment || !/^[A-Za-z0-9_-]+$/.test(segment)) return undefined;
  const id = Buffer.from(segment, 'base64url').toString('utf8');
  return isSafeKey(id) ? id : undefined;
}

/** tus answers errors itself; ours get the API's JSON body `{ statusCode, code, error, message }`. */
function errorResponse(err: unknown, maxBytes: number, log: FastifyBaseLogger): { status_code: number; body: string } {
  if (err instanceof AppError) return { status_code: err.statusCode, body: JSON.stringify(toErrorBody(err)) };
  if (isDatabaseUnavailable(err)) return { status_code: 503, body: JSON.stringify(toErrorBody(err as Error)) };
  if (isDiskFull(err)) {
    log.error({ err }, 'resumable upload failed: the disk is full');
    return { status_code: 507, body: JSON.stringify(toErrorBody(err as Error)) };
  }
  const tusError = err as { status_code?: number; body?: string };
  if (typeof tusError.status_code === 'number') {
    const status = tusError.status_code;
    if (status === 413) return errorResponse(tooLarge(maxBytes), maxBytes, log);
    const code = status === 404 || status === 410 ? 'NOT_FOUND' : status === 409 ? 'CONFLICT' : status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
    const message = (tusError.body ?? '').trim() || 'The upload request was refused.';
    return { status_code: status, body: JSON.stringify(toErrorBody(new AppError(code, message, status))) };
  }
  log.error({ err }, 'resumable upload failed');
  return { status_code: 500, body: JSON.stringify(toErrorBody(new AppError('INTERNAL', 'Something went wrong on our side. Please try again.'))) };
}

/**
 * The tus 1.0 server for resumable uploads (creation, HEAD, PATCH, termination). Every request
 * is authenticated by the route; the hooks check that the upload is a tus preupload of the same
 * user and tenant. The bytes stream from the socket to the store; nothing buffers a whole file.
 */
export function createTusServer(deps: { uploads: UploadsService; store: TusStore; uploadMaxBytes: number; log: FastifyBaseLogger }): TusEndpoint {
  const { uploads, store, uploadMaxBytes, log } = deps;
  const contexts = new WeakMap<IncomingMessage, RequestContext>();

  function contextOf(req: TusRequest): RequestContext {
    const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const context = node ? contexts.get(node) : undefined;
    // The route authenticates every request before tus runs; reaching here without it is a bug.
    if (!context) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
    return context;
  }

  const server = new Server({
    path: TUS_ENDPOINT,
    datastore: store.datastore,
    maxSize: uploadMaxBytes,
    // Same-origin only: no Access-Control-Allow-Origin header (tus would send '*' by default).
    allowedOrigins: [],
    // A finished upload is a video's source now; terminating it would delete the original.
    disableTerminationForFinishedUploads: true,
    async namingFunction(req, metadata) {
      const context = contextOf(req);
      context.upload = await uploads.tusCreation(context.caller, metadata?.[TUS_UPLOAD_KEY_METADATA]);
      return context.upload.storageKey;
    },
    // Relative, so the client follows it on the host it already talks to (tenants are per host).
    generateUrl: (_req, { path, id }) => `${path}/${encodeId(id)}`,
    getFileIdFromRequest: (_req, lastPath) => decodeId(lastPath),
    async onIncomingRequest(req, id) {
      const context = contextOf(req);
      if (req.method === 'POST') return; // checked by namingFunction
      context.upload = await uploads.tusRequest(context.caller, id, req.method);
    },
    async onUploadCreate(req, upload) {
      const row = contextOf(req).upload!;
      await uploads.tusCreated(row, upload.sizeIsDeferred ? undefined : upload.size);
      // `contentType` is what the S3 store sets on the object: the type signed at preupload, not the client's say.
      return { metadata: { ...upload.metadata, contentType: row.contentType } };
    },
    async onUploadFinish(req, upload) {
      await uploads.tusFinished(contextOf(req).upload!, upload);
      return {};
    },
    onResponseError: (_req, err) => errorResponse(err, uploadMaxBytes, log),
  });
  return { server, enter: (raw, caller) => contexts.set(raw, { caller }) };
}

/**
 * Mounts the tus server at TUS_ENDPOINT. Register encapsulated (no fastify-plugin): the body
 * parsers removed here must stay removed only for these routes, since tus reads the raw stream.
 */
export const tusRoutes: FastifyPluginAsync<{ uploads: UploadsService; tus: TusEndpoint }> = async (
  app,
  { uploads, tus },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // OPTIONS only describes the server (a CORS preflight carries no token).
    if (request.method !== 'OPTIONS') {
      const caller = await authenticateCaller(request);
      const id = request.method === 'HEAD' ? decodeId((request.params as { id?: string }).id) : undefined;
      const finishedSize = id ? await uploads.tusFinishedSize(caller, id) : null;
      if (finishedSize !== null) {
        // Its tus state is gone once the bytes are in storage; a client resuming after a lost final
        // response must still learn that everything arrived.
        return reply
          .header('tus-resumable', TUS_RESUMABLE)
          .header('upload-offset', String(finishedSize))
          .header('upload-length', String(finishedSize))
          .header('cache-control', 'no-store')
          .send();
      }
      tus.enter(request.raw, caller);
    }
    reply.hijack();
    await tus.server.handle(request.raw, reply.raw);
  };

  const options = { exposeHeadRoute: false, compress: false as const, decompress: false as const, handler };
  for (const url of [TUS_ENDPOINT, `${TUS_ENDPOINT}/:id`]) {
    app.route({ method: ['POST', 'HEAD', 'PATCH', 'DELETE'], url, config: { bearer: true }, ...options });
    app.route({ method: 'OPTIONS', url, ...options });
  }
};
