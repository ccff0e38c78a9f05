import { rm, stat } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { LiveSegmentLine } from '@app/media/args/live-segmenter';
import type { Storage } from '../../../storage/storage';
import { storageKey } from '../../../storage/keys';
import { uniqueViolation } from '../../../db/unique-violation';
import type { IngestEvent, IngestRepo } from './ingest.repo';
import { untilDatabaseAnswers } from '../../../db/database-wait';

/** Segments one publish may have on local disk waiting for Storage (a minute of stream); past it the oldest is dropped. */
export const MAX_QUEUED_SEGMENTS = 60;
/** Segments in Storage waiting in memory for the database to record them (30 minutes of stream); past it the oldest is dropped. */
export const MAX_UNRECORDED_SEGMENTS = 1800;

export interface SegmentQueueDeps {
  repo: Pick<IngestRepo, 'insertSegment'>;
  storage: Storage;
  log: Logger;
  maxQueued?: number;
  maxUnrecorded?: number;
}

interface Finished {
  segment: LiveSegmentLine;
  file: string;
  startedAtMs: number;
  /** A segment before it was lost: it starts a new timeline. */
  afterGap: boolean;
}

interface Stored {
  key: string;
  startedAtMs: number;
  durationSec: number;
  byteSize: number;
  afterGap: boolean;
}

const segmentKey = (event: IngestEvent, seq: number) => storageKey(event.tenantId, 'live', event.id, `${seq}.ts`);

/**
 * Objects of segments a stopped node had stored but not recorded (it crashed while the database was
 * down): they follow the event's last row. Removed before a new publish numbers its own from there.
 */
export async function removeUnrecordedSegments(storage: Storage, event: IngestEvent, firstSeq: number): Promise<number> {
  let seq = firstSeq;
  while (await storage.head(segmentKey(event, seq))) await storage.delete(segmentKey(event, seq++));
  return seq - firstSeq;
}

/**
 * A publish's finished segments on their way into the archive, in order: first into Storage, then their
 * rows. The two steps run apart, so a database outage does not hold up Storage (the local files stay
 * few): stored segments wait in memory and are recorded, in order and with contiguous sequence numbers,
 * once the database answers again. A segment lost on the way (Storage failed, a queue overflowed, its
 * row was refused) is skipped: the next one is marked as a discontinuity and no object is left behind.
 */
export function createSegmentQueue(deps: SegmentQueueDeps, event: IngestEvent, firstSeq: number) {
  const log = deps.log;
  const toStore: Finished[] = [];
  const toRecord: Stored[] = [];
  const keyOf = (seq: number) => segmentKey(event, seq);
  /** The sequence number of the next row. */
  let rowSeq = firstSeq;
  /** The key number of the next object while rows lag behind (after a loss rows and keys may differ). */
  let nextKeySeq = firstSeq;
  // The first segment of a reconnect starts a new timeline.
  let storeGap = firstSeq > 0;
  let recordGap = false;
  let storing: Promise<void> | null = null;
  let recording: Promise<void> | null = null;
  /** Segments recorded late since the database became unavailable (null: it is not). */
  let late: number | null = null;

  async function store(item: Finished): Promise<void> {
    // Nothing waits for its row: the object gets the number its row will have.
    const seq = toRecord.length === 0 && !recording ? rowSeq : nextKeySeq;
    try {
      const { size } = await stat(item.file);
      const key = keyOf(seq);
      await deps.storage.putFile(key, item.file, { contentType: 'video/mp2t', move: true });
      nextKeySeq = seq + 1;
      const durationSec = Math.max(0, item.segment.endSec - item.segment.startSec);
      toRecord.push({ key, startedAtMs: item.startedAtMs, durationSec, byteSize: size, afterGap: storeGap || item.afterGap });
      storeGap = false;
      if (toRecord.length > (deps.maxUnrecorded ?? MAX_UNRECORDED_SEGMENTS)) {
        const dropped = toRecord.shift()!;
        log.warn({ key: dropped.key }, 'too many live segments wait for the database; dropped the oldest');
        toRecord[0]!.afterGap = true;
        await deleteObject(dropped.key);
      }
      recording ??= record();
    } catch (err) {
      log.error({ err, seq }, 'could not store a live segment; it is skipped');
      storeGap = true;
      await rm(item.file, { force: true });
    }
  }

  async function insert(item: Stored): Promise<void> {
    const key = keyOf(rowSeq);
    if (item.key !== key) {
      // A segment before it was lost: its object takes the free number, so keys follow the rows.
      await deps.storage.move(item.key, key);
      item.key = key;
    }
    let retried = false;
    await untilDatabaseAnswers(
      async () => {
        try {
          await deps.repo.insertSegment({
            eventId: event.id,
            seq: rowSeq,
            storageKey: key,
            startedAtMs: item.startedAtMs,
            durationSec: item.durationSec,
            discontinuity: recordGap || item.afterGap,
            byteSize: item.byteSize,
          });
        } catch (err) {
          // The connection dropped after the commit: the row of the last try is there.
          if (retried && uniqueViolation(err)) return;
          retried = true;
          throw err;
        }
      },
      {
        onWait(err) {
          if (late === null) log.warn({ err }, 'the database is unavailable; live segments wait in Storage to be recorded');
          late ??= 0;
        },
      },
    );
    if (late !== null) late += 1;
  }

  async function record(): Promise<void> {
    for (let item = toRecord.shift(); item; item = toRecord.shift()) {
      try {
        await insert(item);
        rowSeq += 1;
        recordGap = false;
      } catch (err) {
        log.error({ err, seq: rowSeq }, 'could not record a live segment; it is skipped');
        recordGap = true;
        await deleteObject(item.key);
      }
    }
    if (late !== null) log.info({ segments: late }, 'the database is back; recorded the live segments that waited for it');
    late = null;
    recording = null;
  }

  async function deleteObject(key: string): Promise<void> {
    await deps.storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not delete the object of a skipped live segment'));
  }

  async function work(): Promise<void> {
    for (let item = toStore.shift(); item; item = toStore.shift()) await store(item);
    storing = null;
  }

  return {
    push(segment: LiveSegmentLine, file: string, startedAtMs: number) {
      toStore.push({ segment, file, startedAtMs, afterGap: false });
      if (toStore.length > (deps.maxQueued ?? MAX_QUEUED_SEGMENTS)) {
        const dropped = toStore.shift()!;
        log.warn({ file: dropped.file }, 'Storage is too slow for this live stream; dropped the oldest waiting segment');
        toStore[0]!.afterGap = true;
        void rm(dropped.file, { force: true });
      }
      storing ??= work();
    },
    /** Settles once every pushed segment is recorded or skipped. */
    async drained(): Promise<void> {
      while (storing || recording) await (storing ?? recording);
    },
  };
}
