// Loads @fastify/compress's route option types (`compress`); erased at runtime.
import type {} from '@fastify/compress';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../errors';
import { hostTenant } from '../../../plugins/auth';
import { parseRangeHeader } from '../../../storage/byte-range';
import type { Storage } from '../../../storage/storage';
import type { PlaybackService } from './playback.service';

export interface PlaybackRoutesOptions {
  playback: PlaybackService;
  storage: Storage;
}

/** A presigned S3 GET for one segment: hls.js follows it at once. */
const SEGMENT_URL_SECONDS = 60;

const keyParams = z.object({ key: z.string().max(100) });
// Anything malformed is not a segment of ours: 404 like an unknown seq, not a form error.
const segmentParams = keyParams.extend({ pathToken: z.string().max(100), rendition: z.string().max(20), file: z.string().max(30) });
const wholeNumber = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number.`)
    .transform(Number)
    .optional();
const playlistQuery = z.object({
  token: z.string().max(1000).optional(),
  _HLS_msn: wholeNumber('_HLS_msn'),
  // We write no partial segments; a client that asks for one gets the whole segment.
  _HLS_part: wholeNumber('_HLS_part'),
  _HLS_skip: z.enum(['YES', 'v2'], { message: "_HLS_skip must be 'YES' or 'v2'." }).optional(),
});

/**
 * Live and archive playback, not by sign-in: the playlist is the viewer's own (their playback token in the
 * query: hls.js cannot add our Bearer header to every request) and writes the game's path token into the
 * segment URIs, so every viewer asks for the same segment URLs and a cache in front serves each once.
 */
export const playbackRoutes: FastifyPluginAsyncZod<PlaybackRoutesOptions> = async (app, { playback, storage }) => {
  app.addHook('onClose', () => playback.close());

  app.get(
    '/api/live/:key/index.m3u8',
    {
      schema: { params: keyParams, querystring: playlistQuery },
      // A full 3-hour playlist is 1.7 MB of near-identical lines: 33 KB gzipped, 14 KB with brotli at
      // the plugin's quality 4 in about the same time (~8 ms). Delta updates are ~1 KB anyway.
      compress: { customTypes: /^application\/vnd\.apple\.mpegurl/, encodings: ['br', 'gzip', 'deflate'] },
    },
    async (request, reply) => {
      const { token, _HLS_msn: msn, _HLS_part: part, _HLS_skip: skip } = request.query;
      if (part !== undefined && msn === undefined) throw new AppError('BAD_REQUEST', '_HLS_part requires _HLS_msn.');
      const { text } = await playback.playlist({
        tenantId: hostTenant(request),
        key: request.params.key,
        token,
        msn,
        skip: skip !== undefined,
      });
      // The viewer's own (their token earns it) and new with every segment: no cache may keep or share it.
      return reply.type('application/vnd.apple.mpegurl').header('cache-control', 'private, no-store').send(text);
    },
  );

  app.get(
    '/api/live/:key/a/:pathToken/:rendition/:file',
    { schema: { params: segmentParams }, compress: false },
    async (request, reply) => {
      // Until the segment is found: a refusal (a bad or expired path token) must never be cached.
      reply.header('cache-control', 'no-store');
      const { key, pathToken, rendition, file } = request.params;
      const match = /^(\d{1,9})\.ts$/.exec(file);
      if (!match) throw new AppError('NOT_FOUND', 'Segment not found.');
      const { storageKey } = await playback.segment({ tenantId: hostTenant(request), key, pathToken, rendition, seq: Number(match[1]) });
      if (storage.driver === 's3') {
        const url = await storage.signedGetUrl(storageKey, { expiresInSec: SEGMENT_URL_SECONDS });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      }
      const head = await storage.head(storageKey);
      if (!head) throw new AppError('NOT_FOUND', 'Segment not found.');
      const wanted = parseRangeHeader(request.headers.range, head.size);
      if (wanted.kind === 'unsatisfiable') {
        reply.header('content-range', `bytes */${head.size}`);
        throw new AppError('RANGE_NOT_SATISFIABLE', `The requested range is not satisfiable; the segment has ${head.size} bytes.`);
      }
      const { body, object, range } = await storage.getStream(storageKey, wanted.kind === 'range' ? wanted.range : undefined);
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
      return (
        reply
          .type('video/mp2t')
          // A segment never changes and its URL is every viewer's: any cache may keep and share it.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('accept-ranges', 'bytes')
          .header('content-length', range ? range.end - range.start + 1 : object.size)
          .send(body)
      );
    },
  );
};
