import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { createCheerAnalyzer } from './cheers/cheer-analyzer';
import type { PublishListener } from './ingest/ingest-sessions';
import { createCheers } from './live.module';

/** Makes a cheer's clip; the clips module owns clips, so main.ts hands it in (the live module never imports clips). */
export type OnCheer = (cheer: { eventId: string; timestampMs: number; ownerUserId: number }) => Promise<{ clipId: string }>;

/**
 * Auto highlights: while a publish runs, its audio is analysed for crowd cheers; each cheer
 * gets a clip of its moment (made in the event owner's name by `onCheer`) attached to its row.
 */
export function autoHighlights(deps: { db: Db; log: FastifyBaseLogger; onCheer: OnCheer }): PublishListener {
  const cheers = createCheers(deps.db);
  const analyzer = createCheerAnalyzer({ cheers, log: deps.log });
  return ({ event, inputUrl, anchorMs }) =>
    analyzer.startCheerAnalysis({
      eventId: event.id,
      inputUrl,
      anchorMs,
      async onCheer(eventId, timestampMs, cheerId) {
        const { clipId } = await deps.onCheer({ eventId, timestampMs, ownerUserId: event.ownerUserId });
        await cheers.attachCheerClip(cheerId, clipId);
      },
    });
}
