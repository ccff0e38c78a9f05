import {
  MaximizeIcon,
  MinimizeIcon,
  PauseIcon,
  PlayIcon,
  StepBackIcon,
  StepForwardIcon,
  Volume2Icon,
  VolumeXIcon,
} from 'lucide-react';

import { ControlButton } from '@/components/player/control-button';
import { PLAYBACK_RATES } from '@/components/player/markers';
import { SeekBar, type TimelineMarker } from '@/components/player/seek-bar';
import { qualityLabel, type PlayerSources, type Quality } from '@/components/player/sources';
import type { Storyboard } from '@/components/player/storyboard';
import type { PlayerClock } from '@/components/player/use-player-clock';
import { formatMediaTime } from '@/lib/media-time';

type PlayerControlsProps = {
  clock: PlayerClock;
  /** Frame rate of the file playing, for the frame-step buttons. */
  fps?: number | null;
  sources: PlayerSources;
  quality: Quality | null;
  qualities: readonly Quality[];
  onQualityChange: (quality: Quality) => void;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
  markers?: readonly TimelineMarker[];
  storyboard?: Storyboard | null;
};

/**
 * The control bar under the picture: timeline (markers, storyboard previews), play, frame step,
 * mute, time, speed, quality and fullscreen. Every button names its keyboard shortcut in its tooltip.
 */
export function PlayerControls({
  clock,
  fps,
  sources,
  quality,
  qualities,
  onQualityChange,
  fullscreen,
  onToggleFullscreen,
  markers,
  storyboard,
}: PlayerControlsProps) {
  const { playing, muted, currentTime, duration, state } = clock;
  return (
    <div className="flex flex-col gap-1 px-3 pt-1 pb-2">
      <SeekBar
        currentTime={currentTime}
        duration={duration}
        bufferedEnd={clock.bufferedEnd}
        markers={markers}
        storyboard={storyboard}
        onSeek={clock.seek}
      />
      <div className="flex items-center gap-0.5 sm:gap-1">
        <ControlButton label={playing ? 'Pause' : 'Play'} shortcut="Space" onClick={clock.togglePlay}>
          {playing ? <PauseIcon className="fill-current" /> : <PlayIcon className="fill-current" />}
        </ControlButton>
        <ControlButton label="Previous frame" shortcut="," onClick={() => clock.stepFrame(-1, fps)}>
          <StepBackIcon />
        </ControlButton>
        <ControlButton label="Next frame" shortcut="." onClick={() => clock.stepFrame(1, fps)}>
          <StepForwardIcon />
        </ControlButton>
        <ControlButton label={muted ? 'Unmute' : 'Mute'} shortcut="M" onClick={clock.toggleMute}>
          {muted ? <VolumeXIcon /> : <Volume2Icon />}
        </ControlButton>
        <PlayerTime currentTime={currentTime} duration={duration} />
        <span className="sr-only" aria-live="polite">
          {state === 'ended' ? 'Ended' : ''}
        </span>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <SpeedSelect rate={clock.rate} onChange={clock.changeRate} />
          {qualities.length > 1 && quality ? (
            <select
              aria-label="Quality"
              title="Quality"
              value={quality}
              onChange={(event) => onQualityChange(event.target.value as Quality)}
              className={selectClass}
            >
              {qualities.map((value) => (
                <option key={value} value={value} className="bg-neutral-900 text-white">
                  {qualityLabel(value, sources[value])}
                </option>
              ))}
            </select>
          ) : null}
          <ControlButton label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'} shortcut="F" onClick={onToggleFullscreen}>
            {fullscreen ? <MinimizeIcon /> : <MaximizeIcon />}
          </ControlButton>
        </div>
      </div>
    </div>
  );
}

// Native selects (speed, quality): the platform's own picker, best on phones; drawn as text buttons.
const selectClass =
  'h-8 cursor-pointer appearance-none rounded-md bg-transparent px-2 text-center text-xs font-semibold text-white tabular-nums outline-none hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white/60';

/** Position and length, `m:ss / m:ss`. */
export function PlayerTime({ currentTime, duration }: { currentTime: number; duration: number }) {
  return (
    <span className="ml-1 text-xs whitespace-nowrap text-white/90 tabular-nums" aria-live="off">
      <span data-testid="player-time">{formatMediaTime(currentTime)}</span>
      <span className="text-white/60"> / {formatMediaTime(duration)}</span>
    </span>
  );
}

/** The film-study speeds, slow motion to double. */
export function SpeedSelect({ rate, onChange }: { rate: number; onChange: (rate: number) => void }) {
  return (
    <select aria-label="Playback speed" title="Playback speed" value={rate} onChange={(event) => onChange(Number(event.target.value))} className={selectClass}>
      {PLAYBACK_RATES.map((value) => (
        <option key={value} value={value} className="bg-neutral-900 text-white">
          {value}x
        </option>
      ))}
    </select>
  );
}
