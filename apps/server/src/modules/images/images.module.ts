import type { FastifyInstance } from 'fastify';
import { LOGO_OWNER_ONLY } from '@app/contracts/profiles';
import type { NotificationListener } from '../../db/notification-listener';
import type { ModuleBase } from '../../module-base';
import { taggedRoutes } from '../../plugins/api-docs';
import { createImagesRepo } from './images.repo';
import { imagesRoutes } from './images.routes';
import { createImagesService, type ImageOwner, type ImageOwners, type ImagesService } from './images.service';

export interface ImagesModuleDeps extends ModuleBase {
  users: ImageOwners;
  /** A team logo belongs to the team its uploader owns (the teams service fits it). */
  teams: { ownedChannel(user: ImageOwner, ownerUsername: string, name: string, refusal: string): Promise<{ id: number }> };
  /** The node's LISTEN connection: a completing upload waits on it for its image's job. */
  dbListener: Pick<NotificationListener, 'on' | 'onListening'>;
}

/** Profile images and team logos (`/api/user/images`, `/api/images/...`), processed by the `process-image` job. */
export async function registerImages(app: FastifyInstance, { runtime, users, teams, dbListener }: ImagesModuleDeps): Promise<ImagesService> {
  const images = createImagesService({
    db: runtime.db,
    repo: createImagesRepo(runtime.db),
    storage: runtime.storage,
    jobs: runtime.jobs,
    events: runtime.events,
    users,
    ownedTeam: async (user) => (await teams.ownedChannel(user, user.username, 'main', LOGO_OWNER_ONLY)).id,
    notifications: dbListener,
  });
  await app.register(taggedRoutes('images', imagesRoutes), { images });
  return images;
}
