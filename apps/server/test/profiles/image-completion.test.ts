import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserImage } from '@app/contracts/profiles';
import { createDb } from '../../src/db/client';
import { withJobTransaction } from '../../src/db/job-transaction';
import { createNotificationListener, LISTENER_APPLICATION_NAME } from '../../src/db/notification-listener';
import { IMAGE_CHANNEL } from '../../src/modules/images/image-settled';
import { registerImages } from '../../src/modules/images/images.module';
import { createUsers } from '../../src/modules/users/users.module';
import { startRuntime } from '../../src/runtime';
import { queryCounter } from '../helpers/query-count';
import { teamsApp } from '../teams/helpers';
import { userId } from '../videos/helpers';
import { completeImage, person, sendImage, solidJpeg, type Person, type TeamsApp } from './helpers';

const silent = pino({ level: 'silent' });

// The web node runs no job workers: every image here is processed by another node's worker.
let t: TeamsApp;
let who: Person;
let whoId: number;
beforeAll(async () => {
  t = await teamsApp({ WORKERS: '0' });
  who = await person(t, 'waiter');
  whoId = await userId(t, 'waiter');
});
afterAll(() => t?.close());

/** Runs the jobs on a media node of the same database (its own runtime and pool) until `waiting` answers. */
async function withWorkerNode<T>(waiting: Promise<T>): Promise<T> {
  const worker = await startRuntime({ ...t.config, workers: 1 }, t.databaseUrl, silent);
  try {
    return await waiting;
  } finally {
    await worker.close();
  }
}

describe('completing an image upload', () => {
  it('answers the image ready once a worker on another node has processed it', async () => {
    const key = await sendImage(t, who, await solidJpeg(120, 80), 'photo');
    const res = await withWorkerNode(completeImage(t, who, key));
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { image: UserImage }).image).toMatchObject({ _id: key, status: 'ready', width: 120, height: 80 });
  });
});

/**
 * The images module on a pool of its own (so every statement on it is one of its reads), hearing a
 * LISTEN connection of its own through a seam that logs each notification and reconnect beside its reads.
 */
async function observedImages() {
  const db = createDb(t.databaseUrl);
  const entries: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const log = (entry: string) => {
    entries.push(entry);
    for (const w of waiters.filter((w) => entries.length >= w.count)) w.resolve();
  };
  /** Resolves once the log holds `count` entries. */
  const logged = (count: number) => new Promise<void>((resolve) => (entries.length >= count ? resolve() : waiters.push({ count, resolve })));
  let observing = false;
  queryCounter(db.$client, (text) => {
    if (observing) log(/from "user_images"/.test(text) ? 'read' : text);
  });
  const listener = createNotificationListener({ connectionString: t.databaseUrl }, [IMAGE_CHANNEL], silent);
  await new Promise<void>((resolve) => listener.onListening(resolve));
  // Registered on an app of its own: only its service is used here.
  const app = Fastify();
  const images = await registerImages(app, {
    config: t.config,
    runtime: { ...t.runtime, db },
    log: app.log,
    users: createUsers({ db, identity: t.runtime.identity }),
    teams: { ownedChannel: () => Promise.reject(new Error('no logos here')) },
    dbListener: {
      on: (channel, handler) =>
        listener.on(channel, (payload) => {
          log(`notified ${payload}`);
          handler(payload);
        }),
      onListening: (handler) =>
        listener.onListening(() => {
          log('listening');
          handler();
        }),
    },
  });
  return {
    images,
    entries,
    logged,
    /** A `processing` photo and its job, as completing its upload leaves them; from here on the log records. */
    async processingPhoto(): Promise<string> {
      const key = randomUUID();
      const storageKey = `demo/images/${key}/original/photo.jpg`;
      await t.runtime.storage.put(storageKey, await solidJpeg(64, 64), { contentType: 'image/jpeg' });
      await withJobTransaction(db, (tx) => images.start(tx, { key, tenantId: 'demo', userId: whoId, tag: 'photo', storageKey }));
      observing = true;
      return key;
    },
    async close() {
      await app.close();
      await listener.close();
      await db.$client.end();
    },
  };
}

describe('waiting for an image: woken by its notification, never polling', () => {
  it('reads the image once after subscribing, then once when the worker node notifies that it is ready', async () => {
    const o = await observedImages();
    try {
      const key = await o.processingPhoto();
      const waiting = o.images.processed(key);
      // Subscribed and read once: only now is there a worker to process it.
      await o.logged(1);
      expect(await withWorkerNode(waiting)).toMatchObject({ _id: key, status: 'ready' });
      expect(o.entries).toEqual(['read', `notified ${key}`, 'read']);
    } finally {
      await o.close();
    }
  });

  it('reads the image again when the LISTEN connection comes back (a notification may have been lost meanwhile)', async () => {
    const o = await observedImages();
    try {
      const key = await o.processingPhoto();
      const waiting = o.images.processed(key);
      await o.logged(1);
      await t.sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`, [
        LISTENER_APPLICATION_NAME,
      ]);
      await o.logged(3);
      expect(o.entries).toEqual(['read', 'listening', 'read']);
      expect(await withWorkerNode(waiting)).toMatchObject({ _id: key, status: 'ready' });
      expect(o.entries).toEqual(['read', 'listening', 'read', `notified ${key}`, 'read']);
    } finally {
      await o.close();
    }
  });
});
