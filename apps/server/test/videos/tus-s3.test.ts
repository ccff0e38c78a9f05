import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadSweepJob } from '../../src/modules/videos/upload-sweep.job';
import { jobContext, runJob } from '../transcode/helpers';
import { call, coach, MiB, videosApp, type Person, type TeamsApp } from './helpers';
import { startMultipartS3rver, type MultipartS3rver } from './s3rver-multipart';

let s3: MultipartS3rver;
let t: TeamsApp;
let base: string;
let owner: Person;

beforeAll(async () => {
  s3 = await startMultipartS3rver();
  t = await videosApp({
    STORAGE_DRIVER: 's3',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  owner = await coach(t, 's3coach', 'Buckets');
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const b64 = (s: string) => Buffer.from(s).toString('base64');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const tus = (method: string, url: string, headers: Record<string, string>, body?: Buffer) =>
  fetch(`${base}${url}`, { method, headers: { 'tus-resumable': '1.0.0', ...owner.headers, ...headers }, ...(body && { body }) });
const patch = (location: string, offset: number, body: Buffer) =>
  tus('PATCH', location, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body);

async function start(size: number): Promise<{ key: string; location: string }> {
  const pre = await call(t, 'POST', '/api/user/preupload', owner.headers, { fileName: 'bucket game.mov', contentType: 'video/quicktime', size });
  expect(pre.json()).toMatchObject({ protocol: 'tus' });
  const key = pre.json().key as string;
  const created = await tus('POST', '/api/uploads/tus', { 'upload-length': String(size), 'upload-metadata': `uploadKey ${b64(key)}` });
  expect(created.status, await created.clone().text()).toBe(201);
  return { key, location: created.headers.get('location')! };
}

describe('resumable uploads with the s3 driver', () => {
  it('writes the multipart upload straight at the video’s source key and resumes from the stored offset', async () => {
    const size = 64 * MiB + 4321;
    const file = randomBytes(size);
    const { key, location } = await start(size);
    const sourceKey = `demo/videos/${key}/source/bucket_game.mov`;

    // First session: 20 MiB + a tail that is not a whole part, then the client goes away.
    const first = 20 * MiB + 777;
    expect((await patch(location, 0, file.subarray(0, first))).status).toBe(204);
    const head = await tus('HEAD', location, {});
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(first);
    expect(await t.runtime.storage.head(sourceKey)).toBeNull();
    expect((await call(t, 'POST', `/api/user/preupload/${key}/complete`, owner.headers)).statusCode).toBe(409);

    const rest = await patch(location, offset, file.subarray(offset));
    expect(rest.status, await rest.clone().text()).toBe(204);

    const done = await call(t, 'POST', `/api/user/preupload/${key}/complete`, owner.headers);
    expect(done.statusCode, done.body).toBe(201);
    expect(await t.runtime.storage.head(sourceKey)).toMatchObject({ size, contentType: 'video/quicktime' });
    const { body } = await t.runtime.storage.getStream(sourceKey);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    expect(sha(Buffer.concat(chunks))).toBe(sha(file));
    // The tus store's state objects beside the source are gone.
    expect(await t.runtime.storage.head(`${sourceKey}.info`)).toBeNull();
    expect(await t.runtime.storage.head(`${sourceKey}.part`)).toBeNull();
    // A late HEAD learns the upload is whole.
    const late = await tus('HEAD', location, {});
    expect(late.headers.get('upload-offset')).toBe(String(size));
  });

  it('the sweep removes an abandoned upload’s objects', async () => {
    const size = 65 * MiB;
    const { key, location } = await start(size);
    const sourceKey = `demo/videos/${key}/source/bucket_game.mov`;
    expect((await patch(location, 0, Buffer.alloc(MiB))).status).toBe(204);
    expect(await t.runtime.storage.head(`${sourceKey}.info`)).not.toBeNull();
    await t.sql(`UPDATE uploads SET expires_at = now() - interval '7 hours' WHERE key = $1`, [key]);
    await runJob(uploadSweepJob, {}, jobContext(t));
    expect(await t.sql(`SELECT key FROM uploads WHERE key = $1`, [key])).toHaveLength(0);
    expect(await t.runtime.storage.head(`${sourceKey}.info`)).toBeNull();
    expect(await t.runtime.storage.head(`${sourceKey}.part`)).toBeNull();
  });
});
