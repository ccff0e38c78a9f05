import { HIGHLIGHT_SAME_MOMENT_SEC, type Highlight } from '@app/contracts/videos';

import type { TimelineMarker } from '@/components/player/seek-bar';
import { formatMediaTime } from '@/lib/media-time';

/**
 * The highlights with `added` among them, in time order, so the list, the marker colours and the
 * timeline agree; unchanged when its moment is marked already (as the server keeps it).
 */
export function addHighlight<T extends Highlight>(highlights: readonly T[], added: T): T[] {
  if (highlights.some((h) => Math.abs(h.highlight - added.highlight) < HIGHLIGHT_SAME_MOMENT_SEC)) return [...highlights];
  return sortHighlights([...highlights, added]);
}

export function sortHighlights<T extends Highlight>(highlights: readonly T[]): T[] {
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
