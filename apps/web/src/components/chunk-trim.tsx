import { useMemo } from 'react';

import { ChunkPlayer } from '@/components/player/chunk-player';
import { parseChunkSource } from '@/components/player/chunk-sequence';
import { RangeSlider } from '@/components/range-slider';

type ChunkTrimProps = {
  /** The chunk's signed URL as the server gave it; empty for a clip just added (no preview yet). */
  source: string;
  /** The in point (seconds of the clip) `source` starts at: where the clip's 0 is in the file. */
  sourceIn: number;
  /** How far the out point may go: the clip's length where known, else the saved out point. */
  length: number;
  value: { in: number; out: number };
  onChange: (value: { in: number; out: number }) => void;
  label: string;
};

/**
 * Trims a chunk: its in and out points, in seconds from the clip's start, on a range slider, with a
 * preview of the trimmed part in the reel player (the same controls as everywhere it plays).
 */
export function ChunkTrim({ source, sourceIn, length, value, onChange, label }: ChunkTrimProps) {
  const preview = useMemo(() => {
    if (!source) return null;
    const { url, start } = parseChunkSource(source);
    const zero = start - sourceIn;
    // A new range is a new chunk: the player starts it over at its in-point.
    const range = `${seconds(zero + value.in)},${seconds(zero + value.out)}`;
    return [{ id: range, source: `${url}#t=${range}`, description: '' }];
  }, [source, sourceIn, value.in, value.out]);
  return (
    <div className="flex flex-col gap-2">
      {preview ? <ChunkPlayer chunks={preview} label={label} preload="metadata" /> : null}
      <RangeSlider
        label={label}
        min={0}
        max={Math.max(length, value.out)}
        minValue={value.in}
        maxValue={value.out}
        onChange={({ minValue, maxValue }) => onChange({ in: round(minValue), out: round(maxValue) })}
      />
    </div>
  );
}

const round = (t: number) => Math.round(t * 10) / 10;
// Milliseconds, as the server writes a range: no float noise (or exponent) in the fragment.
const seconds = (t: number) => String(Math.round(t * 1000) / 1000);
