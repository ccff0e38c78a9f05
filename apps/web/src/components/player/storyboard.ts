import type { Video } from '@app/contracts/videos';

/** A sprite sheet of thumbnails, one every `intervalSec`, left to right then top to bottom (packages/media storyboard). */
export type Storyboard = NonNullable<Video['storyboard']>;

export type StoryboardTile = {
  index: number;
  /** Size the preview box is drawn at. */
  width: number;
  height: number;
  /** CSS for the box: the sheet scaled so one tile fills it, shifted to the tile. */
  backgroundImage: string;
  backgroundSize: string;
  backgroundPosition: string;
};

/**
 * The tile for time `t`: index = floor(t / intervalSec), clamped to the sheet (the last slot may
 * start before the end). `displayWidth` scales the tile (e.g. a small phone preview); the
 * background position is in displayed pixels, so the whole sheet is scaled by the same factor.
 */
export function storyboardTile(board: Storyboard, t: number, displayWidth = board.tileWidth): StoryboardTile {
  const last = Math.max(0, Math.min(board.count, board.columns * board.rows) - 1);
  const raw = board.intervalSec > 0 && Number.isFinite(t) ? Math.floor(Math.max(0, t) / board.intervalSec) : 0;
  const index = Math.min(raw, last);
  const column = index % board.columns;
  const row = Math.floor(index / board.columns);
  const scale = displayWidth / board.tileWidth;
  const width = round(board.tileWidth * scale);
  const height = round(board.tileHeight * scale);
  return {
    index,
    width,
    height,
    backgroundImage: `url("${board.url.replace(/"/g, '%22')}")`,
    backgroundSize: `${round(board.columns * board.tileWidth * scale)}px ${round(board.rows * board.tileHeight * scale)}px`,
    backgroundPosition: `${-round(column * board.tileWidth * scale)}px ${-round(row * board.tileHeight * scale)}px`,
  };
}

function round(n: number) {
  // Sub-pixel offsets would bleed a sliver of the neighbouring tile into view.
  return Math.round(n) || 0;
}
