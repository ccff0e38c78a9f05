import { createRequire } from 'node:module';
import path from 'node:path';
import type { Server, Socket } from 'node:net';
import type { Logger } from 'pino';

const require = createRequire(import.meta.url);

/** The parts of node-media-server's session objects we use (its package ships no types). */
export interface RtmpSession {
  id: string;
  /** `address:port` of the peer. */
  ip: string;
  streamApp: string;
  streamName: string;
  /** From the publisher's onMetaData: 7 or 'avc1' is H.264; 0 until it arrives. */
  videoCodec: number | string;
  /** 10 or 'mp4a' is AAC. */
  audioCodec: number | string;
  socket: Socket;
  /** `flvVideoHeader`: the publisher's video sequence header as an FLV tag, once it arrived. */
  broadcast: { publishGraceMs: number; flvVideoHeader: Buffer | null };
  close(): void;
}

interface NodeMediaServer {
  on(event: string, listener: (session: RtmpSession) => void): void;
  run(): Promise<void>;
  stop(): Promise<void>;
  rtmpServer: { tcpServer?: Server };
  store: { options: { signals: boolean } };
}

interface NmsLogger {
  log(message: string, level?: string): void;
}

export interface RtmpServerOptions {
  port: number;
  host: string;
  /** node-media-server keeps a small JSON store (stream history) here. */
  dataDir: string;
  log: Logger;
  /** A publish the library accepted; call `session.close()` to refuse it. Synchronous, like the library's events. */
  onPublish(session: RtmpSession): void;
}

export interface RtmpServer {
  port: number;
  /** Ends the plays of a stream (our segmenter's pull): the player reads the end of its input and finishes cleanly. */
  endPlays(streamName: string): void;
  close(): Promise<void>;
}

/**
 * node-media-server keeps its state (config, event emitter, sessions) in one module-wide object, so
 * a process can run one of these at a time: a second start before the first's close would share it.
 */
let running = false;

/**
 * node-media-server 4 as our RTMP listener and nothing else: no HTTP-FLV, no recording, no relays.
 * Plays are only for our own segmenter on loopback. The library's 30 s publish grace is turned off:
 * it would let a same-address reconnect continue the old publish with collapsed timestamps and would
 * hold `donePublish` back 30 s; we resume events ourselves (see ingest.service.ts).
 */
export async function startRtmpServer(options: RtmpServerOptions): Promise<RtmpServer> {
  if (running) throw new Error('an RTMP server is already running in this process');
  running = true;
  try {
    return await start(options);
  } catch (err) {
    running = false;
    throw err;
  }
}

async function start(options: RtmpServerOptions): Promise<RtmpServer> {
  const { log } = options;
  routeLibraryLog(log);
  const NodeMediaServer = require('node-media-server') as new (config: object) => NodeMediaServer;
  const nms = new NodeMediaServer({
    bind: options.host,
    rtmp: { port: options.port },
    webadmin: { enable: false },
    record: { auto: false },
    store: { path: path.join(options.dataDir, 'rtmp') },
  });
  const context = require('node-media-server/src/core/context.js') as { eventEmitter: NodeJS.EventEmitter };
  const plays = new Map<string, Set<RtmpSession>>();
  const listeners: [string, (session: RtmpSession) => void][] = [
    [
      'prePublish',
      (session) => {
        session.broadcast.publishGraceMs = 0;
      },
    ],
    ['postPublish', (session) => options.onPublish(session)],
    [
      'prePlay',
      (session) => {
        if (!isLoopback(session.ip)) {
          log.warn({ ip: session.ip }, 'refused an RTMP play from outside this machine');
          session.close();
          return;
        }
        const sessions = plays.get(session.streamName) ?? new Set();
        plays.set(session.streamName, sessions.add(session));
        session.socket.once('close', () => {
          sessions.delete(session);
          if (sessions.size === 0 && plays.get(session.streamName) === sessions) plays.delete(session.streamName);
        });
      },
    ],
  ];
  for (const [event, listener] of listeners) nms.on(event, listener);

  // Its store would catch SIGINT/SIGTERM and send them again, which our shutdown takes for a second Ctrl-C.
  nms.store.options.signals = false;
  const run = nms.run();
  const tcp = nms.rtmpServer.tcpServer;
  if (!tcp) throw new Error('node-media-server created no RTMP listener');
  // The library's own handler calls process.exit on a listen error; we report it like PORT's instead.
  tcp.removeAllListeners('error');
  const close = async () => {
    for (const [event, listener] of listeners) context.eventEmitter.off(event, listener);
    await nms.stop();
    running = false;
  };
  try {
    await new Promise<void>((resolve, reject) => {
      tcp.once('listening', resolve);
      tcp.once('error', reject);
    });
    await run;
  } catch (err) {
    await close();
    throw err;
  }
  tcp.on('error', (err) => log.error({ err }, 'RTMP server error'));
  return {
    port: (tcp.address() as { port: number }).port,
    endPlays(streamName) {
      for (const session of plays.get(streamName) ?? []) session.close();
    },
    close,
  };
}

function isLoopback(ip: string): boolean {
  const address = ip.replace(/:\d+$/, '');
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/** Its logger writes every connection to stdout with console.log; ours is pino (one JSON line per call). */
function routeLibraryLog(log: Logger): void {
  const nmsLogger = require('node-media-server/src/core/logger.js') as NmsLogger;
  const child = log.child({ component: 'rtmp' });
  nmsLogger.log = (message, level = 'info') => {
    if (level === 'error') child.warn(message);
    else child.debug(message);
  };
}
