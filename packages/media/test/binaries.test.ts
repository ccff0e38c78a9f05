import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { clearBinaryCache, findFfmpeg, findFfprobe } from '../src/binaries';
import { useTempDir } from './helpers/fixtures';

const require = createRequire(import.meta.url);
const packagedFfmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const packagedFfprobe = (require('@ffprobe-installer/ffprobe') as { path: string }).path;

const tempDir = useTempDir('bin');
let dir: string;
let binDir: string;
let emptyDir: string;

beforeAll(async () => {
  dir = tempDir();
  binDir = path.join(dir, 'bin');
  emptyDir = path.join(dir, 'empty');
  await mkdir(binDir);
  await mkdir(emptyDir);
  for (const name of ['ffmpeg', 'ffprobe']) {
    await writeFile(path.join(binDir, name), '#!/bin/sh\n');
    await chmod(path.join(binDir, name), 0o755);
  }
  await writeFile(path.join(emptyDir, 'ffmpeg'), 'not executable');
  await chmod(path.join(emptyDir, 'ffmpeg'), 0o644);
});

describe('findFfmpeg / findFfprobe', () => {
  it('prefers FFMPEG_PATH / FFPROBE_PATH', () => {
    const env = { FFMPEG_PATH: packagedFfmpeg, FFPROBE_PATH: packagedFfprobe, PATH: binDir };
    expect(findFfmpeg(env)).toEqual({ path: packagedFfmpeg, source: 'env' });
    expect(findFfprobe(env)).toEqual({ path: packagedFfprobe, source: 'env' });
  });

  it('throws naming the variable and the path when the override is not an executable file', () => {
    const bogus = path.join(dir, 'nope', 'ffmpeg');
    expect(() => findFfmpeg({ FFMPEG_PATH: bogus, PATH: binDir })).toThrow(/FFMPEG_PATH.*nope\/ffmpeg/);
    expect(() => findFfprobe({ FFPROBE_PATH: dir, PATH: binDir })).toThrow(new RegExp(`FFPROBE_PATH.*${dir}`));
    const notExecutable = path.join(emptyDir, 'ffmpeg');
    expect(() => findFfmpeg({ FFMPEG_PATH: notExecutable })).toThrow(notExecutable);
  });

  it('finds executables on PATH, skipping non-executable files', () => {
    const env = { PATH: [emptyDir, binDir].join(path.delimiter) };
    expect(findFfmpeg(env)).toEqual({ path: path.join(binDir, 'ffmpeg'), source: 'path' });
    expect(findFfprobe(env)).toEqual({ path: path.join(binDir, 'ffprobe'), source: 'path' });
  });

  it('falls back to the installer packages', () => {
    const env = { PATH: emptyDir };
    expect(findFfmpeg(env)).toEqual({ path: packagedFfmpeg, source: 'package' });
    expect(findFfprobe(env)).toEqual({ path: packagedFfprobe, source: 'package' });
  });

  it('treats an empty override as unset', () => {
    expect(findFfmpeg({ FFMPEG_PATH: '', PATH: binDir }).source).toBe('path');
  });

  it('memoizes per environment values', async () => {
    const scratch = path.join(dir, 'memo');
    await mkdir(scratch);
    const fake = path.join(scratch, 'ffmpeg');
    await writeFile(fake, '#!/bin/sh\n');
    await chmod(fake, 0o755);
    const env = { PATH: scratch };
    const first = findFfmpeg(env);
    expect(first.source).toBe('path');
    await chmod(fake, 0o644);
    expect(findFfmpeg({ PATH: scratch })).toBe(first);
    clearBinaryCache();
    expect(findFfmpeg({ PATH: scratch })).toEqual({ path: packagedFfmpeg, source: 'package' });
    // A different PATH is a different cache entry.
    expect(findFfmpeg({ PATH: binDir }).path).toBe(path.join(binDir, 'ffmpeg'));
  });
});
