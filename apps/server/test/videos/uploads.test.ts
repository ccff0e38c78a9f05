import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preuploadResponse, video as videoSchema } from '@app/contracts/videos';
import { build } from '../../src/app';
import { formatLimit } from '../../src/modules/videos/uploads.service';
import { safeFileName } from '../../src/modules/videos/file-name';
import { stagingKey } from '../../src/modules/videos/staging-key';
import { athlete, call, coach, expectError, joinTeam, MiB, pathOf, person, TEST_UPLOAD_MAX_BYTES, uploadVideo, videosApp, type Person, type TeamsApp } from './helpers';

let t: TeamsApp;
let owner: Person;
let mate: Person;
let fan: Person;
let none: Person;
let unregistered: Person;
let other: Person;

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'uploader', 'Uploaders');
  mate = await athlete(t, 'uploadmate');
  fan = await person(t, 'uploadfan', { type: 'fan' });
  none = await person(t, 'lapsed', { type: 'athlete' });
  // A registered athlete whose 8-day trial is over and who never subscribed: level none.
  await t.sql(`UPDATE users SET trial_started_at = now() - interval '9 days' WHERE username = 'lapsed'`);
  unregistered = await person(t, 'nobody', { register: false });
  other = await person(t, 'otheruploader', { type: 'team', other: true });
  await joinTeam(t, 'uploader', 'uploadmate');
});
afterAll(() => t?.close());

const preupload = (who: Person | { headers: Record<string, string> }, body: unknown) => call(t, 'POST', '/api/user/preupload', who.headers, body);
const complete = (who: Person, key: string) => call(t, 'POST', `/api/user/preupload/${key}/complete`, who.headers);
const bytes = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 251));

async function jobsOf(videoId: string) {
  return t.sql<{ id: string; state: string }>(`SELECT id, state FROM pgboss.job WHERE name = 'transcode-video' AND data->>'videoId' = $1`, [videoId]);
}

