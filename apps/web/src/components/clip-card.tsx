import type { Clip } from '@app/contracts/clips';
import { ScissorsIcon } from 'lucide-react';

import { CardLink } from '@/components/card-link';
import { MediaThumbnail } from '@/components/media-thumbnail';
import { useClipChunk } from '@/lib/api/get-clip-chunk';

type ClipCardProps = {
  clip: Clip;
  /** The clip's page (`.../clips/{reel_id}`). */
  to: string;
  className?: string;
};

/**
 * A clip in a grid: its thumbnail, the source video's title and its time hh:mm:ss.
 * Shared by the clip library, the library home, the dashboard's New Clips and a video's own clips.
 */
export function ClipCard({ clip, to, className }: ClipCardProps) {
  return (
    <CardLink to={to} className={className}>
      <ClipThumbnail clip={clip} />
      <div className="flex min-w-0 flex-col gap-0.5 p-3">
        <span title={clip.clipTitle} className="truncate text-sm font-medium">
          {clip.clipTitle}
        </span>
        <span className="text-muted-foreground text-xs tabular-nums">{clip.time}</span>
        {clip.description ? <span className="text-muted-foreground line-clamp-2 text-xs">{clip.description}</span> : null}
      </div>
    </CardLink>
  );
}

/**
 * The poster once the clip is cut; until then the chunk's video (the source rendition with the
 * clip's `#t=` range, whose first frame is the clip's), and a placeholder if that fails.
 */
export function ClipThumbnail({ clip, className }: { clip: Clip; className?: string }) {
  const chunk = useClipChunk(clip, clip.poster === null);
  return (
    <MediaThumbnail
      poster={clip.poster}
      videoSource={chunk.data?.source}
      icon={<ScissorsIcon aria-hidden="true" className="size-6" />}
      videoTestId="clip-video"
      className={className}
    />
  );
}

/** A clip card loading has the video card's shape: the grid does not jump when the clips arrive. */
export { VideoCardSkeleton as ClipCardSkeleton } from '@/components/video-card';
