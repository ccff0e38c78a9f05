export type PlayerSource = { url: string; width: number; height: number; fps?: number | null };

/**
 * The MP4 renditions a video may have: `full` (best), `preview` (a fast first copy while `full`
 * is still being made) and `low` (small, for weak connections).
 */
export type Quality = 'full' | 'preview' | 'low';
export type PlayerSources = Partial<Record<Quality, PlayerSource>>;

/** The rendition to start with: full, else preview, else low; null when nothing is playable yet. */
export function defaultQuality(sources: PlayerSources): Quality | null {
  if (sources.full) return 'full';
  if (sources.preview) return 'preview';
  if (sources.low) return 'low';
  return null;
}

/**
 * The renditions offered in the quality menu, best first. `preview` only stands in for `full`
 * while `full` does not exist: once it does, the preview is the same picture at worse quality.
 */
export function availableQualities(sources: PlayerSources): Quality[] {
  const best: Quality | null = sources.full ? 'full' : sources.preview ? 'preview' : null;
  return [...(best ? [best] : []), ...(sources.low ? (['low'] as const) : [])];
}

/** "720p" from the rendition's height, with a word when the height is unknown. */
export function qualityLabel(quality: Quality, source: PlayerSource | undefined): string {
  if (source && source.height > 0) return `${source.height}p`;
  return quality === 'low' ? 'Low' : quality === 'preview' ? 'Preview' : 'Full';
}

/**
 * Whether two URLs name the same file. Sources are signed, expiring URLs: every fetch of the video
 * (e.g. polling while it is processed) signs them anew, and reloading the element for a new
 * signature alone would restart playback every few seconds.
 */
export function sameMedia(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return stripQuery(a) === stripQuery(b);
}

function stripQuery(url: string) {
  const cut = url.search(/[?#]/);
  return cut < 0 ? url : url.slice(0, cut);
}
