import { baseArgs, mediaPath, seconds } from './common';

export type TestPatternContainer = 'mp4' | 'webm';

export interface TestPatternOptions {
  output: string;
  durationSec?: number;
  width?: number;
  height?: number;
  fps?: number;
  /** Default true. */
  video?: boolean;
  /** A 440 Hz tone. Default true. */
  audio?: boolean;
  /** mp4: H.264 + AAC. webm: VP9 + Opus (libvpx-vp9/libopus are in the shipped 4.1 build and Debian's). */
  container?: TestPatternContainer;
  /**
   * Variable frame rate like a phone in low light: every other frame of the second half is dropped
   * (timestamps kept), so the average rate is 3/4 of `fps` while the nominal rate stays `fps`.
   */
  variableFrameRate?: boolean;
  /**
   * The top half shows the frame number in binary (mod 256): eight stripes, least significant bit
   * left, white for 1. A decoded pixel row then tells which source frame a picture is.
   */
  frameNumbers?: boolean;
}

/**
 * A synthetic clip from lavfi sources (testsrc2 and sine exist in 4.1 and later). Rotation can
 * not be set here: ffmpeg ignores `-metadata:s:v rotate` when encoding (4.1 and 5.1 alike),
 * so rotated clips take a second, stream-copy pass (see rotation.ts / test-clip.ts).
 */
export function testPatternArgs(options: TestPatternOptions): string[] {
  const durationSec = options.durationSec ?? 3;
  const width = options.width ?? 320;
  const height = options.height ?? 240;
  const fps = options.fps ?? 25;
  const video = options.video ?? true;
  const audio = options.audio ?? true;
  const container = options.container ?? 'mp4';
  if (!video && !audio) throw new RangeError('a test pattern needs video, audio or both');

  const duration = seconds(durationSec);
  const args = baseArgs();
  if (video) args.push('-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${duration}`);
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${duration}`);
  if (video) args.push('-map', '0:v:0');
  if (audio) args.push('-map', `${video ? 1 : 0}:a:0`);
  if (video && options.frameNumbers) {
    if (options.variableFrameRate) throw new RangeError('frame numbers and variable frame rate do not combine');
    const bit = 'mod(floor(N/pow(2,floor(X*8/W))),2)';
    args.push('-vf', `geq=lum='if(lt(Y,H/2),if(${bit},235,16),lum(X,Y))':cb='cb(X,Y)':cr='cr(X,Y)'`);
  }
  if (video && options.variableFrameRate) {
    const half = Math.round((durationSec * fps) / 2);
    // -vsync vfr keeps the gaps; the muxer's default would fill them with duplicates.
    args.push('-vf', `select='if(lt(n,${half}),1,not(mod(n,2)))'`, '-vsync', 'vfr');
  }

  if (container === 'mp4') {
    if (video) args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', String(fps));
    if (audio) args.push('-c:a', 'aac', '-b:a', '96k', '-ac', '2');
    args.push('-movflags', '+faststart', '-f', 'mp4');
  } else {
    if (video) {
      args.push('-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '500k', '-pix_fmt', 'yuv420p', '-g', String(fps));
    }
    if (audio) args.push('-c:a', 'libopus', '-b:a', '64k', '-ac', '2');
    args.push('-f', 'webm');
  }
  args.push(mediaPath(options.output));
  return args;
}
