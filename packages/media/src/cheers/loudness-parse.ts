/** One momentary-loudness reading: `t` seconds of the input's timeline, `M` in LUFS. */
export interface LoudnessSample {
  t: number;
  M: number;
}

// Each behind the log prefix `[Parsed_ametadata_1 @ 0x...] ` (absent when printed to a file).
const FRAME_LINE = /(?:^|\] )frame:\d+\s+pts:\S+\s+pts_time:(\S+)/;
const LOUDNESS_LINE = /(?:^|\] )lavfi\.r128\.M=(\S+)/;

/**
 * A streaming parser for the ametadata print output of loudnessArgs: feed it stderr chunks as they
 * arrive (lines may be split anywhere), it calls `onSample` once per complete frame. `-inf` and `nan`
 * (silence, the first frames before the 400 ms window fills) come through as -Infinity / NaN: the
 * detector decides what they mean.
 */
export function createLoudnessParser(onSample: (sample: LoudnessSample) => void): (chunk: string) => void {
  let partial = '';
  let time: number | null = null;
  return (chunk) => {
    const lines = (partial + chunk).split(/\r?\n|\r/);
    partial = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.trim();
      const frame = FRAME_LINE.exec(line);
      if (frame) {
        const t = Number(frame[1]);
        time = Number.isFinite(t) ? t : null;
        continue;
      }
      const loudness = LOUDNESS_LINE.exec(line);
      if (loudness && time !== null) {
        onSample({ t: time, M: parseLoudness(loudness[1]!) });
        time = null;
      }
    }
  };
}

/** The samples of a whole output at once. */
export function parseLoudnessOutput(text: string): LoudnessSample[] {
  const samples: LoudnessSample[] = [];
  const feed = createLoudnessParser((sample) => samples.push(sample));
  feed(text.endsWith('\n') ? text : `${text}\n`);
  return samples;
}

function parseLoudness(value: string): number {
  if (/^-inf/i.test(value)) return -Infinity;
  return Number(value);
}
