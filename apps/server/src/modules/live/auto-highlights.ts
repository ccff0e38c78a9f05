import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { Storage } from '../../storage/storage';
import { createCheerAnalyzer } from './cheers/cheer-analyzer';
import { createCheersService } from './cheers/cheers.service';
import type { PublishListener } from './ingest/ingest-sessions';
import { createLiveClip, type FinishQueue } from './live-clips.service';

/**
 * Auto highlights (issue 13): while a publish runs, its audio is analysed for crowd cheers; each cheer
 * gets a clip of its moment (`cheer: true`, made in the event owner's name) attached to its row.
 */
export function autoHighlights(deps: { db: Db; storage: Storage; jobs: FinishQueue; dataDir: string; log: Logger }): PublishListener {
  const cheers = createCheersService({ db: deps.db });
  const analyzer = createCheerAnalyzer({ cheers, log: deps.log });
  return ({ event, inputUrl, anchorMs }) =>
    analyzer.startCheerAnalysis({
      eventId: event.id,
      inputUrl,
      anchorMs,
      async onCheer(eventId, timestampMs, cheerId) {
        const clip = await createLiveClip({ eventId, timestampMs, cheer: true, ownerUserId: event.ownerUserId }, deps);
        await cheers.attachCheerClip(cheerId, clip._id);
      },
    });
}
