import { highlightAt, type Highlight } from '@app/contracts/videos';

import type { TimelineMarker } from '@/components/player/seek-bar';
import { formatMediaTime } from '@/lib/media-time';

/** Two marks closer than this are one highlight marked twice (a double click, a repeated key). */
const SAME_MOMENT_SEC = 0.5;

/**
 * The highlights after marking one at `at` seconds (from 3 s before, at least 0,
 * to 5 s after, at most the end). Kept in time order, so the list, the marker colours and the
 * timeline agree; unchanged when that moment is already marked.
 */
export function addHighlight(highlights: readonly Highlight[], at: number, durationSec?: number | null): Highlight[] {
  const moment = Math.max(0, Math.round(at * 1000) / 1000);
  if (highlights.some((h) => Math.abs(h.highlight - moment) < SAME_MOMENT_SEC)) return [...highlights];
  return sortHighlights([...highlights, highlightAt(moment, durationSec)]);
}

/** The highlights without `target` (the very object shown in the list). */
export function removeHighlight(highlights: readonly Highlight[], target: Highlight): Highlight[] {
  return sortHighlights(highlights.filter((h) => h !== target));
}

export function sortHighlights(highlights: readonly Highlight[]): Highlight[] {
  return [...highlights].sort((a, b) => a.highlight - b.highlight);
}

export function highlightLabel(index: number): string {
  return `Highlight ${index + 1}`;
}

/** Timeline markers: a tick at each highlight over a band from its intro to its outro. */
export function highlightMarkers(highlights: readonly Highlight[]): TimelineMarker[] {
  return highlights.map((h, index) => ({
    at: h.highlight,
    from: h.intro,
    to: h.outro,
    label: `${highlightLabel(index)} (${formatMediaTime(h.highlight)})`,
  }));
}
