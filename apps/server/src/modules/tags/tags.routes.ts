import contentDisposition from 'content-disposition';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createLiveTagBody, createTagBody, tag, TAG_IMPORT_MAX_BYTES, tagExportQuery, tagFilter, tagImportResult, tagList, updateTagBody } from '@app/contracts/film';
import { AppError } from '../../errors';
import { requireSignedIn } from '../../plugins/auth';
import type { TagFileFormat, TagsService } from './tags.service';

// Unknown keys and ids are a 404 of the service, not a 400: the path is not a form.
const segment = z.string().trim().min(1).max(100);
const keyParams = z.object({ key: segment });
const idParams = z.object({ id: segment });

/** The file types an import takes, each read as text. */
const IMPORT_TYPES: Record<string, TagFileFormat> = { 'application/xml': 'xml', 'text/xml': 'xml', 'text/csv': 'csv' };
/** `Content-Disposition: attachment` with the name as it is (RFC 5987) and in plain ASCII for older clients. */
const attachment = (name: string) =>
  contentDisposition(name, { fallback: name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_') });

export const IMPORT_TOO_LARGE = `A tag file is at most ${TAG_IMPORT_MAX_BYTES / 1024 / 1024} MB.`;

/** Film-study tags of a video or a live game: list, press, change, delete, export and import. */
export const tagsRoutes: FastifyPluginAsyncZod<{ tags: TagsService }> = async (app, { tags }) => {
  requireSignedIn(app);

  app.get(
    '/api/user/videos/:key/tags',
    { config: { updatesPosition: true }, schema: { params: keyParams, querystring: tagFilter, response: { 200: tagList } } },
    async (request) => tags.listOfVideo(request.caller, request.params.key, request.query),
  );

  app.post(
    '/api/user/videos/:key/tags',
    { schema: { params: keyParams, body: createTagBody, response: { 200: tag, 201: tag } } },
    async (request, reply) => {
      const { created, tag } = await tags.pressOnVideo(request.caller, request.params.key, request.body);
      return reply.status(created ? 201 : 200).send(tag);
    },
  );

  app.get(
    '/api/live/:key/tags',
    { config: { updatesPosition: true }, schema: { params: keyParams, querystring: tagFilter, response: { 200: tagList } } },
    async (request) => tags.listOfGame(request.caller, request.params.key, request.query),
  );

  app.post(
    '/api/live/:key/tags',
    { schema: { params: keyParams, body: createLiveTagBody, response: { 200: tag, 201: tag } } },
    async (request, reply) => {
      const { created, tag } = await tags.pressOnGame(request.caller, request.params.key, request.body);
      return reply.status(created ? 201 : 200).send(tag);
    },
  );

  app.put('/api/user/tags/:id', { schema: { params: idParams, body: updateTagBody, response: { 200: tag } } }, async (request) =>
    tags.update(request.caller, request.params.id, request.body),
  );

  app.delete('/api/user/tags/:id', { schema: { params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await tags.remove(request.caller, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/api/user/videos/:key/tags/export', { schema: { params: keyParams, querystring: tagExportQuery } }, async (request, reply) => {
    const file = await tags.exportFile(request.caller, request.params.key, request.query.format);
    return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).send(file.body);
  });

  // The import takes a file as its body, not JSON: Sportscode XML or CSV, as text, at most TAG_IMPORT_MAX_BYTES
  // (a longer body is refused from its Content-Length, or as soon as it has sent that much).
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(Object.keys(IMPORT_TYPES), { parseAs: 'string', bodyLimit: TAG_IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((err: FastifyError) => {
      throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new AppError('PAYLOAD_TOO_LARGE', IMPORT_TOO_LARGE) : err;
    });
    scope.post(
      '/api/user/videos/:key/tags/import',
      { bodyLimit: TAG_IMPORT_MAX_BYTES, schema: { params: keyParams, consumes: Object.keys(IMPORT_TYPES), body: z.string(), response: { 201: tagImportResult } } },
      async (request, reply) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        const result = await tags.importFile(request.caller, request.params.key, IMPORT_TYPES[type]!, request.body);
        return reply.status(201).send(result);
      },
    );
  });
};
