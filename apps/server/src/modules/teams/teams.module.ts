import type { FastifyInstance } from 'fastify';
import { tenantPublicUrl } from '../../config';
import type { ModuleBase } from '../../module-base';
import { taggedRoutes } from '../../plugins/api-docs';
import type { UsersService } from '../users/users.service';
import { createBuddiesRepo } from './buddies.repo';
import { buddiesRoutes } from './buddies.routes';
import { createBuddiesService } from './buddies.service';
import { createInvitesService } from './invites.service';
import { createTeamsRepo } from './teams.repo';
import { teamsRoutes } from './teams.routes';
import { createTeamsService, type TeamsService } from './teams.service';

/** Teams, memberships, invitations and teammates' names (`/api/channel...`, `/api/user/invites`, buddies). */
export async function registerTeams(app: FastifyInstance, { config, runtime, log, users }: ModuleBase & { users: UsersService }): Promise<TeamsService> {
  const { identity } = runtime;
  const repo = createTeamsRepo(runtime.db);
  const teams = createTeamsService({ repo, identity, users, events: runtime.events });
  // Links mailed to a tenant's people point at its own host, the only one they open on.
  const publicUrlOf = (tenantId: string) => tenantPublicUrl(config, tenantId);
  const invites = createInvitesService({ repo, teams, users, identity, mail: runtime.mail.mail, publicUrlOf, log, events: runtime.events });
  await app.register(taggedRoutes('teams', teamsRoutes), { config, teams, invites });
  await app.register(taggedRoutes('teams', buddiesRoutes), { buddies: createBuddiesService({ repo: createBuddiesRepo(runtime.db), teams, users }) });
  return teams;
}
