import type { Drawing, DrawingList, drawingBody } from '@app/contracts/film';
import type { Level } from '@app/contracts/levels';
import type { z } from 'zod';
import type { Caller } from '../../caller';
import type { Executor } from '../../db/job-transaction';
import type { DomainEvents } from '../../domain-events';
import { AppError } from '../../errors';
import { isUuid } from '../../uuid';
import type { BillingService } from '../billing/billing.service';
import { recordUpdate } from '../updates/record-update';
import type { VideosService, VisibleVideo } from '../videos/videos.service';
import type { DrawingRow, DrawingsRepo, DrawingWithMaker } from './drawings.repo';

export const DRAWING_NOT_FOUND = 'Drawing not found.';
export const DRAWERS_ONLY = "Only the team's coach and athletes can draw on its videos.";
export const DRAWING_CHANGERS_ONLY = "Only the drawing's maker or the team's owner can change it.";
/** Who draws on a teammate's video: the team's coach and athletes (a fan in the team watches), as for highlights. */
const DRAWING_LEVELS: readonly Level[] = ['athlete', 'team'];

type Body = z.output<typeof drawingBody>;

declare module '../../domain-events' {
  interface DomainEventMap {
    /**
     * A drawing of a video was made, changed or deleted, in that transaction: `at` holds the moments it was
     * and is at (seconds of the video), so what shows it (a reel's MP4) is made again. `afterCommit` takes
     * work for once it has committed (deleting objects, which cannot be rolled back).
     */
    'drawing.changed': { tenantId: string; videoId: string; at: number[]; afterCommit(work: () => Promise<void>): void };
  }
}

export interface DrawingsServiceDeps {
  repo: DrawingsRepo;
  videos: Pick<VideosService, 'visibleVideo'>;
  /** Whether a teammate may draw (their level). */
  billing: Pick<BillingService, 'level'>;
  events: Pick<DomainEvents, 'emit'>;
}

const toDrawing = (row: DrawingWithMaker): Drawing => ({
  _id: row.id,
  at: row.atSec,
  holdSeconds: row.holdSec,
  shapes: row.shapes,
  by: row.makerUsername,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Drawings on a video's frames. Whoever may see the video (its owner and the members of its teams, the
 * channels its owner belongs to) reads them; its owner and the teams' coach and athletes draw; the maker
 * or a team's owner changes or deletes one (403 for other members); to anyone else neither the video nor
 * its drawings exist (404). Every change is a `drawing` update for the video's teams.
 */
export function createDrawingsService({ repo, videos, billing, events }: DrawingsServiceDeps) {
  function requireWithinVideo(video: VisibleVideo, at: number): void {
    if (video.durationSec !== null && at > video.durationSec) {
      throw new AppError('VALIDATION_FAILED', `body.at: Must be within the video (at most ${video.durationSec} s).`);
    }
  }

  /** The drawing and its video, as the caller may see them: 404 for an unknown id or a video they may not see. */
  async function requireVisible(caller: Caller, id: string): Promise<{ row: DrawingWithMaker; video: VisibleVideo }> {
    const row = isUuid(id) ? await repo.byId(caller.tenantId, id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', DRAWING_NOT_FOUND);
    const video = await videos.visibleVideo(caller, row.videoId).catch((err: unknown) => {
      throw err instanceof AppError && err.statusCode === 404 ? new AppError('NOT_FOUND', DRAWING_NOT_FOUND) : err;
    });
    return { row, video };
  }

  /**
   * Writes a change in one transaction with what it causes: exports showing the moments go stale, and each
   * team of the video hears a `drawing` update (last). The caller's own page hears it when the video is in no team.
   */
  async function write<T>(
    video: VisibleVideo,
    change: 'new' | 'changed' | 'deleted',
    at: number[],
    work: (tx: Executor, teams: { id: number; ownerUserId: number }[]) => Promise<{ id: string; result: T }>,
  ): Promise<T> {
    const afterCommit: (() => Promise<void>)[] = [];
    const result = await repo.transaction(async (tx) => {
      const teams = await repo.teamsOfVideo(tx, video.tenantId, video.ownerUserId);
      const { id, result } = await work(tx, teams);
      await events.emit(tx, 'drawing.changed', { tenantId: video.tenantId, videoId: video.id, at, afterCommit: (w) => afterCommit.push(w) });
      const data = { _id: id, video: video.id, event: null, change };
      if (teams.length === 0) await recordUpdate(tx, { tenantId: video.tenantId, userId: video.viewerUserId }, 'drawing', data);
      for (const team of teams) await recordUpdate(tx, { tenantId: video.tenantId, channelId: team.id }, 'drawing', data);
      return result;
    });
    for (const work of afterCommit) await work();
    return result;
  }

  /** The maker or the owner of one of the video's teams; 403 for anyone else who sees it. */
  function requireChanger(row: DrawingRow, video: VisibleVideo, teams: { ownerUserId: number }[]): void {
    if (row.makerUserId !== video.viewerUserId && !teams.some((t) => t.ownerUserId === video.viewerUserId)) {
      throw new AppError('FORBIDDEN', DRAWING_CHANGERS_ONLY);
    }
  }

  return {
    /** `GET /api/user/videos/{key}/drawings`: in time order. */
    async list(caller: Caller, key: string): Promise<DrawingList> {
      const video = await videos.visibleVideo(caller, key);
      return { items: (await repo.ofVideo(video.id)).map(toDrawing) };
    },

    /** `POST /api/user/videos/{key}/drawings`: the video's owner, or a teammate who is a coach or an athlete (403 for a fan). */
    async create(caller: Caller, key: string, body: Body): Promise<Drawing> {
      const video = await videos.visibleVideo(caller, key);
      if (video.ownerUserId !== video.viewerUserId && !DRAWING_LEVELS.includes(await billing.level(caller))) throw new AppError('FORBIDDEN', DRAWERS_ONLY);
      requireWithinVideo(video, body.at);
      return write(video, 'new', [body.at], async (tx) => {
        const row = await repo.insert(tx, { tenantId: video.tenantId, videoId: video.id, makerUserId: video.viewerUserId, atSec: body.at, holdSec: body.holdSeconds, shapes: body.shapes });
        return { id: row.id, result: toDrawing(row) };
      });
    },

    /** `PUT /api/user/drawings/{id}`: the whole drawing again (its maker or a team's owner). */
    async update(caller: Caller, id: string, body: Body): Promise<Drawing> {
      const { row, video } = await requireVisible(caller, id);
      requireWithinVideo(video, body.at);
      return write(video, 'changed', [row.atSec, body.at], async (tx, teams) => {
        requireChanger(row, video, teams);
        const updated = await repo.update(tx, row.id, { atSec: body.at, holdSec: body.holdSeconds, shapes: body.shapes });
        if (!updated) throw new AppError('NOT_FOUND', DRAWING_NOT_FOUND);
        return { id: row.id, result: toDrawing(updated) };
      });
    },

    /** `DELETE /api/user/drawings/{id}`: its maker or a team's owner. */
    async remove(caller: Caller, id: string): Promise<void> {
      const { row, video } = await requireVisible(caller, id);
      await write(video, 'deleted', [row.atSec], async (tx, teams) => {
        requireChanger(row, video, teams);
        if (!(await repo.delete(tx, row.id))) throw new AppError('NOT_FOUND', DRAWING_NOT_FOUND);
        return { id: row.id, result: undefined };
      });
    },
  };
}
export type DrawingsService = ReturnType<typeof createDrawingsService>;
