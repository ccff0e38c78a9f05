import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

type MediaThumbnailProps = {
  poster: string | null | undefined;
  /** Shown while there is no poster: a video whose first frame is the picture (a `#t=` range). */
  videoSource: string | null | undefined;
  /** Shown when there is neither. */
  icon: ReactNode;
  videoTestId: string;
  className?: string;
};

/** A clip's or reel's 16:9 picture on a card: its poster, else its video's first frame, else an icon. */
export function MediaThumbnail({ poster, videoSource, icon, videoTestId, className }: MediaThumbnailProps) {
  return (
    <div className={cn('bg-muted relative aspect-video overflow-hidden', className)}>
      {poster ? (
        <img src={poster} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
      ) : videoSource ? (
        <video src={videoSource} muted playsInline preload="metadata" className="size-full object-cover" data-testid={videoTestId} />
      ) : (
        <div className="text-muted-foreground flex size-full items-center justify-center">{icon}</div>
      )}
    </div>
  );
}
