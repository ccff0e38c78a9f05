import type { EventsRepo, LiveEventRow, LiveSegmentRow } from './events.repo';

const segmentEndMs = (s: LiveSegmentRow) => s.startedAtMs + s.durationSec * 1000;

/**
 * The segments of the window that one publish wrote around the moment: an encoder reconnect (a segment with
 * `discontinuity`) restarts the timestamps, and a stream copy across it would jump. `later` tells whether
 * another publish follows in the window (then the clip can have no more seconds after the moment).
 */
export function sameRunAround(segments: readonly LiveSegmentRow[], momentMs: number): { run: LiveSegmentRow[]; later: boolean } {
  const runs: LiveSegmentRow[][] = [];
  for (const segment of segments) {
    if (runs.length === 0 || segment.discontinuity) runs.push([segment]);
    else runs[runs.length - 1]!.push(segment);
  }
  // The run holding the moment, else the last one that started before it (the moment fell in a gap), else the first.
  let index = runs.findIndex((r) => r[0]!.startedAtMs <= momentMs && momentMs < segmentEndMs(r[r.length - 1]!));
  if (index < 0) index = runs.map((r) => r[0]!.startedAtMs <= momentMs).lastIndexOf(true);
  if (index < 0) index = 0;
  return { run: runs[index] ?? [], later: index < runs.length - 1 };
}

/**
 * What only the live module knows of an event's recording, for the clips module that cuts live clips from
 * it: the event (its clock and status), the range stored so far, and the stored segments of a window.
 * The live module never writes clip rows.
 */
export function createRecordingService(repo: Pick<EventsRepo, 'byId' | 'recordedRange' | 'segmentsCovering'>) {
  return {
    event: (eventId: string): Promise<LiveEventRow | undefined> => repo.byId(eventId),

    /** The first stored second and the end of the last one (ms since the epoch); null before any segment. */
    recordedRange: (eventId: string) => repo.recordedRange(eventId),

    /** The stored segments of [fromMs, toMs) that one publish wrote around `momentMs` (see sameRunAround). */
    async segmentsAround(eventId: string, window: { fromMs: number; toMs: number }, momentMs: number) {
      return sameRunAround(await repo.segmentsCovering(eventId, window.fromMs, window.toMs), momentMs);
    },
  };
}
/** An event as its recording's readers see it (its clock: `startedAt`; its status). */
export type RecordedEvent = LiveEventRow;
export type RecordingService = ReturnType<typeof createRecordingService>;
