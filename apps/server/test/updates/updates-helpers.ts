import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { UpdateData, UpdateEventName } from '@app/contracts/talk';
import type { FastifyInstance } from 'fastify';
import { build } from '../../src/app';
import type { Db } from '../../src/db/client';
import { recordUpdate, type UpdateAudience } from '../../src/modules/updates/record-update';
import { startRuntime } from '../../src/runtime';
import type { TeamsApp } from '../teams/helpers';

/** One server-sent event as the client sees it; `event` is null for a frame that only carries an id. */
export interface StreamEvent {
  id: string | null;
  event: string | null;
  data: unknown;
}

/** The base URL of an app listening on a free port. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * `GET /api/updates` read over real HTTP as a streaming client does (node's http: it can send the Host
 * of the other tenant, which fetch replaces): its frames in order, awaited one by one.
 */
export async function openUpdates(base: string, headers: Record<string, string>, query = '') {
  const req = http.get(`${base}/api/updates${query}`, { headers: { 'accept-encoding': 'gzip, br', ...headers } });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => req.once('response', resolve).once('error', reject));
  const received: StreamEvent[] = [];
  const waiting: { wake: (() => void) | null } = { wake: null };
  let ended = false;
  let body = '';
  void (async () => {
    let text = '';
    try {
      for await (const chunk of res.setEncoding('utf8')) {
        if (res.statusCode !== 200) {
          body += chunk as string;
          continue;
        }
        text += chunk as string;
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(block)?.[1] ?? null;
          const id = field('id');
          if (id === null) continue; // retry: and heartbeat comments
          const data = field('data');
          received.push({ id, event: field('event'), data: data === null ? null : JSON.parse(data) });
          waiting.wake?.();
        }
      }
    } catch {
      // Closed by the test.
    }
    ended = true;
    waiting.wake?.();
  })();
  let read = 0;
  const stream = {
    status: res.statusCode,
    headers: res.headers,
    /** The error body of a refused stream. */
    async error(): Promise<{ statusCode: number; message: string }> {
      while (!ended) await new Promise<void>((resolve) => (waiting.wake = resolve));
      return JSON.parse(body) as { statusCode: number; message: string };
    },
    /** The next frame (waits for it), or null when the stream ended first. */
    async next(): Promise<StreamEvent | null> {
      while (read >= received.length && !ended) await new Promise<void>((resolve) => (waiting.wake = resolve));
      return read < received.length ? received[read++]! : null;
    },
    /** The next event (frames with an id only are skipped). */
    async nextEvent(): Promise<StreamEvent | null> {
      for (;;) {
        const frame = await stream.next();
        if (frame === null || frame.event !== null) return frame;
      }
    },
    close: () => req.destroy(),
  };
  return stream;
}
export type UpdatesStream = Awaited<ReturnType<typeof openUpdates>>;

/** Records an update the way every writer does (recordUpdate, last in its transaction); returns its id. */
export function write<K extends UpdateEventName>(db: Db, audience: UpdateAudience, kind: K, data: UpdateData[K]): Promise<number> {
  return db.transaction((tx) => recordUpdate(tx, audience, kind, data));
}

/** A second web node on the same database: its own runtime, pool and LISTEN connection. */
export async function secondNode(t: TeamsApp) {
  const runtime = await startRuntime(t.config, t.databaseUrl, pino({ level: 'silent' }));
  const app = await build(t.config, runtime);
  const base = await listen(app);
  let closed = false;
  return {
    app,
    runtime,
    base,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await runtime.close();
    },
  };
}
