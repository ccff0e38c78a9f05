import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tusDirectory } from '../../src/modules/videos/tus-store';
import { uploadSweepJob } from '../../src/modules/videos/upload-sweep.job';
import { jobContext, runJob } from '../transcode/helpers';
import { athlete, call, coach, MiB, person, TEST_UPLOAD_MAX_BYTES, videosApp, type Person, type TeamsApp } from './helpers';

let t: TeamsApp;
let base: string;
let owner: Person;
let intruder: Person;
let other: Person;

/** Over the 64 MB threshold, so preupload chooses tus. */
const SIZE = 64 * MiB + 12_345;
let file: Buffer;

beforeAll(async () => {
  t = await videosApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
  owner = await coach(t, 'resumer', 'Resumers');
  intruder = await athlete(t, 'intruder');
  other = await person(t, 'otherresumer', { type: 'team', other: true });
  file = randomBytes(SIZE);
});
afterAll(() => t?.close());

const b64 = (s: string) => Buffer.from(s).toString('base64');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function tusPreupload(who: Person, size = SIZE): Promise<string> {
  const res = await call(t, 'POST', '/api/user/preupload', who.headers, { fileName: 'long game.mp4', contentType: 'video/mp4', size });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ protocol: 'tus', url: '/api/uploads/tus' });
  return res.json().key as string;
}

function tus(method: string, url: string, headers: Record<string, string>, body?: Buffer) {
  return fetch(`${base}${url}`, { method, headers: { 'tus-resumable': '1.0.0', ...headers }, ...(body && { body }) });
}

async function create(who: Person, key: string, length = SIZE, extra: Record<string, string> = {}) {
  return tus('POST', '/api/uploads/tus', {
    ...who.headers,
    'upload-length': String(length),
    'upload-metadata': `uploadKey ${b64(key)},filename ${b64('long game.mp4')},filetype ${b64('video/mp4')}`,
    ...extra,
  });
}

/** A creation through node:http, which (unlike fetch) may set Host: the tenant's host. */
function createWithHost(headers: Record<string, string>, key: string, length = 65 * MiB): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(`${base}/api/uploads/tus`, {
      method: 'POST',
      headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-length': String(length), 'upload-metadata': `uploadKey ${b64(key)}` },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end();
  });
}

const patch = (who: Person, location: string, offset: number, body: Buffer) =>
  tus('PATCH', location, { ...who.headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body);

const head = (who: Person, location: string) => tus('HEAD', location, who.headers);

/** Sends a PATCH announcing the whole rest, writes `sendBytes` of it, then cuts the connection. */
function patchAndDrop(who: Person, location: string, offset: number, rest: Buffer, sendBytes: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        ...who.headers,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(rest.length),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(rest.subarray(0, sendBytes), () => {
      // Give the server a moment to take the bytes in, then drop like a lost Wi-Fi.
      setTimeout(() => req.destroy(), 300);
    });
  });
}

