import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteImageResponse, imageParams, userImage } from '@app/contracts/profiles';
import { hostTenant, requireSignedIn } from '../../plugins/auth';
import { IMAGE_REDIRECT_MAX_AGE, type ImagesService } from './images.service';

export interface ImagesRoutesOptions {
  images: ImagesService;
}

// Unknown ids and sizes are a 404 of the service, not a 400: the path is not a form.
const sizeParams = z.object({ id: z.string().max(100), file: z.string().max(20) });

/** A user's images (following one being processed, deleting one) and the stable addresses of their sizes. */
export const imagesRoutes: FastifyPluginAsyncZod<ImagesRoutesOptions> = async (app, { images }) => {
  requireSignedIn(app);

  app.get('/api/user/images/:id', { schema: { params: imageParams, response: { 200: userImage } } }, async (request) =>
    images.get(request.caller, request.params.id),
  );

  app.delete('/api/user/images/:id', { schema: { params: imageParams, response: { 204: deleteImageResponse } } }, async (request, reply) => {
    await images.remove(request.caller, request.params.id);
    return reply.status(204).send(null);
  });

  // `<img src>` sends no Authorization header: the address itself is the key (see signedSize).
  app.get('/api/images/:id/:file', { schema: { params: sizeParams }, config: { public: true } }, async (request, reply) => {
    const size = /^(\d{1,5})\.webp$/.exec(request.params.file)?.[1] ?? '';
    const url = await images.signedSize(hostTenant(request), request.params.id, size);
    return reply.header('cache-control', `private, max-age=${IMAGE_REDIRECT_MAX_AGE}`).redirect(url, 302);
  });
};
