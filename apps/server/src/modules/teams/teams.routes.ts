import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  channelResponse,
  createChannelBody,
  createInviteBody,
  inviteMemberBody,
  invitePreview,
  inviteResponse,
  pendingInvites,
  teamResponse,
  teamsResponse,
} from '@app/contracts/teams';
import type { Config } from '../../config';
import { hostTenant, requireSignedIn } from '../../plugins/auth';
import { MAIL_GROUP } from '../../plugins/rate-limit-store';
import type { InvitesService } from './invites.service';
import type { TeamsService } from './teams.service';

export interface TeamsRoutesOptions {
  config: Pick<Config, 'identity'>;
  teams: TeamsService;
  invites: InvitesService;
}

// Unknown owners and channels are a 404 of the service, not a 400: the path is not a form.
const segment = z.string().trim().min(1).max(100);
const teamParams = z.object({ owner: segment, channel: segment });
const memberParams = teamParams.extend({ username: segment });
const tokenParams = z.object({ token: z.string().max(200) });
const inviteParams = teamParams.extend({ id: segment });

/** Teams, memberships and invitations. */
export const teamsRoutes: FastifyPluginAsyncZod<TeamsRoutesOptions> = async (app, { config, teams, invites }) => {
  requireSignedIn(app);
  // Invite links are public secrets: limit guessing like the identity sign-in routes do.
  const tokenLimit = { rateLimit: { max: config.identity.authRateLimit, timeWindow: '1 minute' } };
  // Invites count in the same per-IP mail count as sign-in links and codes; a signed-in team owner may take it
  // to ten times the limit, since a coach invites the whole roster at once (the anonymous routes stop at the limit).
  const inviteLimit = { rateLimit: { max: config.identity.mailRateLimit * 10, timeWindow: '15 minutes', groupId: MAIL_GROUP } };

  app.post(
    '/api/user/channels',
    { schema: { body: createChannelBody, response: { 200: channelResponse, 201: channelResponse } } },
    async (request, reply) => {
      const { created, channel } = await teams.createChannel(request.caller, request.body);
      return reply.status(created ? 201 : 200).send(channel);
    },
  );

  app.get('/api/user/team', { schema: { response: { 200: teamResponse } } }, async (request) => {
    return teams.activeTeam(request.caller);
  });

  app.get('/api/user/teams', { schema: { response: { 200: teamsResponse } } }, async (request) => {
    return teams.teamsOf(request.caller);
  });

  app.put('/api/channel/:owner/:channel/members', { schema: { params: teamParams, response: { 200: teamResponse } } }, async (request) => {
    return teams.join(request.caller, request.params.owner, request.params.channel);
  });

  app.delete(
    '/api/channel/:owner/:channel/members/:username',
    { schema: { params: memberParams, response: { 200: teamResponse } } },
    async (request) => {
      const { owner, channel, username } = request.params;
      return teams.removeMember(request.caller, owner, channel, username);
    },
  );

  app.put(
    '/api/channel/:owner/:channel/invites',
    { schema: { params: teamParams, body: inviteMemberBody, response: { 200: inviteResponse } }, config: inviteLimit },
    async (request) => {
      return invites.invite(request.caller, { ...request.params, member: request.body.member });
    },
  );

  app.get('/api/channel/:owner/:channel/invites', { schema: { params: teamParams, response: { 200: pendingInvites } } }, async (request) => {
    return invites.pending(request.caller, request.params.owner, request.params.channel);
  });

  app.delete('/api/channel/:owner/:channel/invites/:id', { schema: { params: inviteParams, response: { 204: z.null() } } }, async (request, reply) => {
    const { owner, channel, id } = request.params;
    await invites.revoke(request.caller, owner, channel, id);
    return reply.status(204).send(null);
  });

  app.post('/api/user/invites', { schema: { body: createInviteBody, response: { 200: inviteResponse } }, config: inviteLimit }, async (request) => {
    const { email, owner, channel } = request.body;
    return invites.invite(request.caller, { owner, channel, member: email });
  });

  app.get('/api/invites/:token', { schema: { params: tokenParams, response: { 200: invitePreview } }, config: { ...tokenLimit, public: true } }, async (request) =>
    invites.preview(hostTenant(request), request.params.token),
  );

  app.post(
    '/api/invites/:token/accept',
    { schema: { params: tokenParams, response: { 200: teamResponse } }, config: tokenLimit },
    async (request) => {
      return invites.accept(request.caller, request.params.token);
    },
  );
};
