import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { probe, type ProbeResult } from '@app/media/probe';
import pg from 'pg';
import { inject } from 'vitest';
import { joinLink, outboxLink, registeredByApi } from './accounts-helpers';
import { newPerson } from './identity-helpers';
import { waitForVideo, type subscribedCoach } from './videos-helpers';

/** An athlete invited by e-mail to the coach's team main, who accepted through the API. */
export async function teammate(coach: { username: string; call: (path: string, body: unknown) => Promise<Record<string, unknown>> }) {
  const person = newPerson('mate');
  await coach.call('/api/user/invites', { email: person.email, owner: coach.username, channel: 'main' });
  const link = await outboxLink(person.email, joinLink);
  const account = await registeredByApi(person, 'athlete');
  await account.call(`/api/invites/${link.split('/join/')[1]}/accept`, {});
  return { ...person, ...account };
}

/**
 * One query on the app's embedded PostgreSQL (under the server's DATA_DIR), for effects that no API
 * shows yet, such as recorded mentions.
 */
export async function sql<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const dataDir = inject('dataDir');
  const creds = JSON.parse(await fs.readFile(path.join(dataDir, '.postgres-credentials.json'), 'utf8')) as { user: string; password: string };
  // postmaster.pid's fourth line is the port the cluster listens on.
  const port = Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]);
  const client = new pg.Client({ host: '127.0.0.1', port, user: creds.user, password: creds.password, database: 'app' });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** ffprobe of downloaded bytes (written to a temporary file, removed after). */
export async function probeBytes(bytes: ArrayBuffer): Promise<ProbeResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-e2e-probe-'));
  try {
    const file = path.join(dir, 'reel.mp4');
    await fs.writeFile(file, Buffer.from(bytes));
    return await probe(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The product API with a Bearer token, any method, JSON both ways. */
export async function apiCall(access: string, method: string, urlPath: string, body?: unknown) {
  const res = await fetch(`${inject('baseUrl')}${urlPath}`, {
    method,
    headers: { authorization: `Bearer ${access}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

/** Polls a reel until every chunk plays its clip's own file (no `#t` range into the source rendition). */
export async function clipsCut(access: string, reelId: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await apiCall(access, 'GET', `/api/user/reels/${reelId}`);
    const chunks = (body?.chunks ?? []) as { source: string }[];
    if (status === 200 && chunks.length > 0 && chunks.every((c) => !c.source.includes('#t='))) return;
    if (Date.now() > until) throw new Error(`reel ${reelId}: clips still not cut after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A ready 20 s test video of the coach's, with a title (clips carry their source's title). */
export async function readyVideo(coach: Awaited<ReturnType<typeof subscribedCoach>>, title: string): Promise<string> {
  const { key } = (await coach.call('/api/user/testvideo', {})) as { key: string };
  const video = await waitForVideo(coach.access, key);
  if (video.status !== 'ready') throw new Error(`test video ${key} is ${String(video.status)}`);
  const renamed = await apiCall(coach.access, 'PUT', `/api/user/videos/${key}`, { title });
  if (renamed.status !== 200) throw new Error(`renaming video ${key}: ${renamed.status}`);
  return key;
}
