import zlib from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZES, LOGO_OWNER_ONLY, type UserImage } from '@app/contracts/profiles';
import { ANIMATED, DAMAGED, HEVC_HEIC, NOT_AN_IMAGE } from '../../src/modules/images/image-pipeline';
import { OTHER_HOST } from '../teams/helpers';
import { hevcHeic } from './hevc-heic';
import {
  call,
  coach,
  completeImage,
  expectError,
  fetchSize,
  joinTeam,
  meanColour,
  person,
  profilesApp,
  sendImage,
  solidJpeg,
  storedKeys,
  uploadImage,
  type Person,
  type TeamsApp,
} from './helpers';

let t: TeamsApp;
let owner: Person;
let athlete: Person;
let teammate: Person;

beforeAll(async () => {
  t = await profilesApp();
  owner = await coach(t, 'pixcoach', 'Pixels FC');
  athlete = await person(t, 'pixathlete');
  teammate = await person(t, 'pixmate');
  await joinTeam(t, 'pixcoach', 'pixathlete');
  await joinTeam(t, 'pixcoach', 'pixmate');
});
afterAll(() => t?.close());

const W = 96;
const H = 48;
const RED: [number, number, number] = [230, 20, 20];
const BLUE: [number, number, number] = [20, 40, 220];

/** Upright: the top-left quadrant red, the rest blue. */
const upright = () =>
  sharp({ create: { width: W, height: H, channels: 3, background: { r: BLUE[0], g: BLUE[1], b: BLUE[2] } } })
    .composite([{ input: { create: { width: W / 2, height: H / 2, channels: 3, background: { r: RED[0], g: RED[1], b: RED[2] } } }, left: 0, top: 0 }])
    .png()
    .toBuffer();

const step = (input: Buffer, op: (s: Sharp) => Sharp) => op(sharp(input)).png().toBuffer();
const flop = (s: Sharp) => s.flop();
const rotate = (degrees: number) => (s: Sharp) => s.rotate(degrees);

/**
 * The pixels a camera stores for each EXIF orientation so that a viewer applying the tag shows the
 * upright picture: the inverse of the tag's transform (2 mirror, 3 rotate 180, 4 flip, 5 transpose,
 * 6 rotate 90 clockwise, 7 transverse, 8 rotate 270 clockwise).
 */
const storedFor: Record<number, ((s: Sharp) => Sharp)[]> = {
  1: [],
  2: [flop],
  3: [rotate(180)],
  4: [(s) => s.flip()],
  5: [rotate(90), flop],
  6: [rotate(270)],
  7: [rotate(270), flop],
  8: [rotate(90)],
};

async function orientedJpeg(orientation: number): Promise<Buffer> {
  let pixels = await upright();
  for (const op of storedFor[orientation]!) pixels = await step(pixels, op);
  return sharp(pixels).jpeg({ quality: 95 }).withMetadata({ orientation }).toBuffer();
}

const close = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - expected[i]!) < 40);

describe('orientation', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('EXIF orientation %i comes out upright in every size', async (orientation) => {
    const jpeg = await orientedJpeg(orientation);
    expect((await sharp(jpeg).metadata()).orientation).toBe(orientation);
    const image = await uploadImage(t, athlete, jpeg, 'photo');
    expect([image.width, image.height]).toEqual([W, H]);
    for (const size of IMAGE_SIZES.photo) {
      const out = await fetchSize(t, image.sources![String(size)]!);
      const meta = await sharp(out).metadata();
      expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([W, H, undefined, undefined]);
      const raw = await sharp(out).raw().toBuffer({ resolveWithObject: true });
      // Away from the edges between quadrants, where WebP blends the colours.
      const q = (x: number, y: number) => meanColour(raw, x + 8, y + 6, W / 2 - 16, H / 2 - 12);
      expect(close(q(0, 0), RED), `top-left ${q(0, 0)}`).toBe(true);
      for (const [x, y] of [[W / 2, 0], [0, H / 2], [W / 2, H / 2]] as const) expect(close(q(x, y), BLUE), `${x},${y}: ${q(x, y)}`).toBe(true);
    }
  });
});

