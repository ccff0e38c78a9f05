import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { completeUploadResponse, preuploadBody, preuploadResponse } from '@app/contracts/videos';
import { requireSignedIn } from '../../plugins/auth';
import type { BillingService } from '../billing/billing.service';
import { checkLevel } from '../billing/require-level';
import type { UploadsService } from './uploads.service';

export interface UploadsRoutesOptions {
  billing: BillingService;
  uploads: UploadsService;
}

// Unknown keys are a 404 of the service, not a 400: the path is not a form.
const keyParams = z.object({ key: z.string().max(100) });

/** Team and athlete subscriptions record or upload videos. */
const UPLOAD_LEVELS = ['athlete', 'team'] as const;

/** `POST /api/user/preupload` and its completion; the bytes go to the returned URL. */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (app, { billing, uploads }) => {
  requireSignedIn(app);

  app.post(
    '/api/user/preupload',
    { schema: { body: preuploadBody, response: { 201: preuploadResponse } } },
    async (request, reply) => {
      await checkLevel({ billing }, request, UPLOAD_LEVELS);
      const body = await uploads.preupload(request.caller, request.body);
      return reply.status(201).send(body);
    },
  );

  // No level check: the upload was authorized at preupload, and a lapsed trial must not strand bytes already sent.
  app.post(
    '/api/user/preupload/:key/complete',
    { schema: { params: keyParams, response: { 200: completeUploadResponse, 201: completeUploadResponse, 202: completeUploadResponse } } },
    async (request, reply) => {
      const { created, body } = await uploads.complete(request.caller, request.params.key);
      // An image still being processed when the wait ran out: follow it at GET /api/user/images/{key}.
      if (body.image?.status === 'processing') return reply.status(202).send(body);
      return reply.status(created ? 201 : 200).send(body);
    },
  );
};
