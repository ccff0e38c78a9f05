import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Storage } from '../../../storage/storage';
import type { IngestEvent, IngestRepo } from './ingest.repo';
import type { RtmpServer, RtmpSession } from './rtmp-server';
import { browsersPlayAvc } from './avc-profile';
import { startSegmenter } from './segmenter';
import { createSegmentQueue, removeUnrecordedSegments } from './segment-queue';
import { untilDatabaseAnswers } from '../../../db/database-wait';

export interface PublishDeps {
  repo: IngestRepo;
  storage: Storage;
  log: Logger;
  rtmp: Pick<RtmpServer, 'port' | 'endPlays'>;
  /** Segments wait here (one folder per publish) until they are in Storage. */
  workDir: string;
  /** Segments one publish may have waiting for Storage (default MAX_QUEUED_SEGMENTS). */
  maxQueued?: number;
  /** Segments one publish may have in Storage waiting for the database (default MAX_UNRECORDED_SEGMENTS). */
  maxUnrecorded?: number;
  /** Told when a publish's first segment fixes its clock (e.g. to analyse its audio); stopped when it ends. */
  onPublish?: PublishListener;
}

/**
 * `inputUrl` is the loopback pull of the stream and `anchorMs` the wall clock of the publisher's timestamp 0
 * (read it with `-copyts`, as the segmenter does).
 */
export type PublishListener = (publish: { event: IngestEvent; inputUrl: string; anchorMs: number }) => { stop(): Promise<void> };

export interface PublishOptions {
  event: IngestEvent;
  session: RtmpSession;
  /** Wall clock of the publish command: the publisher's timestamp 0. */
  acceptedAtMs: number;
  firstSeq: number;
}

/** ffmpeg gives up on a read after this long without data: a publisher that is connected but silent. */
const READ_TIMEOUT_SEC = 3;
/** After its input ended, ffmpeg writes the last segment at once; this is for one that hangs. */
const SEGMENTER_EOF_GRACE_MS = 2000;
/** How long to wait for the publisher's metadata (which codecs it sends) before encoding to be safe. */
const METADATA_WAIT_MS = 1500;
/** How long an ended publish waits for an unavailable database to mark its event ended (the sweep ends it otherwise). */
const MARK_ENDED_PATIENCE_MS = 10 * 60_000;

/**
 * One accepted publish, from the first segment to the last: our ffmpeg pulls the stream back from the
 * RTMP server on loopback and announces each finished 1 s segment; segments go to Storage and get
 * their row in order from bounded queues, so neither a slow Storage nor a database outage holds up
 * ffmpeg (which only writes local files). Ends when the publisher's connection closes or ffmpeg exits,
 * whichever comes first (node-media-server reports a clean stop only 30 s later); resolves after the
 * last segment is stored and the event is marked ended.
 */