describe('metadata', () => {
  it('strips GPS and camera serials from every size; the original is kept but never served', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#875' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Phone 15', Software: 'v1' },
        IFD2: { BodySerialNumber: 'SERIAL-123456' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 56/1' },
      })
      .toBuffer();
    const exif = (await sharp(jpeg).metadata()).exif!.toString('latin1');
    expect(exif).toContain('SERIAL-123456');
    expect(exif).toContain('PhoneCo');

    for (const tag of ['photo', 'hero', 'avatar'] as const) {
      const image = await uploadImage(t, athlete, jpeg, tag);
      const sizes = Object.entries(image.sources!).filter(([name]) => name !== 'full');
      expect(sizes.map(([name]) => Number(name))).toEqual([...IMAGE_SIZES[tag]]);
      for (const [, path] of sizes) {
        const out = await fetchSize(t, path);
        const meta = await sharp(out).metadata();
        expect(meta.format).toBe('webp');
        expect([meta.exif, meta.xmp, meta.iptc, meta.icc]).toEqual([undefined, undefined, undefined, undefined]);
        expect(out.toString('latin1')).not.toMatch(/SERIAL-123456|PhoneCo|GPS/);
      }
      // Never upscaled: a 640 x 480 picture stays within its own size.
      expect(Math.max(image.width!, image.height!)).toBeLessThanOrEqual(640);
      expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
      expect(Buffer.from(image.placeholder!.split(',')[1]!, 'base64').length).toBeLessThan(1000);
      const keys = await storedKeys(t, image._id);
      expect(keys).toContain(`demo/images/${image._id}/original/photo.jpg`);
      expect((await t.app.inject({ method: 'GET', url: `/api/images/${image._id}/original.webp` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/images/${image._id}/original/photo.jpg` })).statusCode).toBe(404);
    }
  });
});

/** A PNG header claiming 50,000 x 50,000 pixels (2.5 gigapixels), then a few rows: a few KB. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header[8] = 1; // 1 bit per pixel, greyscale
  const rows = zlib.deflateSync(Buffer.alloc(100 * (1 + 50_000 / 8)), { level: 9 });
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

describe('refusals: nothing is kept and the reason is said', () => {
  async function refused(bytes: Buffer, tag: 'avatar' | 'photo' | 'hero', status: number, message: string | RegExp, fileName = 'photo.jpg', type = 'image/jpeg') {
    const key = await sendImage(t, athlete, bytes, tag, fileName, type);
    expectError(await completeImage(t, athlete, key), status, message);
    // The same answer on a repeat, and no file left.
    expectError(await completeImage(t, athlete, key), status, message);
    expect(await storedKeys(t, key)).toEqual([]);
    const record = (await call(t, 'GET', `/api/user/images/${key}`, athlete.headers)).json();
    expect(record).toMatchObject({ status: 'failed', sources: null });
    expect(record.error).toMatch(message);
    return key;
  }

  it('refuses a pixel bomb from its header, before decoding anything', async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(8 * 1024);
    const before = process.memoryUsage().rss;
    await refused(bomb, 'avatar', 413, 'This picture is too large (50000 x 50000 pixels). The limit is 40 megapixels.', 'bomb.png', 'image/png');
    // Decoding it would take 2.5 GB of pixels (the job runs in this process).
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a file that is not a picture, whatever its name and type say', async () => {
    await refused(Buffer.from('MZ this is a program, not a photo '.repeat(40)), 'photo', 415, NOT_AN_IMAGE);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await refused(svg, 'photo', 415, NOT_AN_IMAGE, 'x.svg', 'image/svg+xml');
  });

  it('refuses an animated GIF for an avatar', async () => {
    // Three 32 x 32 frames of different colours, stacked.
    const frames = Buffer.concat([0, 1, 2].map((frame) => Buffer.alloc(32 * 32 * 3, frame * 100)));
    const gif = await sharp(frames, { raw: { width: 32, height: 96, channels: 3, pageHeight: 32 } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    await refused(gif, 'avatar', 415, ANIMATED, 'dance.gif', 'image/gif');
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toBuffer();
    await refused(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'hero', 400, DAMAGED);
  });

  it('refuses an HEVC HEIC (this sharp build cannot decode it) with what to do instead', async () => {
    await refused(await hevcHeic(), 'photo', 415, HEVC_HEIC, 'IMG_0001.HEIC', 'image/heic');
  });

  it('refuses more than 25 MB: declared at preupload, or sent without a declared size', async () => {
    const big = 25 * 1024 * 1024 + 1;
    expectError(await call(t, 'POST', '/api/user/preupload', athlete.headers, { fileName: 'big.jpg', contentType: 'image/jpeg', tag: 'photo', size: big }), 413, 'This file is too large. The limit is 25 MB.');
    const pre = await call(t, 'POST', '/api/user/preupload', athlete.headers, { fileName: 'big.jpg', contentType: 'image/jpeg', tag: 'photo' });
    const { key, url } = pre.json();
    const put = await t.app.inject({ method: 'PUT', url: new URL(url, 'http://x').pathname + new URL(url, 'http://x').search, headers: { 'content-type': 'image/jpeg' }, payload: Buffer.alloc(big) });
    expect(put.statusCode).toBe(413);
    expectError(await completeImage(t, athlete, key), 409, 'The upload has not finished yet.');
    expect(await storedKeys(t, key)).toEqual([]);
  });
});

describe('replacing, deleting, the avatar as the member picture, the logo', () => {
  it("deletes the old hero's files when a new hero is ready; photos add up", async () => {
    const first = await uploadImage(t, teammate, await solidJpeg(1200, 500), 'hero');
    expect((await storedKeys(t, first._id)).length).toBe(3);
    const second = await uploadImage(t, teammate, await solidJpeg(1000, 400, '#a33'), 'hero');
    expect(await storedKeys(t, first._id)).toEqual([]);
    expect(await t.sql(`SELECT id FROM user_images WHERE id = $1`, [first._id])).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: first.sources!.full })).statusCode).toBe(404);
    await uploadImage(t, teammate, await solidJpeg(300, 200), 'photo');
    await uploadImage(t, teammate, await solidJpeg(200, 300), 'photo');
    const me = (await call(t, 'GET', '/api/user/me', teammate.headers)).json();
    expect(me.images.map((i: UserImage) => i.tag)).toEqual(['hero', 'photo', 'photo']);
    expect(me.images[0]).toMatchObject({ _id: second._id, hero: true, avatar: false, width: 1000, height: 400 });
    expect(me.images[0].sources).toEqual({
      '800': `/api/images/${second._id}/800.webp`,
      '1600': `/api/images/${second._id}/1600.webp`,
      full: `/api/images/${second._id}/1600.webp`,
    });
    // Never upscaled: the 1600 size of a 1000-wide hero is 1000 wide, listed once in the srcset.
    expect(me.images[0].srcset).toBe(`/api/images/${second._id}/800.webp 800w, /api/images/${second._id}/1600.webp 1000w`);
  });

  it("makes the avatar every member's picture (buddies), served by a stable address; deleting it clears it", async () => {
    const avatar = await uploadImage(t, athlete, await solidJpeg(900, 600), 'avatar');
    expect(avatar.avatar).toBe(true);
    expect([avatar.width, avatar.height]).toEqual([512, 512]);
    const buddies = (await call(t, 'GET', '/api/team/buddies', teammate.headers)).json() as { username: string; image: string }[];
    expect(buddies.find((b) => b.username === 'pixathlete')?.image).toBe(`/api/images/${avatar._id}/256.webp`);
    expect((await sharp(await fetchSize(t, `/api/images/${avatar._id}/256.webp`)).metadata()).width).toBe(256);
    // Another tenant's host does not serve it.
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${avatar._id}/256.webp`, headers: { host: OTHER_HOST } })).statusCode).toBe(404);

    expectError(await call(t, 'DELETE', `/api/user/images/${avatar._id}`, teammate.headers), 404, 'Image not found.');
    expectError(await call(t, 'DELETE', `/api/user/images/${avatar._id}`, owner.headers), 404, 'Image not found.');
    expect((await call(t, 'DELETE', `/api/user/images/${avatar._id}`, athlete.headers)).statusCode).toBe(204);
    expect(await storedKeys(t, avatar._id)).toEqual([]);
    const after = (await call(t, 'GET', '/api/team/buddies', teammate.headers)).json() as { username: string; image: string | null }[];
    expect(after.find((b) => b.username === 'pixathlete')?.image).toBeNull();
    expectError(await call(t, 'DELETE', `/api/user/images/${avatar._id}`, athlete.headers), 404);
  });

  it("takes the team logo from the team's owner only and shows it on the members' cards", async () => {
    expectError(
      await call(t, 'POST', '/api/user/preupload', athlete.headers, { fileName: 'logo.png', contentType: 'image/png', tag: 'logo' }),
      403,
      LOGO_OWNER_ONLY,
    );
    const logo = await uploadImage(t, owner, await solidJpeg(400, 300), 'logo');
    const card = (await call(t, 'GET', '/api/user/other?username=pixathlete&team=true', teammate.headers)).json();
    expect(card.team).toMatchObject({ owner: 'pixcoach', channel: 'main', description: 'Pixels FC', logo: { _id: logo._id, tag: 'logo', width: 300 } });
    // The logo is the team's, not one of the coach's own images.
    expect((await call(t, 'GET', '/api/user/me', owner.headers)).json().images).toEqual([]);
  });
});

