import { AppError } from '../errors';
import type { Storage } from './storage';

// Outlives the longest job that reads through a link (a cut's time limit is 15 minutes).
const READ_LINK_SECONDS = 60 * 60;

/**
 * Where ffmpeg reads a stored video without copying it first: the object's own file where the
 * driver keeps files, else a presigned link that ffmpeg reads in byte ranges, so a 15 s clip of a
 * two-hour game fetches the index and the seconds it needs, not the whole rendition. The link is
 * for this node's ffmpeg only, never handed to a client. NOT_FOUND when the object does not exist.
 */
export async function mediaSource(storage: Storage, key: string): Promise<string | URL> {
  const file = await storage.localPath?.(key);
  if (file) return file;
  if (file === null || !(await storage.head(key))) throw new AppError('NOT_FOUND', `Object ${key} not found.`);
  return new URL(await storage.signedGetUrl(key, { expiresInSec: READ_LINK_SECONDS }));
}
