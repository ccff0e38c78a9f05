import type { ReelChunk } from '@app/contracts/clips';
import { useState } from 'react';

import { RangeSlider } from '@/components/range-slider';

type ChunkTrimProps = {
  chunk: Pick<ReelChunk, 'source' | 'in' | 'out'>;
  /** The clip's length in seconds when known (the library lists it); else learnt from the file. */
  clipLength?: number;
  value: { in: number; out: number };
  onChange: (value: { in: number; out: number }) => void;
  label: string;
};

/**
 * Trims a chunk: its in and out points, in seconds from the clip's start, on a range slider, with a
 * preview. Without a known clip length the bound is the file's own duration once its metadata loads
 * (a clip's MP4 is the clip); a source with a `#t=` range (not cut yet) keeps the chunk's out point.
 * An empty source (a clip just added, not saved yet) has no preview.
 */
export function ChunkTrim({ chunk, clipLength, value, onChange, label }: ChunkTrimProps) {
  const [fileLength, setFileLength] = useState<number | null>(null);
  const ranged = chunk.source.includes('#t=');
  const max = Math.max(clipLength ?? fileLength ?? chunk.out, value.out);
  return (
    <div className="flex flex-col gap-2">
      {chunk.source ? (
      <video
        src={chunk.source}
        muted
        playsInline
        controls
        preload="metadata"
        className="aspect-video w-full rounded-md bg-black"
        onLoadedMetadata={(event) => {
          const d = event.currentTarget.duration;
          if (!ranged && Number.isFinite(d) && d > 0) setFileLength(d);
        }}
      />
      ) : null}
      <RangeSlider
        label={label}
        min={0}
        max={max}
        minValue={value.in}
        maxValue={value.out}
        onChange={({ minValue, maxValue }) => onChange({ in: round(minValue), out: round(maxValue) })}
      />
    </div>
  );
}

const round = (t: number) => Math.round(t * 10) / 10;
