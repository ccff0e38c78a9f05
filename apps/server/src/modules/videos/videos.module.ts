import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Runtime } from '../../runtime';
import { taggedRoutes } from '../../plugins/api-docs';
import type { BillingService } from '../billing/billing.service';
import type { ImagesService } from '../images/images.service';
import type { UsersService } from '../users/users.service';
import { createTusStore } from './tus-store';
import { createTusServer, tusRoutes } from './tus.routes';
import { createUploadsRepo } from './uploads.repo';
import { uploadsRoutes } from './uploads.routes';
import { createUploadsService } from './uploads.service';
import { createVideosRepo } from './videos.repo';
import { videosRoutes } from './videos.routes';
import { createVideosService, type VideosService } from './videos.service';

export interface VideosModuleDeps {
  config: Config;
  runtime: Pick<Runtime, 'db' | 'storage' | 'jobs' | 'events'>;
  users: UsersService;
  billing: BillingService;
  /** Image uploads (a `tag`) become profile images there. */
  images: ImagesService;
}

/** The video library and uploads (one signed PUT, or tus). Deleting a video announces `video.deleted`. */
export async function registerVideos(app: FastifyInstance, { config, runtime, users, billing, images }: VideosModuleDeps): Promise<VideosService> {
  const { db, storage, jobs, events } = runtime;
  const repo = createVideosRepo(db);
  const videos = createVideosService({ repo, db, events, storage, jobs, users, billing, dataDir: config.dataDir });
  await app.register(taggedRoutes('videos', videosRoutes), { videos });
  const tusStore = createTusStore(config, storage);
  const uploads = createUploadsService({
    db,
    repo: createUploadsRepo(db),
    videos: repo,
    storage,
    jobs,
    users,
    tus: tusStore,
    images,
    uploadMaxBytes: config.uploadMaxBytes,
  });
  await app.register(taggedRoutes('videos', uploadsRoutes), { billing, uploads });
  const tus = createTusServer({ uploads, store: tusStore, uploadMaxBytes: config.uploadMaxBytes, log: app.log });
  await app.register(taggedRoutes('videos', tusRoutes), { uploads, tus });
  return videos;
}