export async function runPublish(deps: PublishDeps, options: PublishOptions, signal: { stopped: boolean }): Promise<void> {
  const { event, session, acceptedAtMs } = options;
  const log = deps.log.child({ eventId: event.id, rtmpSession: session.id });
  const dir = path.join(deps.workDir, session.id);
  await mkdir(dir, { recursive: true });
  const uploads = createSegmentQueue({ ...deps, log }, event, options.firstSeq);
  let listener: { stop(): Promise<void> } | undefined;
  try {
    await removeUnrecordedSegments(deps.storage, event, options.firstSeq).then(
      (n) => n > 0 && log.warn({ objects: n }, 'removed the segments a stopped server had stored but not recorded'),
      (err: unknown) => log.warn({ err }, 'could not look for segments a stopped server left unrecorded'),
    );
    const codecs = await publisherCodecs(session);
    if (session.socket.destroyed || signal.stopped) return;
    // Program date-time = publish start + the encoder's timestamps (ffmpeg runs with -copyts). Encoders
    // start their clock at 0 when they publish, so a segment's time is its frames' capture time, late by
    // the encoder's capture-to-send delay (its lookahead and buffering, ~0.1-0.5 s), without drift.
    let anchorMs = acceptedAtMs;
    let anchored = false;
    const input = `rtmp://127.0.0.1:${deps.rtmp.port}/live/${session.streamName}`;
    const segmenter = await startSegmenter({
      ...codecs,
      input,
      outputDir: dir,
      readTimeoutSec: READ_TIMEOUT_SEC,
      onSegment(segment) {
        if (!anchored) {
          anchored = true;
          // An encoder whose clock does not start at 0 with the publish: the first segment ends now.
          if (segment.startSec * 1000 > Date.now() - acceptedAtMs + 2000) anchorMs = Date.now() - segment.endSec * 1000;
          listener = startListener(deps, { event, inputUrl: input, anchorMs }, log);
        }
        uploads.push(segment, path.join(dir, segment.file), Math.round(anchorMs + segment.startSec * 1000));
      },
    });
    log.info({ copyVideo: codecs.videoIsH264, copyAudio: codecs.audioIsAac }, 'live publish started');
    let stopTimer: NodeJS.Timeout | undefined;
    const stop = () => {
      deps.rtmp.endPlays(session.streamName);
      stopTimer = setTimeout(() => segmenter.stop(), SEGMENTER_EOF_GRACE_MS);
    };
    session.socket.once('close', stop);
    if (session.socket.destroyed) stop();
    const result = await segmenter.exited;
    clearTimeout(stopTimer);
    session.socket.off('close', stop);
    if (!session.socket.destroyed) {
      // ffmpeg ended first (publisher silent, or ffmpeg failed): drop the connection outright (a
      // half-closed one would keep the stream path taken) so the encoder reconnects and resumes.
      log.warn({ code: result.code, stderr: result.stderr }, 'live segmenter ended while the publisher was connected');
      session.socket.destroy();
    } else {
      log.debug({ code: result.code, signal: result.signal, stderr: result.stderr }, 'live segmenter stopped');
    }
  } finally {
    await uploads.drained();
    await untilDatabaseAnswers(() => deps.repo.markEnded(event.id), { patienceMs: MARK_ENDED_PATIENCE_MS }).catch((err: unknown) => log.error({ err }, 'could not mark the live event ended'));
    // After the archive is complete: what the listener still decides (the last cheers) may cut clips from it.
    await listener?.stop().catch((err: unknown) => log.error({ err }, 'a live publish listener failed to stop'));
    await rm(dir, { recursive: true, force: true });
    log.info('live publish ended');
  }
}

function startListener(deps: PublishDeps, publish: Parameters<PublishListener>[0], log: Logger) {
  try {
    return deps.onPublish?.(publish);
  } catch (err) {
    // Auto highlights are a bonus: the stream goes on without them.
    log.error({ err }, 'a live publish listener failed to start');
    return undefined;
  }
}

/**
 * Which tracks can be copied: the codecs from the publisher's onMetaData (sent right after publish by
 * OBS and ffmpeg), and for H.264 the profile from its sequence header (sent before the first frame),
 * since a 10-bit or 4:2:2/4:4:4 stream would be copied into segments no browser plays.
 */
async function publisherCodecs(session: RtmpSession): Promise<{ videoIsH264: boolean; audioIsAac: boolean }> {
  const deadline = Date.now() + METADATA_WAIT_MS;
  const waitFor = async (ready: () => boolean) => {
    while (!ready() && Date.now() < deadline && !session.socket.destroyed) await new Promise((resolve) => setTimeout(resolve, 25));
  };
  await waitFor(() => Boolean(session.videoCodec || session.audioCodec));
  const video = session.videoCodec;
  const audio = session.audioCodec;
  // No metadata at all says nothing about the audio either: encode both to be safe.
  const noAudio = Boolean(video) && !audio;
  let videoIsH264 = video === 7 || video === 'avc1';
  if (videoIsH264) {
    await waitFor(() => session.broadcast.flvVideoHeader !== null);
    videoIsH264 = browsersPlayAvc(session.broadcast.flvVideoHeader);
  }
  return { videoIsH264, audioIsAac: audio === 10 || audio === 'mp4a' || noAudio };
}
