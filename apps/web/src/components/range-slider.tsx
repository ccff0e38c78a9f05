import * as Slider from '@radix-ui/react-slider';

import { formatMediaTime } from '@/lib/media-time';
import { cn } from '@/lib/utils';

type RangeSliderProps = {
  /** The slider's bounds and the chosen range. */
  min: number;
  max: number;
  minValue: number;
  maxValue: number;
  onChange: (range: { minValue: number; maxValue: number }) => void;
  /** Names the thumbs: `${label} in` and `${label} out`. */
  label: string;
  step?: number;
  className?: string;
};

/**
 * Two thumbs (in and out) on one track, each a keyboard-accessible slider (arrows, Page Up/Down,
 * Home/End) from Radix. The thumbs cannot cross or meet: the minimum stays below the maximum.
 */
export function RangeSlider({ min, max, minValue, maxValue, onChange, label, step = 0.1, className }: RangeSliderProps) {
  // A range whose minimum is not below its maximum is a programming error.
  if (!(min < max)) throw new RangeError(`Range slider: min (${min}) must be below max (${max})`);
  const lo = clamp(minValue, min, max);
  const hi = clamp(maxValue, lo, max);
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <Slider.Root
        min={min}
        max={max}
        step={step}
        minStepsBetweenThumbs={1}
        value={[lo, hi]}
        onValueChange={([a = lo, b = hi]) => onChange({ minValue: a, maxValue: b })}
        className="relative flex h-6 w-full touch-none items-center select-none"
      >
        <Slider.Track className="bg-muted relative h-1.5 grow overflow-hidden rounded-full">
          <Slider.Range className="bg-primary absolute h-full" />
        </Slider.Track>
        {(['in', 'out'] as const).map((point, i) => (
          <Slider.Thumb
            key={point}
            aria-label={`${label} ${point}`}
            aria-valuetext={formatMediaTime(i === 0 ? lo : hi)}
            className="border-primary bg-background focus-visible:ring-ring/50 block size-5 rounded-full border-2 shadow outline-none focus-visible:ring-[3px]"
          />
        ))}
      </Slider.Root>
      <div className="text-muted-foreground flex justify-between text-xs tabular-nums">
        <span>In {formatTrim(lo)}</span>
        <span>{formatTrim(hi - lo)} long</span>
        <span>Out {formatTrim(hi)}</span>
      </div>
    </div>
  );
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Trims are to a tenth of a second: `0:07.5`. */
export function formatTrim(seconds: number): string {
  const tenths = Math.round((seconds % 1) * 10) % 10;
  return `${formatMediaTime(seconds)}.${tenths}`;
}
