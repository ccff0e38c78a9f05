import { cheerHorizonSec, detectCheers, type CheerDetectorOptions, type DetectedCheer } from './detect-cheers';
import type { LoudnessSample } from './loudness-parse';

export interface CheerTrackerOptions extends Omit<CheerDetectorOptions, 'top'> {
  /** Run the detector after this much new audio (default 5 s): decisions come that much later at worst. */
  evaluateEverySec?: number;
}

export interface CheerTracker {
  /** Adds a sample; returns the cheers that became certain (each once, in time order). */
  push(sample: LoudnessSample): DetectedCheer[];
  /** The input ended: decides the rest with what there is. */
  flush(): DetectedCheer[];
}

/**
 * detectCheers over a live series. A point's verdict depends only on samples within the detector's
 * horizon (~50 s with the defaults: the +-30 s baseline, the 15 s stretch cap, +-4 s neighbours), so a
 * point is decided once that much audio follows it; until then it waits. The detector runs on a
 * trailing window of twice the horizon, which gives exactly the cheers it would find on the whole
 * series, at a cost that does not grow with the length of the game.
 */
export function createCheerTracker(options: CheerTrackerOptions = {}): CheerTracker {
  const { evaluateEverySec = 5, ...detector } = options;
  const stepSec = detector.stepSec ?? 0.1;
  const horizon = Math.ceil(cheerHorizonSec(detector) / stepSec);
  const evaluateEvery = Math.max(1, Math.round(evaluateEverySec / stepSec));
  let buffer: LoudnessSample[] = [];
  // Absolute sample indices: buffer[0] is sample `dropped`; samples before `decided` have their verdict.
  let dropped = 0;
  let decided = 0;
  let pending = 0;

  const decide = (until: number): DetectedCheer[] => {
    if (until <= decided) return [];
    const found = detectCheers(buffer, detector);
    const from = buffer[decided - dropped]?.t ?? Infinity;
    const to = until - dropped < buffer.length ? buffer[until - dropped]!.t : Infinity;
    decided = until;
    const keepFrom = Math.max(dropped, decided - horizon);
    buffer = buffer.slice(keepFrom - dropped);
    dropped = keepFrom;
    return found.filter((cheer) => cheer.timeSec >= from && cheer.timeSec < to);
  };

  return {
    push(sample) {
      buffer.push(sample);
      pending += 1;
      if (pending < evaluateEvery) return [];
      pending = 0;
      return decide(dropped + buffer.length - horizon);
    },
    flush() {
      pending = 0;
      return decide(dropped + buffer.length);
    },
  };
}