describe('POST /api/user/preupload', () => {
  it('answers a signed, expiring PUT target bound to the content type, under the tenant’s video key', async () => {
    const res = await preupload(owner, { fileName: '../Ünïcode game (final).MP4', contentType: 'video/mp4', size: 1000 });
    expect(res.statusCode, res.body).toBe(201);
    const body = preuploadResponse.parse(res.json());
    expect(body).toMatchObject({ protocol: 'put', maxBytes: TEST_UPLOAD_MAX_BYTES });
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(Date.parse(body.expiresAt)).toBeLessThan(Date.now() + 61 * 60_000);
    // The link writes to a staging key; complete moves the checked bytes to the storage key.
    expect(body.url).toContain(`/storage/demo/uploads/${body.key}/Unicode_game_final_.MP4?`);
    const [row] = await t.sql<{ file_name: string; storage_key: string; size: string }>(`SELECT file_name, storage_key, size FROM uploads WHERE key = $1`, [body.key]);
    expect(row).toMatchObject({ file_name: 'Ünïcode game (final).MP4', storage_key: `demo/videos/${body.key}/source/Unicode_game_final_.MP4` });
  });

  it('chooses tus for videos over 64 MB', async () => {
    const res = await preupload(owner, { fileName: 'big.mov', contentType: 'video/quicktime', size: 64 * MiB + 1 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ protocol: 'tus', url: '/api/uploads/tus' });
    expect(Date.parse(res.json().expiresAt)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const exactly = await preupload(owner, { fileName: 'edge.mov', contentType: 'video/quicktime', size: 64 * MiB });
    expect(exactly.json().protocol).toBe('put');
  });

  it('accepts images for hero and avatar only', async () => {
    const hero = await preupload(owner, { fileName: 'me.png', contentType: 'image/png', tag: 'hero', size: 100 });
    expect(hero.statusCode, hero.body).toBe(201);
    expect(hero.json().url).toContain(`/storage/demo/uploads/${hero.json().key}/me.png?`);
    expectError(await preupload(owner, { fileName: 'me.png', contentType: 'image/png' }), 400, /Only video files can be uploaded/);
    expectError(await preupload(owner, { fileName: 'clip.mp4', contentType: 'video/mp4', tag: 'avatar' }), 400, /Profile pictures must be images/);
    expectError(await preupload(owner, { fileName: 'x.png', contentType: 'image/png', tag: 'banner' }), 400);
  });

  it('validates the body: content type, names, sizes, types, unknown fields, JSON', async () => {
    expectError(await preupload(owner, { fileName: 'a.exe', contentType: 'application/octet-stream' }), 400, /Only video files/);
    expectError(await preupload(owner, { fileName: 'a.mp4', contentType: 'video/' }), 400);
    expectError(await preupload(owner, { fileName: 'a.mp4', contentType: 'video/mp4 bad' }), 400, 'Content type must be a valid media type such as video/mp4.');
    expectError(await preupload(owner, { fileName: '', contentType: 'video/mp4' }), 400);
    expectError(await preupload(owner, { fileName: 'x'.repeat(256), contentType: 'video/mp4' }), 400);
    expectError(await preupload(owner, { contentType: 'video/mp4' }), 400);
    expectError(await preupload(owner, { fileName: 'a.mp4' }), 400);
    expectError(await preupload(owner, { fileName: 7, contentType: 'video/mp4' }), 400);
    expectError(await preupload(owner, { fileName: 'a.mp4', contentType: 'video/mp4', size: '10' }), 400);
    expectError(await preupload(owner, { fileName: 'a.mp4', contentType: 'video/mp4', size: 0 }), 400);
    expectError(await preupload(owner, { fileName: 'a.mp4', contentType: 'video/mp4', size: 1.5 }), 400);
    expectError(await preupload(owner, { fileName: 'a.mp4', contentType: 'video/mp4', extra: true }), 400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/user/preupload',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"fileName": "a.mp4",',
    });
    expectError(malformed, 400);
    expect(malformed.json().code).toBe('INVALID_JSON');
  });

  it('refuses a declared size over the limit with 413 and the limit in words', async () => {
    const res = await preupload(owner, { fileName: 'huge.mp4', contentType: 'video/mp4', size: TEST_UPLOAD_MAX_BYTES + 1 });
    expectError(res, 413, 'This file is too large. The limit is 80 MB.');
    expectError(await preupload(owner, { fileName: 'me.png', contentType: 'image/png', tag: 'avatar', size: 26 * MiB }), 413, 'This file is too large. The limit is 25 MB.');
    expect(formatLimit(20 * 1024 ** 3)).toBe('20 GB');
    expect(formatLimit(1.5 * 1024 ** 3)).toBe('1.5 GB');
  });

  it('lets only athlete and team levels upload', async () => {
    expectError(await preupload({ headers: {} }, { fileName: 'a.mp4', contentType: 'video/mp4' }), 401);
    expectError(await preupload(fan, { fileName: 'a.mp4', contentType: 'video/mp4' }), 403, 'Your subscription does not include this.');
    expectError(await preupload(none, { fileName: 'a.mp4', contentType: 'video/mp4' }), 403, 'Your subscription does not include this.');
    expectError(await preupload(unregistered, { fileName: 'a.mp4', contentType: 'video/mp4' }), 403, 'Your subscription does not include this.');
    expect((await preupload(mate, { fileName: 'a.mp4', contentType: 'video/mp4' })).statusCode).toBe(201);
    // A fan who subscribes to a plan that uploads may upload.
    const sub = await call(t, 'POST', '/api/billing/local/subscribe', fan.headers, { type: 'athlete' });
    expect(sub.statusCode, sub.body).toBeLessThan(300);
    expect((await preupload(fan, { fileName: 'a.mp4', contentType: 'video/mp4' })).statusCode).toBe(201);
  });

  it('makes file names safe for storage keys', () => {
    expect(safeFileName('C:\\Users\\me\\clip one.mp4')).toBe('clip_one.mp4');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName('.hidden.mov')).toBe('hidden.mov');
    expect(safeFileName('日本語.mp4')).toBe('file.mp4');
    expect(safeFileName(`${'a'.repeat(300)}.webm`)).toBe(`${'a'.repeat(95)}.webm`);
    expect(safeFileName('stream-1700000000000.webm')).toBe('stream-1700000000000.webm');
  });
});

