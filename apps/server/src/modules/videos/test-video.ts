import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createTestClip, type TestClipOptions } from '@app/media/test-clip';

/** A real, playable clip with sound, long enough to mark highlights and cut clips. */
export const TEST_VIDEO_CLIP: TestClipOptions = { durationSec: 20, width: 1280, height: 720, fps: 25, audio: true };
export const TEST_VIDEO_TITLE = 'Test video';

/**
 * The test video's source file. Every test video is the same clip, so it is encoded once per
 * data directory (about 7 s of ffmpeg at 720p) and reused: each request then only copies it into
 * storage. Concurrent first requests share one encode.
 */
export function createTestVideoFile(dataDir: string, clip: TestClipOptions = TEST_VIDEO_CLIP): () => Promise<string> {
  const name = `test-video-v1-${clip.durationSec}s-${clip.width}x${clip.height}-${clip.fps}fps${clip.audio === false ? '-silent' : ''}.mp4`;
  const file = path.join(dataDir, 'cache', name);
  let pending: Promise<string> | undefined;

  async function encode(): Promise<string> {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      await createTestClip(tmp, { ...clip, container: 'mp4' });
      // Renamed into place whole, so a crash mid-encode never leaves a truncated clip to reuse.
      await rename(tmp, file);
      return file;
    } finally {
      await rm(tmp, { force: true });
    }
  }

  return async () => {
    const existing = await stat(file).catch(() => null);
    if (existing?.isFile() && existing.size > 0) return file;
    pending ??= encode().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}
