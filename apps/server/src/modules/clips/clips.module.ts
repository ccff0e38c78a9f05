import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import type { Runtime } from '../../runtime';
import { taggedRoutes } from '../../plugins/api-docs';
import type { EventsService } from '../live/events.service';
import type { TeamsService } from '../teams/teams.service';
import type { UsersService } from '../users/users.service';
import type { VideosService } from '../videos/videos.service';
import { createClipsRepo } from './clips.repo';
import { clipsRoutes } from './clips.routes';
import { createClipsService, type ClipReels, type ClipsService } from './clips.service';
import { createLiveClipsService, type LiveClipsService } from './live-clips.service';
import { createSavedClipsRepo } from './saved-clips.repo';

export interface ClipsModuleDeps {
  config: Config;
  runtime: Pick<Runtime, 'db' | 'storage' | 'jobs'>;
  users: UsersService;
  teams: TeamsService;
  videos: VideosService;
  liveEvents: EventsService;
  /** The reels module's side of each clip: its own reel, and the exports that play it. */
  reels: ClipReels;
}

/** Clips of videos and of live games. */
export async function registerClips(
  app: FastifyInstance,
  { config, runtime, users, teams, videos, liveEvents, reels }: ClipsModuleDeps,
): Promise<{ clips: ClipsService; liveClips: LiveClipsService }> {
  const { db, storage, jobs } = runtime;
  const clips = createClipsService({ repo: createClipsRepo(db), saved: createSavedClipsRepo(db), db, storage, jobs, users, teams, videos, liveEvents, reels });
  const liveClips = createLiveClipsService({ db, storage, dataDir: config.dataDir, events: liveEvents, reels });
  await app.register(taggedRoutes('clips', clipsRoutes), { clips, liveClips });
  return { clips, liveClips };
}

/**
 * What the clips module hears of other modules, once per process: a deleted video's clips go in its
 * transaction (their files are under the video's objects), and so do the exports of reels that play
 * them, whose files go once the delete has committed.
 */
export function subscribeClips(events: Pick<DomainEvents, 'on'>, { db, reels }: { db: Db; reels: Pick<ClipReels, 'clipsDeleted'> }): void {
  const repo = createClipsRepo(db);
  events.on('video.deleted', async (tx, video) => {
    video.afterCommit(await reels.clipsDeleted(tx, await repo.idsOfVideo(tx, video.tenantId, video.id)));
    await repo.deleteOfVideo(tx, video.tenantId, video.id);
  });
}
