/*
 * Run as its own node process by parent-death.test.ts (bundled with esbuild): a long encode through
 * the real runner, announcing how its children will end and ffmpeg's pid, so the test can kill -9
 * this process and watch what happens to ffmpeg.
 */
import { baseArgs } from '../../src/args/common';
import { childLifetime } from '../../src/parent-death';
import { activeChildren, runFfmpeg } from '../../src/run-ffmpeg';

const [output, durationArg] = process.argv.slice(2);
const durationSec = Number(durationArg);
process.stdout.write(`lifetime ${await childLifetime()}\n`);
let announced = false;
await runFfmpeg(
  [...baseArgs(), '-re', '-f', 'lavfi', '-i', `testsrc2=size=160x120:rate=10:duration=${durationSec}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'mp4', output!],
  {
    durationSec,
    onProgress: () => {
      if (announced) return;
      announced = true;
      process.stdout.write(`ffmpeg ${activeChildren()[0]}\n`);
    },
  },
);
process.stdout.write('done\n');
