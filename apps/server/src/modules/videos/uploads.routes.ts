import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { completeUploadResponse, preuploadBody, preuploadResponse } from '@app/contracts/videos';
import { authenticateForHost } from '../../plugins/auth';
import type { BillingService } from '../billing/billing.service';
import { checkLevel } from '../billing/require-level';
import type { Identity } from '../identity/identity';
import { toCaller } from '../users/users.service';
import type { UploadsService } from './uploads.service';

export interface UploadsRoutesOptions {
  identity: Identity;
  billing: BillingService;
  uploads: UploadsService;
}

// Unknown keys are a 404 of the service, not a 400: the path is not a form.
const keyParams = z.object({ key: z.string().max(100) });

/** Spec section 6: team and athlete subscriptions record or upload videos. */
const UPLOAD_LEVELS = ['athlete', 'team'] as const;

/** `POST /api/user/preupload` and its completion (spec section 7); the bytes go to the returned URL. */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (app, { identity, billing, uploads }) => {
  app.post(
    '/api/user/preupload',
    { schema: { body: preuploadBody, response: { 201: preuploadResponse } } },
    async (request, reply) => {
      const { auth } = await checkLevel({ identity, billing }, request, UPLOAD_LEVELS);
      const body = await uploads.preupload(toCaller(auth), request.body);
      return reply.status(201).send(body);
    },
  );

  // No level check: the upload was authorized at preupload, and a lapsed trial must not strand bytes already sent.
  app.post(
    '/api/user/preupload/:key/complete',
    { schema: { params: keyParams, response: { 200: completeUploadResponse, 201: completeUploadResponse } } },
    async (request, reply) => {
      const { created, body } = await uploads.complete(toCaller(await authenticateForHost(identity, request)), request.params.key);
      return reply.status(created ? 201 : 200).send(body);
    },
  );
};