describe('PUT the bytes, then complete', () => {
  it('creates the video (processing) and its transcode job in one go; the stored object is the file', async () => {
    const file = bytes(5000);
    const { key, res } = await uploadVideo(t, owner, file, 'stream-1700000000000.webm', 'video/webm');
    const body = res.json();
    expect(body.key).toBe(key);
    expect(videoSchema.parse(body.video)).toMatchObject({ key, status: 'processing', progress: 0, ownerUsername: 'uploader', isTest: false, title: 'stream-1700000000000' });
    const [row] = await t.sql<Record<string, unknown>>(
      `SELECT status, source_key, source_name, source_size::int, source_content_type, job_id, owner_user_id FROM videos WHERE id = $1`,
      [key],
    );
    expect(row).toMatchObject({
      status: 'processing',
      source_key: `demo/videos/${key}/source/stream-1700000000000.webm`,
      source_name: 'stream-1700000000000.webm',
      source_size: 5000,
      source_content_type: 'video/webm',
    });
    const jobs = await jobsOf(key);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ id: row!.job_id, state: 'created' });
    const stored = await t.runtime.storage.getStream(row!.source_key as string);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(file)).toBe(true);
    expect(stored.object.contentType).toBe('video/webm');
    // The uploader sees it in the library at once; teammates once it is ready (it may yet fail).
    const keys = async (who: Person) => (await call(t, 'GET', '/api/user/videos', who.headers)).json().items.map((v: { key: string }) => v.key);
    expect(await keys(owner)).toContain(key);
    expect(await keys(mate)).not.toContain(key);
  });

  it('is idempotent: repeats (also concurrent ones) answer the same video and enqueue nothing more', async () => {
    const pre = await preupload(owner, { fileName: 'twice.mp4', contentType: 'video/mp4', size: 10 });
    const { key, url } = pre.json();
    await t.app.inject({ method: 'PUT', url: pathOf(url), headers: { 'content-type': 'video/mp4' }, payload: bytes(10) });
    const results = await Promise.all([complete(owner, key), complete(owner, key), complete(owner, key)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    for (const r of results) expect(r.json().video.key).toBe(key);
    const again = await complete(owner, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().video).toMatchObject({ key, status: 'processing' });
    expect(await jobsOf(key)).toHaveLength(1);
    expect(await t.sql(`SELECT id FROM videos WHERE id = $1`, [key])).toHaveLength(1);
  });

  it('completes when a concurrent complete moves the staged bytes between its look at the video key and at the staging key', async () => {
    const { key, url } = (await preupload(owner, { fileName: 'moved.mp4', contentType: 'video/mp4', size: 10 })).json();
    await t.app.inject({ method: 'PUT', url: pathOf(url), headers: { 'content-type': 'video/mp4' }, payload: bytes(10) });
    const [row] = await t.sql<{ storage_key: string }>(`SELECT storage_key FROM uploads WHERE key = $1`, [key]);
    const real = t.runtime.storage;
    let moved = false;
    // The other complete's move lands right after this one found nothing at the video's key.
    const storage = Object.assign(Object.create(real) as typeof real, {
      async head(objectKey: string) {
        const found = await real.head(objectKey);
        if (objectKey === row!.storage_key && !found && !moved) {
          moved = true;
          await real.move(stagingKey({ tenantId: 'demo', key, storageKey: row!.storage_key }), objectKey);
        }
        return found;
      },
    });
    // The app on this storage: its uploads service completes through it.
    const racing = await build(t.config, { ...t.runtime, storage });
    try {
      const res = await racing.inject({ method: 'POST', url: `/api/user/preupload/${key}/complete`, headers: owner.headers });
      expect(moved).toBe(true);
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await racing.close();
    }
    expect(await jobsOf(key)).toHaveLength(1);
  });

  it('inserts the video and enqueues its job in one transaction: a failed enqueue leaves no video', async () => {
    const { key, url } = (await preupload(owner, { fileName: 'atomic.mp4', contentType: 'video/mp4', size: 10 })).json();
    await t.app.inject({ method: 'PUT', url: pathOf(url), headers: { 'content-type': 'video/mp4' }, payload: bytes(10) });
    // The queue refuses this one job, inside the transaction that inserts its video.
    await t.sql(`CREATE FUNCTION refuse_atomic_job() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.data->>'videoId' = '${key}' THEN RAISE EXCEPTION 'queue down'; END IF; RETURN NEW; END $$`);
    await t.sql(`CREATE TRIGGER refuse_atomic_job BEFORE INSERT ON pgboss.job FOR EACH ROW EXECUTE FUNCTION refuse_atomic_job()`);
    try {
      expectError(await complete(owner, key), 500);
    } finally {
      await t.sql(`DROP TRIGGER refuse_atomic_job ON pgboss.job`);
      await t.sql(`DROP FUNCTION refuse_atomic_job()`);
    }
    expect(await t.sql(`SELECT id FROM videos WHERE id = $1`, [key])).toHaveLength(0);
    expect(await t.sql(`SELECT key FROM uploads WHERE key = $1 AND completed_at IS NULL`, [key])).toHaveLength(1);
    // The client's retry succeeds.
    expect((await complete(owner, key)).statusCode).toBe(201);
    expect(await jobsOf(key)).toHaveLength(1);
  });

  it('kills the upload link once the upload completes: a later PUT is refused and the stored original stays', async () => {
    const original = bytes(10, 7);
    const pre = (await preupload(owner, { fileName: 'final.mp4', contentType: 'video/mp4', size: 10 })).json();
    const put = (payload: Buffer) => t.app.inject({ method: 'PUT', url: pathOf(pre.url), headers: { 'content-type': 'video/mp4' }, payload });
    expect((await put(original)).statusCode).toBe(200);
    // Single-use even before completing: the bytes complete will check cannot be swapped.
    expectError(await put(bytes(10, 9)), 403, 'This upload link was already used. Ask for a new link.');
    expect((await complete(owner, pre.key)).statusCode).toBe(201);
    expectError(await put(bytes(10, 9)), 403, 'This upload link was already used. Ask for a new link.');
    const stored = await t.runtime.storage.getStream(`demo/videos/${pre.key}/source/final.mp4`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(original)).toBe(true);
    expect(await t.runtime.storage.head(`demo/uploads/${pre.key}/final.mp4`)).toBeNull();
  });

  it('titles the video after the file name without its extension, or the title the client gave (a recording)', async () => {
    const titled = async (fileName: string, title?: string) => {
      const file = bytes(10);
      const pre = await preupload(owner, { fileName, contentType: 'video/mp4', size: file.length, ...(title !== undefined && { title }) });
      expect(pre.statusCode, pre.body).toBe(201);
      await t.app.inject({ method: 'PUT', url: pathOf(pre.json().url), headers: { 'content-type': 'video/mp4' }, payload: file });
      return (await complete(owner, pre.json().key)).json().video.title as string | null;
    };
    expect(await titled('C:\\Games\\  Derby Final\u0007 vs  Owls.MP4 ')).toBe('Derby Final vs Owls');
    expect(await titled('Season.2025.Game 3.mov')).toBe('Season.2025.Game 3');
    expect(await titled(`${'é'.repeat(240)}.mp4`)).toBe('é'.repeat(200));
    expect(await titled('.mp4')).toBeNull();
    expect(await titled('stream-1700000000000.webm', ' Recording 24 Nov 2026, 16:52 ')).toBe('Recording 24 Nov 2026, 16:52');
    expectError(await preupload(owner, { fileName: 'a.mp4', contentType: 'video/mp4', title: 'x'.repeat(201) }), 400, 'body.title: A video title has at most 200 characters');
    expectError(await preupload(owner, { fileName: 'a.mp4', contentType: 'video/mp4', title: '  ' }), 400);
  });

  it('answers 409 before the bytes arrived, and completes once they have', async () => {
    const { key, url } = (await preupload(owner, { fileName: 'later.mp4', contentType: 'video/mp4' })).json();
    expectError(await complete(owner, key), 409, 'The upload has not finished yet.');
    expect(await jobsOf(key)).toHaveLength(0);
    await t.app.inject({ method: 'PUT', url: pathOf(url), headers: { 'content-type': 'video/mp4' }, payload: bytes(64) });
    expect((await complete(owner, key)).statusCode).toBe(201);
  });

  it('the signed URL refuses another content type, a different length, and oversized bodies (413, nothing stored)', async () => {
    const sized = (await preupload(owner, { fileName: 'typed.mp4', contentType: 'video/mp4', size: 100 })).json();
    const wrongType = await t.app.inject({ method: 'PUT', url: pathOf(sized.url), headers: { 'content-type': 'text/html' }, payload: bytes(100) });
    expect(wrongType.statusCode).toBe(403);
    expect(wrongType.json().message).toBe('This upload link requires Content-Type video/mp4.');
    const wrongLength = await t.app.inject({ method: 'PUT', url: pathOf(sized.url), headers: { 'content-type': 'video/mp4' }, payload: bytes(101) });
    expect(wrongLength.statusCode).toBe(403);
    const storageKey = `demo/videos/${sized.key}/source/typed.mp4`;
    expect(await t.runtime.storage.head(storageKey)).toBeNull();
    expect(await t.runtime.storage.head(`demo/uploads/${sized.key}/typed.mp4`)).toBeNull();

    const open = (await preupload(owner, { fileName: 'open.mp4', contentType: 'video/mp4' })).json();
    const tooBig = await t.app.inject({
      method: 'PUT',
      url: pathOf(open.url),
      headers: { 'content-type': 'video/mp4' },
      payload: Buffer.alloc(TEST_UPLOAD_MAX_BYTES + 1),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(await t.runtime.storage.head(`demo/videos/${open.key}/source/open.mp4`)).toBeNull();
    expectError(await complete(owner, open.key), 409, 'The upload has not finished yet.');
  });

  it('answers 404 for unknown, expired, other users’ and other tenants’ uploads, and 401 without a token', async () => {
    const { key, url } = (await preupload(owner, { fileName: 'mine.mp4', contentType: 'video/mp4' })).json();
    await t.app.inject({ method: 'PUT', url: pathOf(url), headers: { 'content-type': 'video/mp4' }, payload: bytes(10) });
    expectError(await complete(mate, key), 404, 'Upload not found.');
    expectError(await complete(other, key), 404, 'Upload not found.');
    expectError(await complete(unregistered, key), 404, 'Upload not found.');
    expectError(await complete(owner, '4b7c8a36-1d3c-4a59-9c55-000000000000'), 404, 'Upload not found.');
    expectError(await complete(owner, 'not-a-key'), 404, 'Upload not found.');
    expectError(await call(t, 'POST', `/api/user/preupload/${key}/complete`), 401);
    await t.sql(`UPDATE uploads SET expires_at = now() - interval '7 hours' WHERE key = $1`, [key]);
    expectError(await complete(owner, key), 404, 'This upload has expired. Please upload the file again.');
    expect(await t.sql(`SELECT id FROM videos WHERE id = $1`, [key])).toHaveLength(0);
  });
});
