import { CLIP_MAX_SEC, CLIP_MIN_SEC } from '@app/contracts/clips';
import type { Tag } from '@app/contracts/film';

const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The clip an instance is saved as: its range, made to last 1 to 180 s as every clip does (a short one
 * grows at its end, or at its start near the end of the video; a long one keeps its first 180 s).
 */
export function clipOfInstance(t: Pick<Tag, 'start' | 'end'>, duration: number | null): { timestamp: number; duration: number } {
  const length = Math.min(CLIP_MAX_SEC, Math.max(CLIP_MIN_SEC, t.end - t.start));
  const latestStart = duration ? Math.max(0, duration - length) : Number.POSITIVE_INFINITY;
  return { timestamp: ms(Math.max(0, Math.min(t.start, latestStart))), duration: ms(length) };
}

/** How an instance reads in a reel and in the list: its code and its labels. */
export function instanceName(t: Pick<Tag, 'code' | 'labels'>): string {
  return t.labels.length > 0 ? `${t.code} · ${t.labels.join(', ')}` : t.code;
}
