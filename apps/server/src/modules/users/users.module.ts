import type { FastifyInstance } from 'fastify';
import type { DomainEvents } from '../../domain-events';
import type { ModuleBase } from '../../module-base';
import type { Runtime } from '../../runtime';
import { taggedRoutes } from '../../plugins/api-docs';
import { createProductUsersRepo, setUserImage } from './product-users.repo';
import { usersRoutes } from './users.routes';
import { createUsersService, type UsersService } from './users.service';

/** The product user record (`/api/user/me`); its service is who the signed-in context reads. */
export async function registerUsers(app: FastifyInstance, { runtime }: ModuleBase): Promise<UsersService> {
  const users = createUsers(runtime);
  await app.register(taggedRoutes('users', usersRoutes), { users });
  return users;
}

/** The users service on its repository (tests build one beside the app's). */
export const createUsers = ({ db, identity }: Pick<Runtime, 'db' | 'identity'>): UsersService => createUsersService({ repo: createProductUsersRepo(db), identity });

/** A user's picture follows their avatar, in the image's transaction (the app's and the workers'). */
export function subscribeUsers(events: Pick<DomainEvents, 'on'>): void {
  events.on('image.avatar-changed', (tx, { userId, image, replacing }) => setUserImage(tx, userId, image, replacing));
}
