import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberCard, memberParams, otherUserQuery, otherUserResponse, verifyMeasurablesBody } from '@app/contracts/profiles';
import { requireSignedIn, type SignedInCaller } from '../../plugins/auth';
import type { ProfilesService } from './profiles.service';

export interface ProfilesRoutesOptions {
  profiles: ProfilesService;
}

/** E-mail lookups one user may make per hour: enough to invite a roster, too few to test a list of addresses. */
export const EMAIL_LOOKUPS_PER_HOUR = 30;

/** `GET /api/user/other`: a member's card, or a team owner's lookup by e-mail; the coach's verification of measurables. */
export const profilesRoutes: FastifyPluginAsyncZod<ProfilesRoutesOptions> = async (app, { profiles }) => {
  requireSignedIn(app);

  // Counted per signed-in user (after sign-in, as a preHandler), and only the e-mail lookups.
  const emailLimit = {
    rateLimit: {
      max: EMAIL_LOOKUPS_PER_HOUR,
      timeWindow: '1 hour',
      hook: 'preHandler' as const,
      keyGenerator: (request: { caller?: SignedInCaller }) => `user-email-lookup|${request.caller?.tenantId}|${request.caller?.identityUserId}`,
      allowList: (request: { query: unknown }) => (request.query as { email?: string }).email === undefined,
    },
  };

  app.get('/api/user/other', { schema: { querystring: otherUserQuery, response: { 200: otherUserResponse } }, config: emailLimit }, async (request) => {
    const { username, email, images, team } = request.query;
    if (email !== undefined) return profiles.inviteLookup(request.caller, email);
    return profiles.card(request.caller, username!, { images: images === 'true', team: team === 'true' });
  });

  app.put(
    '/api/team/members/:username/verified',
    { schema: { params: memberParams, body: verifyMeasurablesBody, response: { 200: memberCard } } },
    async (request) => profiles.verify(request.caller, request.params.username, request.body),
  );
};