describe('GET /api/user/me: the first read of every page', () => {
  const me = async (who: Person) => {
    const res = await call(t, 'GET', '/api/user/me', who.headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { userId: number; username: string; image: string | null; images: UserImage[] };
  };

  it('shows a new avatar on the next read, and none once it is deleted; PUT answers the same images', async () => {
    const who = await person(t, 'pixswitch');
    const first = await uploadImage(t, who, await solidJpeg(600, 600, '#2a6'), 'avatar');
    expect(await me(who)).toMatchObject({ image: `/api/images/${first._id}/256.webp`, images: [first] });
    const second = await uploadImage(t, who, await solidJpeg(600, 600, '#a33'), 'avatar');
    expect(await me(who)).toMatchObject({ image: `/api/images/${second._id}/256.webp`, images: [second] });
    const put = await call(t, 'PUT', '/api/user/me', who.headers, { city: 'Springfield' });
    expect(put.json()).toMatchObject({ city: 'Springfield', image: `/api/images/${second._id}/256.webp`, images: [second] });
    expect((await call(t, 'DELETE', `/api/user/images/${second._id}`, who.headers)).statusCode).toBe(204);
    expect(await me(who)).toMatchObject({ image: null, images: [] });
  });

  it("answers each tenant's user their own record and images, also under the same username", async () => {
    const here = await person(t, 'pixtwin');
    const there = await person(t, 'pixtwin', { other: true });
    const mine = await uploadImage(t, here, await solidJpeg(600, 600), 'avatar');
    const [theirs] = await t.sql<{ id: number }>(`SELECT id FROM users WHERE username = 'pixtwin' AND tenant_id = 'eagles'`);
    await t.sql(`INSERT INTO user_images (id, tenant_id, user_id, tag, status, original_key, variants) VALUES (gen_random_uuid(), 'eagles', $1, 'hero', 'ready', 'x', '[]')`, [theirs!.id]);
    const [ours, eagles] = [await me(here), await me(there)];
    expect(ours.images.map((i) => i._id)).toEqual([mine._id]);
    expect(eagles.images.map((i) => i.tag)).toEqual(['hero']);
    expect(eagles.image).toBeNull();
    expect(eagles.userId).not.toBe(ours.userId);
  });
});
