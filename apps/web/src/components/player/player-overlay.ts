import type { FrameBox } from '@/components/player/frame-box';

/**
 * What a player hands the layer it draws over its picture (the `overlay` slot): the element showing
 * the picture, where its frame is displayed, and the transport. Times are seconds of that element's file.
 */
export type PlayerOverlayContext = {
  /** The <video> on screen (in a reel, the one showing the current chunk). */
  video: HTMLVideoElement | null;
  /** The displayed frame inside the picture area, which the overlay covers; null before the metadata loads. */
  frame: FrameBox | null;
  /** Whether the player is playing (or means to, while a chunk loads). */
  playing: boolean;
  play(): void;
  pause(): void;
};
