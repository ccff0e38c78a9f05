// Profile image numbers for `npm run bench -- images`: a generated 12 MP JPEG (4000 x 3000, the
// camera's orientation tag 6, GPS in its EXIF) through the real pipeline of the process-image job
// (apps/server/src/modules/images/image-pipeline.ts: sniff, upright, every WebP size, placeholder).
// Prints, each the median of 3 runs:
// - sharp decoding the same file alone (the natural floor: every pipeline decodes at least once)
// - the pipeline for a photo (400/1200/2048), a hero (800/1600) and an avatar (128/256/512)   target < 2 s
// - the process's peak RSS after the baseline and after the pipelines
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { within } from './lib/bounded.mjs';
import { at } from './lib/paths.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mib = (kib) => `${(kib / 1024).toFixed(0)} MiB`;

/** The pipeline bundled once to plain ESM; written inside the repository so `sharp` resolves from its node_modules. */
async function loadPipeline(dir) {
  const esbuild = await import('esbuild');
  const outfile = path.join(dir, 'image-pipeline.mjs');
  await esbuild.build({
    entryPoints: [at('apps/server/src/modules/images/image-pipeline.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    external: ['sharp'],
    logLevel: 'error',
  });
  return import(pathToFileURL(outfile).href);
}

async function timed(runs, work) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push((performance.now() - t0) / 1000);
  }
  return median(times);
}

export async function imageBenchmarks() {
  await fs.mkdir(at('node_modules', '.cache'), { recursive: true });
  const dir = await fs.mkdtemp(at('node_modules', '.cache', 'bench-images-'));
  try {
    const { default: sharp } = await import('sharp');
    const { processImage } = await loadPipeline(dir);
    const file = path.join(dir, 'photo-12mp.jpg');
    // Textured like a photo (blurred noise over a gradient), which compresses like one.
    const noise = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
      .blur(2)
      .raw()
      .toBuffer();
    await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1' } })
      .toFile(file);
    const size = (await fs.stat(file)).size;
    console.log(`images: source 4000 x 3000 JPEG (12 MP, orientation 6, GPS), ${(size / 1024 / 1024).toFixed(1)} MB`);

    const decode = await within('sharp decoding the 12 MP JPEG', 120_000, timed(3, () => sharp(file).raw().toBuffer()));
    const afterDecode = process.resourceUsage().maxRSS;
    console.log(`images: baseline, sharp decoding it alone ${decode.toFixed(2)} s; peak RSS so far ${mib(afterDecode)}`);
    for (const tag of ['photo', 'hero', 'avatar']) {
      let sizes = '';
      const seconds = await within(`the ${tag} pipeline`, 120_000, timed(3, async () => {
        const out = await processImage(file, tag);
        sizes = out.variants.map((v) => `${v.width}x${v.height}`).join(' ');
      }));
      console.log(`images: ${tag} (${sizes}, placeholder) ${seconds.toFixed(2)} s = ${(seconds / decode).toFixed(1)}x the decode alone   target < 2 s`);
    }
    console.log(`images: peak RSS of the process ${mib(process.resourceUsage().maxRSS)} (after the decode alone: ${mib(afterDecode)})`);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
