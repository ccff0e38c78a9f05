import type { Reel } from '@app/contracts/clips';
import { ListVideoIcon } from 'lucide-react';

import { CardLink } from '@/components/card-link';
import { MediaThumbnail } from '@/components/media-thumbnail';

/** The Reels empty state (the reels list and the library home). */
export const NO_REELS_TITLE = 'No Reels?';
export const NO_REELS_TEXT = 'Reels are collections of clips.';

/** A reel's name on a card: its title, or 'Untitled reel'. */
export const reelCardTitle = (reel: Pick<Reel, 'title'>) => reel.title?.trim() || 'Untitled reel';

export const chunkCount = (reel: Pick<Reel, 'chunks'>) => `${reel.chunks.length} ${reel.chunks.length === 1 ? 'clip' : 'clips'}`;

/**
 * A reel card opening the reel (the library home's Reels): its first chunk's poster, its title and
 * how many clips it plays. The reels list composes the same parts with its own actions.
 */
export function ReelCard({ reel, to, className }: { reel: Reel; to: string; className?: string }) {
  return (
    <CardLink to={to} className={className}>
      <ReelThumbnail reel={reel} />
      <div className="flex min-w-0 flex-col gap-0.5 p-3">
        <span className="truncate text-sm font-medium">{reelCardTitle(reel)}</span>
        <span className="text-muted-foreground text-xs">{chunkCount(reel)}</span>
      </div>
    </CardLink>
  );
}

/**
 * The first chunk's poster once its clip is cut; until then that chunk's video (its source's `#t=`
 * range starts on the chunk's first frame); a placeholder for a reel with nothing to show.
 */
export function ReelThumbnail({ reel, className }: { reel: Pick<Reel, 'chunks'>; className?: string }) {
  const first = reel.chunks[0];
  return (
    <MediaThumbnail
      poster={first?.poster}
      videoSource={first?.source}
      icon={<ListVideoIcon aria-hidden="true" className="size-6" />}
      videoTestId="reel-video"
      className={className}
    />
  );
}