async function offsetOf(who: Person, location: string): Promise<number> {
  const res = await head(who, location);
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

async function stableOffset(who: Person, location: string): Promise<number> {
  let last = -1;
  for (let i = 0; i < 50; i++) {
    const now = await offsetOf(who, location);
    if (now === last && now > 0) return now;
    last = now;
    await new Promise((r) => setTimeout(r, 200));
  }
  return last;
}

async function stored(key: string): Promise<Buffer> {
  const { body } = await t.runtime.storage.getStream(key);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('resumable uploads (tus)', () => {
  it('a connection cut mid-way resumes from where it stopped; complete creates the video from the exact bytes', async () => {
    const key = await tusPreupload(owner);
    const created = await create(owner, key);
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/tus\/[A-Za-z0-9_-]+$/);

    await patchAndDrop(owner, location, 0, file, Math.floor(SIZE * 0.6));
    const offset = await stableOffset(owner, location);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(Math.floor(SIZE * 0.6));

    // Not finished yet: complete refuses.
    const early = await call(t, 'POST', `/api/user/preupload/${key}/complete`, owner.headers);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The upload has not finished yet.');

    const rest = await patch(owner, location, offset, file.subarray(offset));
    expect(rest.status, await rest.clone().text()).toBe(204);
    expect(Number(rest.headers.get('upload-offset'))).toBe(SIZE);

    const done = await call(t, 'POST', `/api/user/preupload/${key}/complete`, owner.headers);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().video).toMatchObject({ key, status: 'processing' });
    const [row] = await t.sql<{ source_key: string; source_size: string }>(`SELECT source_key, source_size FROM videos WHERE id = $1`, [key]);
    expect(row!.source_key).toBe(`demo/videos/${key}/source/long_game.mp4`);
    expect(Number(row!.source_size)).toBe(SIZE);
    const object = await t.runtime.storage.head(row!.source_key);
    expect(object).toMatchObject({ size: SIZE, contentType: 'video/mp4' });
    expect(sha(await stored(row!.source_key))).toBe(sha(file));
    expect(await t.sql(`SELECT id FROM pgboss.job WHERE name = 'transcode-video' AND data->>'videoId' = $1`, [key])).toHaveLength(1);

    // The tus copy is gone once the bytes are in storage; a late HEAD still learns the upload is whole.
    expect(await filesUnder(tusDirectory(t.config.dataDir))).toEqual([]);
    const late = await head(owner, location);
    expect(late.status).toBe(200);
    expect(late.headers.get('upload-offset')).toBe(String(SIZE));
    // Nothing more may be written to it.
    const more = await patch(owner, location, SIZE, Buffer.from('x'));
    expect(more.status).toBe(409);
  });

  it('checks who sends every request: the token, the upload’s owner and tenant', async () => {
    const key = await tusPreupload(owner, 65 * MiB);
    expect((await create({ ...owner, headers: {} }, key, 65 * MiB)).status).toBe(401);
    expect((await create(intruder, key, 65 * MiB)).status).toBe(404);
    // The tenant comes from the Host header, which fetch cannot set.
    expect(await createWithHost({ ...owner.headers, host: 'eagles.test' }, key)).toBe(401);
    expect(await createWithHost(other.headers, key)).toBe(404);

    const created = await create(owner, key, 65 * MiB);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect((await head({ ...owner, headers: {} }, location)).status).toBe(401);
    expect((await head(intruder, location)).status).toBe(404);
    const foreign = await patch(intruder, location, 0, Buffer.alloc(10));
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Upload not found.' });
    expect((await tus('DELETE', location, intruder.headers)).status).toBe(404);
    expect(await offsetOf(owner, location)).toBe(0);
    // A made-up id is not found either.
    expect((await head(owner, '/api/uploads/tus/ZGVtby92aWRlb3MveC9zb3VyY2UveC5tcDQ')).status).toBe(404);
    expect((await head(owner, '/api/uploads/tus/..%2F..%2Fetc')).status).toBe(404);
  });

  it('refuses creations that do not match the preupload', async () => {
    const put = await call(t, 'POST', '/api/user/preupload', owner.headers, { fileName: 'small.mp4', contentType: 'video/mp4', size: 100 });
    expect((await create(owner, put.json().key, 100)).status).toBe(404);
    expect((await create(owner, '7d6c1e2a-3b4c-4d5e-8f90-000000000000')).status).toBe(404);
    const noKey = await tus('POST', '/api/uploads/tus', { ...owner.headers, 'upload-length': '100' });
    expect(noKey.status).toBe(404);

    const key = await tusPreupload(owner, 70 * MiB);
    const tooLarge = await create(owner, key, TEST_UPLOAD_MAX_BYTES + 1);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'This file is too large. The limit is 80 MB.' });
    const otherLength = await create(owner, key, 70 * MiB - 1);
    expect(otherLength.status).toBe(400);
    expect(((await otherLength.json()) as { message: string }).message).toBe(`Upload-Length must be the size given to preupload (${70 * MiB} bytes).`);
    const deferred = await tus('POST', '/api/uploads/tus', {
      ...owner.headers,
      'upload-defer-length': '1',
      'upload-metadata': `uploadKey ${b64(key)}`,
    });
    expect(deferred.status).toBe(400);

    expect((await create(owner, key, 70 * MiB)).status).toBe(201);
    const again = await create(owner, key, 70 * MiB);
    expect(again.status).toBe(409);
  });

  it('a PATCH beyond the declared length is cut off; nothing reaches storage', async () => {
    const size = 64 * MiB + 1;
    const key = await tusPreupload(owner, size);
    const location = (await create(owner, key, size)).headers.get('location')!;
    const res = await patch(owner, location, 0, Buffer.alloc(size + 10));
    expect(res.status).toBe(413);
    expect(await t.runtime.storage.head(`demo/videos/${key}/source/long_game.mp4`)).toBeNull();
  });

  it('expired uploads take no more bytes; the sweep deletes abandoned ones with their partial files', async () => {
    const key = await tusPreupload(owner, 65 * MiB);
    const location = (await create(owner, key, 65 * MiB)).headers.get('location')!;
    expect((await patch(owner, location, 0, Buffer.alloc(MiB))).status).toBe(204);
    expect((await filesUnder(tusDirectory(t.config.dataDir))).length).toBeGreaterThan(0);

    await t.sql(`UPDATE uploads SET expires_at = now() - interval '1 minute' WHERE key = $1`, [key]);
    expect((await patch(owner, location, MiB, Buffer.alloc(MiB))).status).toBe(404);

    // Within the grace nothing is swept; after it, everything of the upload goes.
    const sweep = () => runJob(uploadSweepJob, {}, jobContext(t));
    await sweep();
    expect(await t.sql(`SELECT key FROM uploads WHERE key = $1`, [key])).toHaveLength(1);
    await t.sql(`UPDATE uploads SET expires_at = now() - interval '7 hours' WHERE key = $1`, [key]);
    await sweep();
    expect(await t.sql(`SELECT key FROM uploads WHERE key = $1`, [key])).toHaveLength(0);
    const left = await filesUnder(tusDirectory(t.config.dataDir));
    expect(left.filter((f) => f.includes(key))).toEqual([]);
    // Completed uploads are never swept.
    const completed = await t.sql(`SELECT key FROM uploads WHERE completed_at IS NOT NULL`);
    expect(completed.length).toBeGreaterThan(0);
  });
});
