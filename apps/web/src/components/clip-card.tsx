import { clipChunk, type Clip } from '@app/contracts/clips';
import { useQuery } from '@tanstack/react-query';
import { ScissorsIcon } from 'lucide-react';

import { CardLink } from '@/components/card-link';
import { MediaThumbnail } from '@/components/media-thumbnail';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

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

/**
 * `GET /api/user/clips/{stream_id}/{clip_id}/chunk`: the signed URL a clip plays from, fetched only when
 * `enabled`. The card's own call: every feature that lists clips shows this card.
 */
function useClipChunk(clip: Pick<Clip, 'stream_id' | 'clip_id'>, enabled: boolean) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.clips.chunk(session.userId ?? session.userUuid, clip.stream_id, clip.clip_id),
    queryFn: ({ signal }) =>
      api.request(`/api/user/clips/${encodeURIComponent(clip.stream_id)}/${clip.clip_id}/chunk`, { schema: clipChunk, signal }),
    enabled: enabled && session.isLoggedIn,
    // The signed URL lasts longer than a page visit; refetching it would reload the card's video.
    staleTime: Infinity,
  });
}

/** A clip card loading has the video card's shape: the grid does not jump when the clips arrive. */
export { VideoCardSkeleton as ClipCardSkeleton } from '@/components/video-card';
