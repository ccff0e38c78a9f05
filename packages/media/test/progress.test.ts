import { describe, expect, it } from 'vitest';
import { createProgressParser, type FfmpegProgress } from '../src/progress';

function block(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k}=${v}\n`)
    .join('');
}

function parseAll(text: string, durationSec: number | null, chunkSize = text.length): FfmpegProgress[] {
  const events: FfmpegProgress[] = [];
  const push = createProgressParser(durationSec, (p) => events.push(p));
  for (let i = 0; i < text.length; i += chunkSize) push(text.slice(i, i + chunkSize));
  return events;
}

const newFfmpeg =
  block({ frame: '0', out_time_us: 'N/A', out_time_ms: 'N/A', out_time: 'N/A', speed: 'N/A', progress: 'continue' }) +
  block({ frame: '50', out_time_us: '2000000', out_time_ms: '2000000', out_time: '00:00:02.000000', speed: '4.02x', progress: 'continue' }) +
  block({ frame: '100', out_time_us: '4100000', out_time_ms: '4100000', out_time: '00:00:04.100000', speed: '4.1x', progress: 'end' });

describe('progress parser', () => {
  it('turns blocks into events, whatever the chunking', () => {
    const whole = parseAll(newFfmpeg, 4);
    expect(whole).toEqual([
      { percent: null, outTimeSec: null, speed: null, frame: 0, done: false },
      { percent: 50, outTimeSec: 2, speed: 4.02, frame: 50, done: false },
      { percent: 100, outTimeSec: 4.1, speed: 4.1, frame: 100, done: true },
    ]);
    for (const size of [1, 3, 7, 64]) expect(parseAll(newFfmpeg, 4, size)).toEqual(whole);
  });

  it('reads out_time_ms as microseconds when out_time_us is missing', () => {
    const [event] = parseAll(block({ out_time_ms: '1500000', progress: 'continue' }), 3);
    expect(event).toMatchObject({ outTimeSec: 1.5, percent: 50 });
  });

  it('falls back to the out_time clock', () => {
    const [event] = parseAll(block({ out_time: '00:01:30.250000', progress: 'continue' }), 180.5);
    expect(event).toMatchObject({ outTimeSec: 90.25, percent: 50 });
  });

  it('ignores negative start times and clamps percent', () => {
    const events = parseAll(
      block({ out_time_us: '-9223372036854775807', progress: 'continue' }) +
        block({ out_time_us: '5000000', progress: 'end' }),
      4,
    );
    expect(events.map((e) => e.percent)).toEqual([null, 100]);
  });

  it('gives no percent without a duration', () => {
    const [event] = parseAll(block({ out_time_us: '1000000', progress: 'continue' }), null);
    expect(event).toMatchObject({ percent: null, outTimeSec: 1 });
  });

  it('handles CRLF line endings', () => {
    const events = parseAll(newFfmpeg.replaceAll('\n', '\r\n'), 4);
    expect(events.map((e) => e.percent)).toEqual([null, 50, 100]);
  });
});
