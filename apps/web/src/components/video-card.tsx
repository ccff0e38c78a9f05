import { DEFAULT_VIDEO_TITLE, type Video } from '@app/contracts/videos';
import { CircleAlertIcon, FilmIcon, Loader2Icon } from 'lucide-react';

import { CardLink } from '@/components/card-link';
import { Progress } from '@/components/ui/progress';
import { formatMediaTime, formatVideoDate } from '@/lib/media-time';

type VideoCardProps = {
  video: Pick<Video, 'key' | 'title' | 'dateTime' | 'durationSec' | 'poster' | 'status' | 'progress' | 'failureReason'>;
  /** The video's page. */
  to: string;
  className?: string;
};

/**
 * A video in a grid (videos library, library home): poster, title ('Video' when it has none),
 * date and duration; while processing, a progress bar with its percent; when
 * processing failed, the reason. Shared by the videos and library features. No Delete here: it
 * lives on the video's own page, where a stray tap on a phone's grid cannot reach it.
 */
export function VideoCard({ video, to, className }: VideoCardProps) {
  const title = video.title?.trim() || DEFAULT_VIDEO_TITLE;
  const percent = Math.round(Math.min(100, Math.max(0, video.progress)));
  return (
    <CardLink to={to} className={className}>
      <div className="bg-muted relative aspect-video overflow-hidden">
        {video.poster && video.status !== 'failed' ? (
          <img
            src={video.poster}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : video.status === 'failed' ? null : (
          <div className="text-muted-foreground flex size-full items-center justify-center">
            <FilmIcon aria-hidden="true" className="size-8" />
          </div>
        )}
        {video.status === 'ready' && video.durationSec ? (
          <span className="absolute right-1.5 bottom-1.5 rounded bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
            {formatMediaTime(video.durationSec)}
          </span>
        ) : null}
        {video.status === 'processing' ? (
          <div className="absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-gradient-to-t from-black/80 to-transparent px-2 pt-6 pb-2 text-white">
            <span className="flex items-center gap-1.5 text-xs font-medium">
              <Loader2Icon aria-hidden="true" className="size-3 animate-spin" />
              Processing {percent}%
            </span>
            <Progress value={percent} label={`Processing ${title}`} className="h-1 bg-white/25" barClassName="bg-white" />
          </div>
        ) : null}
        {video.status === 'failed' ? (
          <div className="text-destructive absolute inset-0 flex flex-col items-center justify-center gap-1">
            <CircleAlertIcon aria-hidden="true" className="size-6" />
            <span className="text-xs font-medium">Processing failed</span>
          </div>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-col gap-0.5 p-3">
        <span title={title} className="truncate text-sm font-medium">
          {title}
        </span>
        <span className="text-muted-foreground text-xs">
          <time dateTime={video.dateTime}>{formatVideoDate(video.dateTime)}</time>
        </span>
        {video.status === 'failed' ? (
          <span className="text-destructive line-clamp-2 text-xs">{video.failureReason || 'This video could not be processed.'}</span>
        ) : null}
      </div>
    </CardLink>
  );
}

/** The card's shape while loading, so the grid does not jump when the videos arrive. */
export function VideoCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col overflow-hidden rounded-xl border">
      <div className="bg-muted aspect-video animate-pulse" />
      <div className="flex flex-col gap-2 p-3">
        <div className="bg-muted h-3.5 w-2/3 animate-pulse rounded" />
        <div className="bg-muted h-3 w-1/3 animate-pulse rounded" />
      </div>
    </div>
  );
}
