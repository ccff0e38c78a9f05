import { execFile } from 'node:child_process';
import { findFfmpeg } from '../../src/binaries';

function ffmpeg(args: string[]): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(findFfmpeg().path, ['-hide_banner', '-nostdin', ...args], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${error.message}\n${stderr.toString()}`));
      resolve({ stdout, stderr: stderr.toString() });
    });
  });
}

/**
 * The frame numbers a testPatternArgs({ frameNumbers: true }) picture shows, for every decoded
 * frame of `file` (or the first `frames`): one grey row across the stripes of the top half.
 */
export async function decodedFrameNumbers(file: string, frames?: number): Promise<number[]> {
  const limit = frames === undefined ? [] : ['-frames:v', String(frames)];
  const { stdout } = await ffmpeg(['-v', 'error', '-i', file, '-map', '0:v:0', ...limit, '-vf', 'crop=iw:2:0:ih/4', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']);
  const width = await frameWidth(file);
  const numbers: number[] = [];
  for (let row = 0; row + width <= stdout.length; row += width * 2) {
    let n = 0;
    for (let bit = 0; bit < 8; bit++) if (stdout[row + Math.floor(((bit + 0.5) * width) / 8)]! > 128) n |= 1 << bit;
    numbers.push(n);
  }
  return numbers;
}

async function frameWidth(file: string): Promise<number> {
  const { stdout } = await ffmpeg(['-v', 'error', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-vf', 'crop=iw:2:0:0', 'pipe:1']);
  return stdout.length / 2;
}

/**
 * PSNR (dB, Infinity when identical) between the first frame of `a` and the frame of `b` shown at
 * `bTimeSec` (seeking a quarter frame early, so the frame itself is the first one kept).
 */
export async function firstFramePsnr(a: string, b: string, bTimeSec: number, fps: number): Promise<number> {
  const seek = Math.max(0, bTimeSec - 0.25 / fps).toFixed(6);
  const { stderr } = await ffmpeg([
    '-v',
    'info',
    '-i',
    a,
    '-ss',
    seek,
    '-i',
    b,
    '-filter_complex',
    '[0:v]trim=end_frame=1,setpts=PTS-STARTPTS[a];[1:v]trim=end_frame=1,setpts=PTS-STARTPTS[b];[a][b]psnr',
    '-f',
    'null',
    '-',
  ]);
  const match = stderr.match(/PSNR .*average:(inf|[\d.]+)/);
  if (!match) throw new Error(`no PSNR in ffmpeg's output:\n${stderr}`);
  return match[1] === 'inf' ? Infinity : Number(match[1]);
}

/** Mean volume in dB of `file`'s audio between two times (about -91 dB for digital silence). */
export async function meanVolume(file: string, fromSec: number, toSec: number): Promise<number> {
  const { stderr } = await ffmpeg(['-v', 'info', '-i', file, '-map', '0:a:0', '-af', `atrim=${fromSec}:${toSec},volumedetect`, '-f', 'null', '-']);
  const match = stderr.match(/mean_volume: (-?[\d.]+|-inf) dB/);
  if (!match) throw new Error(`no mean volume in ffmpeg's output:\n${stderr}`);
  return match[1] === '-inf' ? -Infinity : Number(match[1]);
}
