import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codeWindow, putCodesBody } from '@app/contracts/film';
import { requireSignedIn } from '../../plugins/auth';
import type { CodesService } from './codes.service';

/** The active team's code window: its tag buttons and the members' names as labels. */
export const codesRoutes: FastifyPluginAsyncZod<{ codes: CodesService }> = async (app, { codes }) => {
  requireSignedIn(app);

  app.get('/api/team/codes', { schema: { response: { 200: codeWindow } } }, async (request) => codes.get(request.caller));

  app.put('/api/team/codes', { schema: { body: putCodesBody, response: { 200: codeWindow } } }, async (request) => codes.put(request.caller, request.body));
};
