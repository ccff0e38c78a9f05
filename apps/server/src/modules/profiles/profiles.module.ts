import type { FastifyInstance } from 'fastify';
import type { ModuleBase } from '../../module-base';
import { taggedRoutes } from '../../plugins/api-docs';
import { profilesRoutes } from './profiles.routes';
import { createProfilesService, type ProfilesServiceDeps } from './profiles.service';

/** Members' cards and the owner's lookup of someone to invite (`/api/user/other`, ...). */
export async function registerProfiles(app: FastifyInstance, { users, teams, images }: ModuleBase & ProfilesServiceDeps): Promise<void> {
  await app.register(taggedRoutes('profiles', profilesRoutes), { profiles: createProfilesService({ users, teams, images }) });
}
