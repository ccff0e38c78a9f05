import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createUserMeBody, updateUserMeBody, userMe } from '@app/contracts/user-me';
import { requireSignedIn } from '../../plugins/auth';
import type { Identity } from '../identity/identity';
import { toUserMe, type UsersService } from './users.service';

export interface UsersRoutesOptions {
  identity: Identity;
  users: UsersService;
}

/** `GET/POST/PUT /api/user/me`. */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { identity, users }) => {
  requireSignedIn(app, { identity, users });

  app.get('/api/user/me', { schema: { response: { 200: userMe } } }, async (request) =>
    toUserMe(await users.getOrCreate(request.caller), request.caller.userUuid),
  );

  app.post('/api/user/me', { schema: { body: createUserMeBody, response: { 200: userMe } } }, async (request) =>
    toUserMe(await users.register(request.caller, request.body), request.caller.userUuid),
  );

  app.put('/api/user/me', { schema: { body: updateUserMeBody, response: { 200: userMe } } }, async (request) =>
    toUserMe(await users.update(request.caller, request.body), request.caller.userUuid),
  );
};
