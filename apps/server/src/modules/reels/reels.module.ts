import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Runtime } from '../../runtime';
import { taggedRoutes } from '../../plugins/api-docs';
import type { ClipReels, ClipsService } from '../clips/clips.service';
import type { TeamsService } from '../teams/teams.service';
import type { UsersService } from '../users/users.service';
import type { VideosService } from '../videos/videos.service';
import { createClipReels } from './clip-reels';
import { createReelExportsRepo } from './reel-exports.repo';
import { createReelsRepo } from './reels.repo';
import { reelsRoutes } from './reels.routes';
import { createReelsService, type ReelsService } from './reels.service';

export interface ReelsModuleDeps {
  config: Config;
  runtime: Pick<Runtime, 'db' | 'storage' | 'jobs'>;
  users: UsersService;
  videos: VideosService;
  teams: TeamsService;
  clips: ClipsService;
}

/**
 * The reels module's side of each clip (clip-reels.ts) on its repositories, for the clips module. The
 * runtime builds it once per process: the clips module's routes and its subscriptions share it.
 */
export const buildClipReels = ({ db, storage }: Pick<Runtime, 'db' | 'storage'>): ClipReels =>
  createClipReels({ reels: createReelsRepo(db), exportRows: createReelExportsRepo(db), storage });

/** Reels of clips, their share links and MP4 exports. */
export async function registerReels(app: FastifyInstance, { config, runtime, users, videos, teams, clips }: ReelsModuleDeps): Promise<ReelsService> {
  const { db, storage, jobs } = runtime;
  const reels = createReelsService({ repo: createReelsRepo(db), exportRows: createReelExportsRepo(db), db, storage, jobs, users, videos, teams, clips });
  await app.register(taggedRoutes('reels', reelsRoutes), { config, reels });
  return reels;
}
