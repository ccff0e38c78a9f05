import type { FastifyBaseLogger } from 'fastify';
import { createCheerTracker, type CheerTrackerOptions } from '@app/media/cheers/cheer-tracker';
import type { DetectedCheer } from '@app/media/cheers/detect-cheers';
import { loudnessSamples } from '@app/media/cheers/run-loudness';
import { MediaError } from '@app/media/media-error';
import type { CheersService } from './cheers.service';
import { untilDatabaseAnswers } from '../../../db/database-wait';

/** How long a cheer waits for an unavailable database before it is given up. */
const CHEER_PATIENCE_MS = 10 * 60_000;

export interface CheerAnalysisOptions {
  eventId: string;
  /** The live pull URL (rtmp://127.0.0.1:RTMP_PORT/live/...), or a file. */
  inputUrl: string;
  /** Wall clock (ms) of the input's pts 0: a cheer at t s is at anchorMs + t * 1000. */
  anchorMs: number;
  /** Called once per new cheer, after its row is stored (e.g. to cut its clip and `attachCheerClip`). */
  onCheer?: (eventId: string, timestampMs: number, cheerId: string) => void | Promise<void>;
}

export interface CheerAnalysis {
  /** Stops ffmpeg, decides what the audio so far allows, stores it; resolves when all is stored. */
  stop(): Promise<void>;
  /** Settles when the input ends (publisher gone, file read) and everything found is stored; never rejects. */
  done: Promise<void>;
}

export interface CheerAnalyzerDeps {
  cheers: Pick<CheersService, 'record'>;
  /** The app's logger (pino or Fastify's). */
  log: FastifyBaseLogger;
  ffmpegPath?: string;
  detector?: CheerTrackerOptions;
  /** Network inputs: give up after this long without data (default 10 s). */
  stallTimeoutSec?: number;
}


/**
 * Live auto highlights: ffmpeg reads the stream's audio (EBU R128 momentary loudness every 100 ms) and
 * the cheer tracker decides each moment once ~50 s of audio follow it (the detector's baseline and
 * duration rules need them; see packages/media/src/cheers). Cheers are stored in order, one at a time,
 * so `onCheer` sees them in time order and a slow clip cut never runs two at once for an event.
 */
export function createCheerAnalyzer(deps: CheerAnalyzerDeps) {
  return {
    startCheerAnalysis({ eventId, inputUrl, anchorMs, onCheer }: CheerAnalysisOptions): CheerAnalysis {
      const log = deps.log.child({ component: 'cheers', eventId });
      const controller = new AbortController();
      const tracker = createCheerTracker(deps.detector);
      let stored = Promise.resolve();

      const store = async (cheer: DetectedCheer): Promise<void> => {
        const timestampMs = Math.round(anchorMs + cheer.timeSec * 1000);
        try {
          // A cheer decided while the database is down waits for it, as the segments of its moment do.
          const cheerId = await untilDatabaseAnswers(() => deps.cheers.record(eventId, timestampMs, cheer.excessLu), { patienceMs: CHEER_PATIENCE_MS });
          if (cheerId && onCheer) await onCheer(eventId, timestampMs, cheerId);
        } catch (error) {
          log.warn({ err: error, timestampMs }, 'could not store a cheer');
        }
      };
      const keep = (found: DetectedCheer[]) => {
        for (const cheer of found) stored = stored.then(() => store(cheer));
      };

      const done = (async () => {
        try {
          for await (const sample of loudnessSamples(inputUrl, {
            signal: controller.signal,
            ffmpegPath: deps.ffmpegPath,
            stallTimeoutSec: deps.stallTimeoutSec,
          })) {
            keep(tracker.push(sample));
          }
        } catch (error) {
          // A live input ends with an error as often as not (the publisher went away): keep what we have.
          if (!(error instanceof MediaError && error.code === 'ABORTED')) log.info({ err: error }, 'cheer analysis input ended');
        }
        keep(tracker.flush());
        await stored;
      })();

      return {
        done,
        async stop() {
          controller.abort();
          await done;
        },
      };
    },
  };
}
