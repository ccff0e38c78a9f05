import { spawn, type ChildProcess } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { browserPublishArgs } from '@app/media/args/browser-publish';
import { findFfmpeg } from '@app/media/binaries';

/** This node's RTMP ingest, which `main.ts` starts once the app listens (none on a node without ingest). */
export interface LiveIngestSlot {
  /** Where it listens; set once it runs. */
  current?: { host: string; port: number } | undefined;
}

/** Close codes of the publish socket (4000-4999 are the application's; the browser shows the reason). */
export const CLOSE = {
  unauthorized: 4401,
  forbidden: 4403,
  notFound: 4404,
  busy: 4409,
  /** No video for IDLE_TIMEOUT_MS after "ready" (a frozen tab, a phone that lost its network without a close). */
  idle: 4408,
  noIngest: 4503,
  /** RFC 6455: the payload of a message was too big. */
  tooBig: 1009,
  /** RFC 6455: the server hit a condition it cannot go on from. */
  serverError: 1011,
  /** RFC 6455: try again later (the server cannot keep up). */
  overloaded: 1013,
} as const;

export const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;
/** ffmpeg this far behind the browser is not live any more: the publish ends instead of growing a backlog. */
const MAX_BEHIND_MS = 10_000;
/** Safety net beside the time bound: bytes waiting for ffmpeg's stdin (a 2 MB message every 250 ms is 80 MB/10 s). */
const MAX_BACKLOG_BYTES = 64 * 1024 * 1024;
/** After the browser hangs up, ffmpeg flushes what it has and exits; one that does not is stopped. */
const FLUSH_TIMEOUT_MS = 10_000;
/**
 * A browser sends a chunk every 250 ms: a socket silent this long (from "ready", or since its last chunk) has
 * no one behind it. Without the bound its ffmpeg would wait forever and the event would stay live.
 */
export const IDLE_TIMEOUT_MS = 10_000;
const OUTPUT_FPS = 30;
const MAX_BITRATE_KBPS = 2500;

// A browser's RTMP publish goes to the local ingest: on a wildcard listener, loopback reaches it.
const reachable = (host: string) => (host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host);

export interface BrowserPublisherOptions {
  ingest: LiveIngestSlot;
  log: FastifyBaseLogger;
  /** Defaults to IDLE_TIMEOUT_MS; tests shorten it. */
  idleTimeoutMs?: number;
}

/**
 * "Go live from this phone": a browser's MediaRecorder chunks (WebM) arrive on a WebSocket and
 * are piped into an ffmpeg that encodes them for latency and publishes to this node's RTMP ingest, so the
 * event is packaged, ended and archived exactly as with an encoder. One browser publish per event here;
 * across nodes the ingest itself refuses a second publisher of a live key.
 */
export function createBrowserPublisher({ ingest, log, idleTimeoutMs = IDLE_TIMEOUT_MS }: BrowserPublisherOptions) {
  const publishing = new Map<string, () => void>();

  return {
    /** Whether this node can take a browser publish at all. */
    available: () => ingest.current !== undefined,

    /** Another socket already publishes the event from this node. */
    busy: (eventId: string) => publishing.has(eventId),

    /**
     * Feeds the socket's messages into a new publish of `ingestKey` and tells the browser `{"type":"ready"}`.
     * `pending` holds what arrived while the caller was being checked.
     */
    start(socket: WebSocket, target: { eventId: string; ingestKey: string }, pending: Buffer[]): void {
      const rtmp = ingest.current;
      if (!rtmp) {
        socket.close(CLOSE.noIngest, 'This server does not take live streams.');
        return;
      }
      const output = `rtmp://${reachable(rtmp.host)}:${rtmp.port}/live/${target.ingestKey}`;
      const child: ChildProcess = spawn(findFfmpeg().path, browserPublishArgs({ output, fps: OUTPUT_FPS, maxBitrateKbps: MAX_BITRATE_KBPS }), {
        stdio: ['pipe', 'ignore', 'pipe'],
      });
      const stdin = child.stdin!;
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
      // EPIPE when ffmpeg exits first (refused key): the exit handler below closes the socket.
      stdin.on('error', () => undefined);

      let behindSince: number | undefined;
      stdin.on('drain', () => (behindSince = undefined));
      let stopping = false;
      let killTimer: NodeJS.Timeout | undefined;
      let idleTimer: NodeJS.Timeout | undefined;

      const stop = () => {
        if (stopping) return;
        stopping = true;
        clearTimeout(idleTimer);
        stdin.end();
        killTimer = setTimeout(() => child.kill('SIGKILL'), FLUSH_TIMEOUT_MS);
        killTimer.unref();
      };
      publishing.set(target.eventId, () => {
        stop();
        if (socket.readyState === socket.OPEN) socket.close(1001, 'The server is shutting down.');
      });

      // Ending ffmpeg's input flushes what it has: the event then ends as after an encoder's stop.
      const idle = () => {
        log.warn({ eventId: target.eventId }, 'browser publish sent nothing; closing');
        socket.close(CLOSE.idle, `No video arrived for ${Math.round(idleTimeoutMs / 1000)} seconds: the live stream has stopped.`);
        stop();
      };
      const watchIdle = () => {
        clearTimeout(idleTimer);
        idleTimer = setTimeout(idle, idleTimeoutMs);
      };

      const feed = (data: Buffer) => {
        if (stopping) return;
        const now = Date.now();
        if ((behindSince !== undefined && now - behindSince > MAX_BEHIND_MS) || stdin.writableLength > MAX_BACKLOG_BYTES) {
          log.warn({ eventId: target.eventId }, 'browser publish fell behind; closing');
          socket.close(CLOSE.overloaded, 'The server cannot keep up with this stream. Try a lower quality.');
          stop();
          return;
        }
        if (!stdin.write(data)) behindSince ??= now;
      };

      child.once('close', (code, signal) => {
        clearTimeout(killTimer);
        publishing.delete(target.eventId);
        if (!stopping) log.warn({ eventId: target.eventId, code, signal, stderr }, 'browser publish ffmpeg stopped');
        if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
          // ffmpeg ends on its own only when the stream cannot go on: the ingest refused it, or the input is not WebM.
          socket.close(CLOSE.serverError, 'The live stream stopped on the server (refused or unreadable video).');
        }
      });
      child.once('error', (err) => {
        log.error({ err, eventId: target.eventId }, 'browser publish ffmpeg failed to start');
        publishing.delete(target.eventId);
        socket.close(CLOSE.serverError, 'The live stream could not start on the server.');
      });

      socket.on('message', (data: Buffer, isBinary: boolean) => {
        if (!isBinary) return;
        watchIdle();
        feed(data);
      });
      socket.on('close', stop);
      for (const chunk of pending) feed(chunk);
      socket.send(JSON.stringify({ type: 'ready' }));
      watchIdle();
    },

    /** Ends every browser publish (their events end with their last segments, as on an encoder's stop). */
    close(): void {
      for (const end of [...publishing.values()]) end();
    },
  };
}
export type BrowserPublisher = ReturnType<typeof createBrowserPublisher>;
