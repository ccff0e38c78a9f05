import { CardLink } from '@/components/card-link';
import { ClipThumbnail } from '@/components/clip-card';
import type { GameHighlightCard } from '@/features/live/utils/game-clock';

const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });

type GameHighlightsProps = {
  cards: readonly GameHighlightCard[];
  loading: boolean;
  canClip: boolean;
  /** Where a clip's page is (`{clipsPath}/{reel_id}`). */
  clipsPath: string;
};

/**
 * 'Game Highlights': the clips saved during this game, newest first, each opening its
 * page. A card tells its clip apart: its own title, the minute of play, an auto highlight's stars.
 */
export function GameHighlights({ cards, loading, canClip, clipsPath }: GameHighlightsProps) {
  if (loading) return <p className="text-muted-foreground text-sm">Loading clips...</p>;
  if (cards.length === 0) {
    return <p className="text-muted-foreground text-sm">{canClip ? "No clips yet. Press 'Save a clip' when something happens." : 'No clips yet.'}</p>;
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2" aria-label="Game highlights">
      {cards.map(({ clip, title, minute, stars }) => (
        <li key={clip._id} className="flex">
          <CardLink to={`${clipsPath}/${encodeURIComponent(clip.reel_id)}`} className="flex-1">
            <div className="relative">
              <ClipThumbnail clip={clip} />
              <span aria-hidden="true" className="absolute top-1.5 left-1.5 rounded bg-black/75 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums">
                {minute}&apos;
              </span>
            </div>
            <div className="flex min-w-0 flex-col gap-0.5 p-2.5">
              <span className="truncate text-sm font-medium">{title}</span>
              <span className="text-muted-foreground flex flex-wrap items-center gap-x-2 text-xs tabular-nums">
                <span>Minute {minute}</span>
                <time dateTime={new Date(clip.clip_id).toISOString()}>{timeOfDay.format(clip.clip_id)}</time>
                {stars !== null ? (
                  <span role="img" aria-label={`${stars} of 5 stars`} className="tracking-tight text-amber-500">
                    {'★'.repeat(stars)}
                    <span className="text-muted-foreground/50">{'☆'.repeat(5 - stars)}</span>
                  </span>
                ) : null}
              </span>
            </div>
          </CardLink>
        </li>
      ))}
    </ul>
  );
}
