import type { FastifyInstance } from 'fastify';
import type { ModuleBase } from '../../module-base';
import type { BillingService } from '../billing/billing.service';
import type { VideosService } from '../videos/videos.service';
import { createDrawingsRepo } from './drawings.repo';
import { drawingsRoutes } from './drawings.routes';
import { createDrawingsService } from './drawings.service';
import { taggedRoutes } from '../../plugins/api-docs';
import type { Db } from '../../db/client';
import type { DrawingsInRange } from './drawing-holds';

export interface DrawingsModuleDeps extends ModuleBase {
  videos: VideosService;
  billing: BillingService;
}

/** Drawings on a video's frames: read by whoever sees the video, burnt into its reels' MP4s (drawing-holds.ts). */
export async function registerDrawings(app: FastifyInstance, { runtime, videos, billing }: DrawingsModuleDeps): Promise<void> {
  const drawings = createDrawingsService({ repo: createDrawingsRepo(runtime.db), videos, billing, events: runtime.events });
  await app.register(taggedRoutes('drawings', drawingsRoutes), { drawings });
}

/** What a reel export reads to burn a chunk's drawings in (drawing-holds.ts). */
export const drawingsForExport = (db: Db): DrawingsInRange => createDrawingsRepo(db);
