import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { ImageTag, UserImage } from '@app/contracts/profiles';
import { call, coach, expectError, joinTeam, pathOf, person, type Person, type TeamsApp } from '../videos/helpers';
import { teamsApp } from '../teams/helpers';

export { call, coach, expectError, joinTeam, pathOf, person, type Person, type TeamsApp };

/** The real app with its job workers running, so completed uploads are processed. */
export const profilesApp = () => teamsApp();

/** preupload + PUT through the signed URL; returns the upload key. */
export async function sendImage(t: TeamsApp, who: Person, bytes: Buffer, tag: ImageTag, fileName = 'photo.jpg', contentType = 'image/jpeg'): Promise<string> {
  const pre = await call(t, 'POST', '/api/user/preupload', who.headers, { fileName, contentType, tag, size: bytes.length });
  expect(pre.statusCode, pre.body).toBe(201);
  const { key, url } = pre.json() as { key: string; url: string };
  const put = await t.app.inject({ method: 'PUT', url: pathOf(url), headers: { 'content-type': contentType }, payload: bytes });
  expect(put.statusCode, put.body).toBe(200);
  return key;
}

export const completeImage = (t: TeamsApp, who: Person, key: string): Promise<LightMyRequestResponse> =>
  call(t, 'POST', `/api/user/preupload/${key}/complete`, who.headers);

/** Uploads and completes an image that must be accepted; returns its ready record. */
export async function uploadImage(t: TeamsApp, who: Person, bytes: Buffer, tag: ImageTag): Promise<UserImage> {
  const res = await completeImage(t, who, await sendImage(t, who, bytes, tag));
  expect(res.statusCode, res.body).toBe(201);
  const image = res.json().image as UserImage;
  expect(image.status).toBe('ready');
  return image;
}

/** The stored objects of an image (original and sizes). */
export async function storedKeys(t: TeamsApp, imageId: string, tenant = 'demo'): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.runtime.storage.list(`${tenant}/images/${imageId}/`)) keys.push(object.key);
  return keys;
}

/** A size of an image as a browser gets it: the stable address, its redirect, the bytes. */
export async function fetchSize(t: TeamsApp, path: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const redirect = await t.app.inject({ method: 'GET', url: path, headers });
  expect(redirect.statusCode, redirect.body).toBe(302);
  const file = await t.app.inject({ method: 'GET', url: pathOf(redirect.headers.location as string) });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('image/webp');
  return file.rawPayload;
}

/** A JPEG of `width` x `height`, one colour. */
export const solidJpeg = (width: number, height: number, background = '#2a6') =>
  sharp({ create: { width, height, channels: 3, background } }).jpeg({ quality: 90 }).toBuffer();

/** Mean colour of a region of raw RGB pixels. */
export function meanColour(raw: { data: Buffer; info: { width: number; channels: number } }, x0: number, y0: number, w: number, h: number): [number, number, number] {
  const sum = [0, 0, 0];
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      const i = (y * raw.info.width + x) * raw.info.channels;
      for (let c = 0; c < 3; c++) sum[c]! += raw.data[i + c]!;
    }
  }
  return sum.map((s) => s / (w * h)) as [number, number, number];
}
