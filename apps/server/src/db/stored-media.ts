// The shapes of the media tables' JSON columns: what the transcoder and the image job write and the views read.

/** A rendition or derived file of a video, as stored (its sources: renditions, poster, storyboard). */
export interface StoredRendition {
  key: string;
  width: number;
  height: number;
  /** Bytes, for the quality menu and diagnostics. */
  size: number;
  /** Frames per second, for frame stepping in the player; absent on rows written before it was recorded. */
  fps?: number | null;
}

/** The scrubbing-preview sprite: `count` tiles, `columns` wide, one every `intervalSec`. */
export interface StoredStoryboard {
  key: string;
  intervalSec: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  count: number;
}

/** A highlight is intro, highlight and outro, in seconds from the start. */
export interface StoredHighlight {
  intro: number;
  highlight: number;
  outro: number;
  /** Absent on highlights marked before makers were kept: those are the owner's (video-view.ts). */
  id?: string;
  makerUserId?: number;
}

/** One WebP size of a profile image. */
export interface ImageVariant {
  /** The size it was made for ('256', '1600'); the largest is also `full`. */
  name: string;
  key: string;
  width: number;
  height: number;
}
