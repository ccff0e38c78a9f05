// A clip of a 2 GB rendition on S3 (`npm run bench -- clips`): s3rver behind a relay that counts the
// bytes it sends. The clip job reads the rendition through a presigned link in byte ranges; the
// former way downloaded it all first, measured here in the same run for comparison.  target < 5%
// The source is a two-hour 640x360 game at ~2.3 Mbit/s (a 20 s noise chunk copied 360 times, no
// re-encode); the run is bounded by writing and uploading 2 GB once (a few minutes on 2 cores) and
// every wait in it ends with the job's own time limit (cutClip's ffmpeg runs) or an error.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { at } from './lib/paths.mjs';
import { ffmpeg, run } from './bench-videos.mjs';

const CHUNK_SECONDS = 20;
const COPIES = 360;
const CLIP = { startSec: 3600.5, durationSec: 15 };
const MB = 1024 * 1024;
const since = (t0) => (performance.now() - t0) / 1000;

/**
 * The TypeScript modules, bundled into an ESM file (the bench runs on plain Node) that sits under
 * node_modules, so that the packages it leaves out (the AWS SDK) resolve.
 */
async function loadModules() {
  const esbuild = await import('esbuild');
  const dir = at('node_modules/.cache/bench-clip-s3');
  await fs.mkdir(dir, { recursive: true });
  const entry = path.join(dir, 'entry.ts');
  const src = (p) => JSON.stringify(at(p));
  await fs.writeFile(
    entry,
    [
      `export { S3Storage } from ${src('apps/server/src/storage/s3-storage.ts')};`,
      `export { mediaSource } from ${src('apps/server/src/storage/media-source.ts')};`,
      `export { startCountingRelay } from ${src('apps/server/test/helpers/counting-relay.ts')};`,
      `export { cutClip } from ${src('packages/media/src/clip-cut.ts')};`,
      `export { probe } from ${src('packages/media/src/probe.ts')};`,
      `export { fullPreset } from ${src('packages/media/src/args/rendition.ts')};`,
    ].join('\n'),
  );
  const outfile = path.join(dir, 'modules.mjs');
  await esbuild.build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile, packages: 'external', logLevel: 'error' });
  return import(pathToFileURL(outfile).href);
}

/** A two-hour faststart MP4 of about 2 GB: High profile, a closed GOP every 2 s, AAC audio. */
async function twoHourGame(dir) {
  const chunk = path.join(dir, 'chunk.mp4');
  await run(ffmpeg, [
    '-hide_banner', '-nostdin', '-y', '-loglevel', 'error',
    '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=30:duration=${CHUNK_SECONDS}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${CHUNK_SECONDS}`,
    '-vf', 'noise=alls=30:allf=t', '-c:v', 'libx264', '-preset', 'superfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p',
    '-b:v', '2200k', '-maxrate', '2200k', '-bufsize', '4400k', '-g', '60', '-keyint_min', '60', '-sc_threshold', '0', '-flags', '+cgop',
    '-c:a', 'aac', '-b:a', '96k', '-f', 'mp4', chunk,
  ]);
  const list = path.join(dir, 'copies.txt');
  await fs.writeFile(list, `ffconcat version 1.0\n${`file '${chunk}'\n`.repeat(COPIES)}`);
  const game = path.join(dir, 'game.mp4');
  await run(ffmpeg, ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', game]);
  await fs.rm(chunk);
  return game;
}

export async function clipS3Benchmarks() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-clip-s3-'));
  let s3rver;
  let relay;
  let storage;
  try {
    console.log(`\nA ${CLIP.durationSec} s clip of a 2 GB rendition on S3 (s3rver; a two-hour game, ${COPIES} copies of a ${CHUNK_SECONDS} s chunk):`);
    const { S3Storage, mediaSource, startCountingRelay, cutClip, probe, fullPreset } = await loadModules();
    let t0 = performance.now();
    const game = await twoHourGame(dir);
    const size = (await fs.stat(game)).size;
    console.log(`  source written: ${(size / MB).toFixed(0)} MB in ${since(t0).toFixed(1)} s`);

    const { default: S3rver } = await import('@20minutes/s3rver');
    const bucket = 'bench';
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(dir, 's3rver'), vhostBuckets: false, configureBuckets: [{ name: bucket }] });
    const { port } = await s3rver.run();
    relay = await startCountingRelay({ host: '127.0.0.1', port });
    storage = new S3Storage({ bucket, endpoint: `http://127.0.0.1:${relay.port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    const key = 'demo/videos/bench/renditions/attempt-1/full.mp4';
    t0 = performance.now();
    await storage.putFile(key, game, { contentType: 'video/mp4', move: true });
    console.log(`  uploaded to s3rver in ${since(t0).toFixed(1)} s`);

    const cut = async (input, name) => {
      const output = path.join(dir, `${name}.mp4`);
      const result = await cutClip({
        input,
        source: await probe(input),
        ...CLIP,
        output,
        poster: path.join(dir, `${name}.jpg`),
        encoder: { crf: fullPreset.crf, preset: fullPreset.preset, maxBitrateKbps: fullPreset.maxBitrateKbps },
        tempDir: dir,
      });
      await fs.rm(output);
      return result;
    };
    const measure = async (name, read) => {
      const before = relay.bytesFromTarget();
      const t = performance.now();
      const { mode } = await read();
      return { name, bytes: relay.bytesFromTarget() - before, seconds: since(t), mode };
    };
    const ranged = await measure('ranged (presigned link)', async () => cut(await mediaSource(storage, key), 'ranged'));
    const whole = await measure('download first (before)', async () => {
      const local = path.join(dir, 'download.mp4');
      await storage.downloadToFile(key, local);
      try {
        return await cut(local, 'whole');
      } finally {
        await fs.rm(local);
      }
    });
    for (const r of [ranged, whole]) {
      const share = ((r.bytes / size) * 100).toFixed(2);
      console.log(`  ${r.name}: ${(r.bytes / MB).toFixed(1)} MB read of ${(size / MB).toFixed(0)} MB (${share}%) in ${r.seconds.toFixed(1)} s, ${r.mode} cut${r === ranged ? '   target < 5%' : ''}`);
    }
  } finally {
    storage?.client.destroy();
    await relay?.close();
    await s3rver?.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
