import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import type { JobContext } from '../../job-context';
import type { Runtime } from '../../runtime';
import { taggedRoutes } from '../../plugins/api-docs';
import type { OnCheer } from '../live/auto-highlights';
import type { EventsService } from '../live/events.service';
import type { TeamsService } from '../teams/teams.service';
import type { UsersService } from '../users/users.service';
import type { VideosService } from '../videos/videos.service';
import { createClipsRepo } from './clips.repo';
import { clipsRoutes } from './clips.routes';
import { createClipsService, type ClipReels, type ClipsService } from './clips.service';
import { createLiveClip, createLiveClipsService, finishLiveClip, type LiveClipDeps } from './live-clips.service';
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
): Promise<ClipsService> {
  const { db, storage, jobs } = runtime;
  const repo = createClipsRepo(db);
  const clips = createClipsService({ repo, saved: createSavedClipsRepo(db), db, storage, jobs, users, teams, videos, liveEvents, reels });
  const liveClips = createLiveClipsService({ db, repo, storage, dataDir: config.dataDir, events: liveEvents, reels });
  await app.register(taggedRoutes('clips', clipsRoutes), { clips, liveClips });
  return clips;
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

/**
 * The clip of each cheer the live module's auto highlights find, in the event owner's name: main.ts hands
 * it to the auto highlights of the ingest it starts (the live module never imports clips).
 */
export function createCheerClips({ db, storage, dataDir, reels }: Omit<LiveClipDeps, 'repo'>): OnCheer {
  const deps = { db, repo: createClipsRepo(db), storage, dataDir, reels };
  return async (cheer) => ({ clipId: (await createLiveClip({ ...cheer, cheer: true }, deps))._id });
}

/** The `finish-live-clip` job's work on its repository (the job, defined in reels, hands it the clip reels). */
export function createLiveClipFinish(db: Db, reels: Pick<ClipReels, 'lengthChanged'>): (clipId: string, ctx: JobContext) => Promise<void> {
  const deps = { repo: createClipsRepo(db), reels };
  return (clipId, ctx) => finishLiveClip(clipId, ctx, deps);
}
