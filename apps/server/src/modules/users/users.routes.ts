import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileMe } from '@app/contracts/profiles';
import { createUserMeBody, updateUserMeBody, userMe } from '@app/contracts/user-me';
import { requireSignedIn } from '../../plugins/auth';
import type { Identity } from '../identity/identity';
import type { ImagesService } from '../images/images.service';
import { toProfileMe, toUserMe, type UsersService } from './users.service';

export interface UsersRoutesOptions {
  identity: Identity;
  users: UsersService;
  images: Pick<ImagesService, 'readyOf'>;
}

/** `GET/POST/PUT /api/user/me`; GET and PUT answer the record with the ready images and the age. */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { identity, users, images }) => {
  requireSignedIn(app, { identity, users });

  app.get('/api/user/me', { schema: { response: { 200: profileMe } } }, async (request) => {
    const row = await users.getOrCreate(request.caller);
    return toProfileMe(row, request.caller.userUuid, await images.readyOf(row.id));
  });

  app.post('/api/user/me', { schema: { body: createUserMeBody, response: { 200: userMe } } }, async (request) =>
    toUserMe(await users.register(request.caller, request.body), request.caller.userUuid),
  );

  app.put('/api/user/me', { schema: { body: updateUserMeBody, response: { 200: profileMe } } }, async (request) => {
    const row = await users.update(request.caller, request.body);
    return toProfileMe(row, request.caller.userUuid, await images.readyOf(row.id));
  });
};
