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
const segmentParams = keyParams.extend({
  // Anything else is not a segment of ours: 404 like an unknown seq, not a form error.
  file: z.string().max(30),
});
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
const segmentQuery = z.object({ token: z.string().max(1000).optional() });

/**
 * Live and archive playback: the playlist and its segments, authorized by the playback
 * token in the query (hls.js cannot add our Bearer header to every request), not by sign-in.
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
      // The playlist changes with every segment and ends as the archive, which a re-opened event may extend.
      return reply.type('application/vnd.apple.mpegurl').header('cache-control', 'no-cache').send(text);
    },
  );

  app.get(
    '/api/live/:key/:file',
    { schema: { params: segmentParams, querystring: segmentQuery }, compress: false },
    async (request, reply) => {
      const match = /^(\d{1,9})\.ts$/.exec(request.params.file);
      if (!match) throw new AppError('NOT_FOUND', 'Segment not found.');
      const { storageKey } = await playback.segment({
        tenantId: hostTenant(request),
        key: request.params.key,
        token: request.query.token,
        seq: Number(match[1]),
      });
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
          // A segment never changes; private: its URL carries a viewer's token.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('accept-ranges', 'bytes')
          .header('content-length', range ? range.end - range.start + 1 : object.size)
          .send(body)
      );
    },
  );
};
