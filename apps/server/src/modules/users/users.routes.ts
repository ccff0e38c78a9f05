import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileMe } from '@app/contracts/profiles';
import { createUserMeBody, updateUserMeBody, userMe } from '@app/contracts/user-me';
import { requireSignedIn } from '../../plugins/auth';
import { toProfileMe, toUserMe, type UsersService } from './users.service';

export interface UsersRoutesOptions {
  users: UsersService;
}

/** `GET/POST/PUT /api/user/me`; GET and PUT answer the record with the ready images and the age. */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users }) => {
  await app.register(async (scope) => {
    const registration = scope.withTypeProvider<ZodTypeProvider>();
    requireSignedIn(registration);
    registration.post('/api/user/me', { schema: { body: createUserMeBody, response: { 200: userMe } } }, async (request) =>
      toUserMe(await users.register(request.caller, request.body), request.caller.userUuid),
    );
  });

  // The first read of every page: its sign-in reads the ready images with the session and the user
  // row, in one statement (a user made by this request has none yet).
  await app.register(async (scope) => {
    const me = scope.withTypeProvider<ZodTypeProvider>();
    requireSignedIn(me, { users: { signedIn: users.signedInWithImages } });

    me.get('/api/user/me', { schema: { response: { 200: profileMe } } }, async (request) => {
      const row = await users.getOrCreate(request.caller);
      return toProfileMe(row, request.caller.userUuid, request.caller.images ?? []);
    });

    me.put('/api/user/me', { schema: { body: updateUserMeBody, response: { 200: profileMe } } }, async (request) => {
      const row = await users.update(request.caller, request.body);
      return toProfileMe(row, request.caller.userUuid, request.caller.images ?? []);
    });
  });
};
