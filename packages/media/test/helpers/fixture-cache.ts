import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFfmpeg } from '../../src/binaries';
import { createTestClip, type TestClipOptions } from '../../src/test-clip';

const cacheDir = path.join(os.tmpdir(), 'teamfilm-test-fixtures');
const mediaSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

let toolsHash: Promise<string> | undefined;

/**
 * What an encoded fixture depends on besides its options: the ffmpeg binary and the argument
 * builders that produce it. A change to either makes new fixtures instead of reusing stale ones.
 */
function tools(): Promise<string> {
  toolsHash ??= (async () => {
    const hash = createHash('sha256');
    const ffmpeg = findFfmpeg().path;
    hash.update(`${ffmpeg} ${(await stat(ffmpeg)).size}\n`);
    const sources = ['test-clip.ts', 'run-ffmpeg.ts', ...(await readdir(path.join(mediaSrc, 'args'))).sort().map((f) => `args/${f}`)];
    for (const file of sources) hash.update(file).update(await readFile(path.join(mediaSrc, file)));
    return hash.digest('hex');
  })();
  return toolsHash;
}

/**
 * Copies a fixture to `output`, made by `make` only the first time its `recipe` is asked for (on this
 * machine, across test runs): the file is cached under the temp directory by the hash of the recipe
 * and of the tools that make it. `make` writes the file it is given.
 */
export async function cachedFixture(output: string, recipe: unknown, make: (file: string) => Promise<void>): Promise<void> {
  const key = createHash('sha256').update(await tools()).update(JSON.stringify(recipe)).digest('hex').slice(0, 32);
  const cached = path.join(cacheDir, `${key}${path.extname(output)}`);
  if (!(await stat(cached).then((s) => s.size > 0, () => false))) {
    await mkdir(cacheDir, { recursive: true });
    // Whole or not at all: parallel test files may make the same fixture; the last rename wins.
    const tmp = path.join(cacheDir, `${key}.${randomUUID()}.tmp${path.extname(output)}`);
    try {
      await make(tmp);
      await rename(tmp, cached);
    } finally {
      await rm(tmp, { force: true });
    }
  }
  await copyFile(cached, output);
}

/** createTestClip through the cache: the same options give the same clip. */
export function cachedTestClip(output: string, options: Omit<TestClipOptions, 'signal'> = {}): Promise<void> {
  return cachedFixture(output, { testClip: options, container: path.extname(output) }, (file) => createTestClip(file, options));
}
