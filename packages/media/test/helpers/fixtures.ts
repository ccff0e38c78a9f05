import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { findFfprobe } from '../../src/binaries';
import type { TestClipOptions } from '../../src/test-clip';
import { cachedTestClip } from './fixture-cache';

/**
 * A temp dir for the calling test file, created before and removed after its tests. Call at
 * module level (hooks registered inside other hooks never run).
 */
export function useTempDir(prefix: string): () => string {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), `media-${prefix}-`));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return () => {
    if (!dir) throw new Error('temp dir used before beforeAll ran');
    return dir;
  };
}

export async function clip(dir: string, name: string, options: TestClipOptions = {}): Promise<string> {
  const file = path.join(dir, name);
  await cachedTestClip(file, { durationSec: 2, width: 320, height: 240, ...options });
  return file;
}

/** True while a process with this pid exists (a reaped child no longer does). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Width/height of an image file; probe() deliberately refuses images, so ask ffprobe directly. */
export function imageSize(file: string): Promise<{ width: number; height: number }> {
  const args = ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'json', file];
  return new Promise((resolve, reject) => {
    execFile(findFfprobe().path, args, (error, stdout) => {
      if (error) return reject(error);
      const stream = (JSON.parse(stdout) as { streams?: { width: number; height: number }[] }).streams?.[0];
      if (!stream) return reject(new Error(`no image stream in ${file}`));
      resolve({ width: stream.width, height: stream.height });
    });
  });
}
