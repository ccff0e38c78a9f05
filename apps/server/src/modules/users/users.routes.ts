import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createUserMeBody, updateUserMeBody, userMe, type UserMe } from '@app/contracts/user-me';
import { authenticateForHost } from '../../plugins/auth';
import type { Identity } from '../identity/identity';
import { toCaller, toUserMe, type UsersService } from './users.service';

export interface UsersRoutesOptions {
  identity: Identity;
  users: UsersService;
}

/** `GET/POST/PUT /api/user/me` (spec section 7). */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { identity, users }) => {
  app.get('/api/user/me', { schema: { response: { 200: userMe } } }, async (request): Promise<UserMe> => {
    const auth = await authenticateForHost(identity, request);
    return toUserMe(await users.getOrCreate(toCaller(auth)), auth.userUuid);
  });

  app.post('/api/user/me', { schema: { body: createUserMeBody, response: { 200: userMe } } }, async (request): Promise<UserMe> => {
    const auth = await authenticateForHost(identity, request);
    return toUserMe(await users.register(toCaller(auth), request.body), auth.userUuid);
  });

  app.put('/api/user/me', { schema: { body: updateUserMeBody, response: { 200: userMe } } }, async (request): Promise<UserMe> => {
    const auth = await authenticateForHost(identity, request);
    return toUserMe(await users.update(toCaller(auth), request.body), auth.userUuid);
  });
};
