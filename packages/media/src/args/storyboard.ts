import { baseArgs, mediaPath, scaledEven } from './common';

export interface StoryboardLayoutOptions {
  durationSec: number;
  /** Source size as displayed (after rotation). */
  sourceWidth: number;
  sourceHeight: number;
  /** Desired seconds between thumbnails; raised (whole seconds) when maxTiles would be exceeded. Default 2. */
  intervalSec?: number;
  tileWidth?: number;
  maxColumns?: number;
  /** Keeps the sheet a sane size (JPEG tops out at 65535 px a side; players download it whole). */
  maxTiles?: number;
}

export interface StoryboardLayout {
  intervalSec: number;
  count: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  /** Size of the whole sprite sheet. */
  width: number;
  height: number;
}

export function storyboardLayout(options: StoryboardLayoutOptions): StoryboardLayout {
  const { durationSec, sourceWidth, sourceHeight } = options;
  const tileWidth = options.tileWidth ?? 160;
  const maxColumns = options.maxColumns ?? 10;
  const maxTiles = options.maxTiles ?? 100;
  if (!(durationSec > 0 && sourceWidth > 0 && sourceHeight > 0)) {
    throw new RangeError(`invalid storyboard input: ${durationSec}s, ${sourceWidth}x${sourceHeight}`);
  }
  let intervalSec = Math.max(1, Math.round(options.intervalSec ?? 2));
  if (Math.ceil(durationSec / intervalSec) > maxTiles) intervalSec = Math.ceil(durationSec / maxTiles);
  const count = Math.max(1, Math.ceil(durationSec / intervalSec));
  const columns = Math.min(count, maxColumns);
  const rows = Math.ceil(count / columns);
  const tileHeight = scaledEven(tileWidth, sourceWidth, sourceHeight);
  return { intervalSec, count, columns, rows, tileWidth, tileHeight, width: columns * tileWidth, height: rows * tileHeight };
}

export interface StoryboardOptions {
  input: string;
  /** A .jpg path. */
  output: string;
  layout: StoryboardLayout;
  /**
   * Decode only keyframes. Meant for our own renditions, which have a keyframe every 2 s: a
   * two-hour game then decodes 3,600 frames instead of 200,000, and each tile is at most a second
   * off its slot.
   */
  keyframesOnly?: boolean;
}

/** One sprite sheet: a frame every layout.intervalSec seconds, left to right, top to bottom. */
export function storyboardArgs({ input, output, layout, keyframesOnly = false }: StoryboardOptions): string[] {
  const filters = [
    // round=up: ffmpeg (4.1 and 5.1) emits exactly ceil(duration / interval) frames, tile i showing
    // the frame at i * interval. The default (near) drops the last slot at end of input, which
    // leaves nothing at all (and no output file) when the clip is shorter than half an interval.
    `fps=1/${layout.intervalSec}:round=up`,
    `scale=${layout.tileWidth}:-2`,
    `tile=${layout.columns}x${layout.rows}`,
  ];
  return [
    ...baseArgs(),
    ...(keyframesOnly ? ['-skip_frame', 'nokey'] : []),
    '-i',
    mediaPath(input),
    '-map',
    '0:v:0',
    '-an',
    '-vf',
    filters.join(','),
    '-frames:v',
    '1',
    '-c:v',
    'mjpeg',
    '-q:v',
    '5',
    '-f',
    'image2',
    '-update',
    '1',
    mediaPath(output),
  ];
}

export interface StoryboardTile {
  index: number;
  /** Pixel offset of the tile inside the sheet. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Which tile a player shows when hovering at timeSec. */
export function storyboardTileAt(layout: StoryboardLayout, timeSec: number): StoryboardTile {
  const index = Math.min(layout.count - 1, Math.max(0, Math.floor(timeSec / layout.intervalSec)));
  return {
    index,
    x: (index % layout.columns) * layout.tileWidth,
    y: Math.floor(index / layout.columns) * layout.tileHeight,
    width: layout.tileWidth,
    height: layout.tileHeight,
  };
}
