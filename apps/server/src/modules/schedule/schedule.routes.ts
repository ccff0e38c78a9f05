import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createEventResponse } from '@app/contracts/live';
import {
  createScheduleItemBody,
  createScheduleItemResponse,
  rsvpBody,
  rsvpCounts,
  scheduleItemDetail,
  scheduleItemParams,
  scheduleList,
  scheduleMailSettings as scheduleSettings,
  scheduleQuery,
  streamScheduleItemBody,
  updateScheduleItemBody,
} from '@app/contracts/schedule';
import { requireSignedIn } from '../../plugins/auth';
import { replySerialized } from '../../plugins/serialized-reply';
import type { ScheduleService } from './schedule.service';

export interface ScheduleRoutesOptions {
  schedule: ScheduleService;
}

/** The active team's schedule (members; the owner changes it) and the caller's schedule e-mail switch. */
export const scheduleRoutes: FastifyPluginAsyncZod<ScheduleRoutesOptions> = async (app, { schedule }) => {
  requireSignedIn(app);

  // Open pages keep the list and an item current from `GET /api/updates`; the list answers JSON the service may have kept (schedule-pages.ts).
  app.get('/api/team/schedule', { config: { updatesPosition: true }, schema: { querystring: scheduleQuery, response: { 200: scheduleList } } }, async (request, reply) =>
    replySerialized(reply, (serialize) => schedule.listJson(request.caller, request.query, serialize)),
  );

  app.post('/api/team/schedule', { schema: { body: createScheduleItemBody, response: { 201: createScheduleItemResponse } } }, async (request, reply) =>
    reply.status(201).send(await schedule.create(request.caller, request.body)),
  );

  app.get('/api/team/schedule/:id', { config: { updatesPosition: true }, schema: { params: scheduleItemParams, response: { 200: scheduleItemDetail } } }, async (request) =>
    schedule.get(request.caller, request.params.id),
  );

  app.put('/api/team/schedule/:id', { schema: { params: scheduleItemParams, body: updateScheduleItemBody, response: { 200: scheduleItemDetail } } }, async (request) =>
    schedule.update(request.caller, request.params.id, request.body),
  );

  app.delete('/api/team/schedule/:id', { schema: { params: scheduleItemParams, response: { 204: z.null() } } }, async (request, reply) => {
    await schedule.cancel(request.caller, request.params.id);
    return reply.status(204).send(null);
  });

  app.put('/api/team/schedule/:id/rsvp', { schema: { params: scheduleItemParams, body: rsvpBody, response: { 200: rsvpCounts } } }, async (request) =>
    schedule.rsvp(request.caller, request.params.id, request.body),
  );

  app.post('/api/team/schedule/:id/stream', { schema: { params: scheduleItemParams, body: streamScheduleItemBody, response: { 201: createEventResponse } } }, async (request, reply) =>
    reply.status(201).send(await schedule.stream(request.caller, request.params.id, request.body)),
  );

  app.get('/api/user/schedule-settings', { schema: { response: { 200: scheduleSettings } } }, async (request) => schedule.mailSettings(request.caller));

  app.put('/api/user/schedule-settings', { schema: { body: scheduleSettings, response: { 200: scheduleSettings } } }, async (request) =>
    schedule.setMailSettings(request.caller, request.body.reminderEmail),
  );
};
