import { DEFAULT_VIDEO_TITLE, type Video } from '@app/contracts/videos';
import { useMemo, type RefObject } from 'react';

import type { ChunkOverlay } from '@/components/player/chunk-player';
import type { FilmPlayerHandle } from '@/components/player/film-player';
import type { TagTarget } from '@/features/tags/api/get-tags';
import { CodeWindow } from '@/features/tags/components/code-window';
import type { ReelMaker } from '@/features/tags/api/save-tags-as-reel';
import type { InstanceChunk } from '@/features/tags/components/play-all';
import { TagStudy } from '@/features/tags/components/tag-study';
import { useFilmClock } from '@/features/tags/hooks/use-film-clock';

/** The code window beside a video's player. */
export function VideoCodeWindow({ video, player }: { video: Video; player: RefObject<FilmPlayerHandle | null> }) {
  const clock = useFilmClock(player, video.durationSec);
  const target = useMemo<TagTarget>(() => ({ kind: 'video', key: video.key }), [video.key]);
  return <CodeWindow target={target} clock={clock} />;
}

/** The video's tags under its player; "Play all" plays ranges of its best rendition. */
type VideoTagsProps = {
  video: Video;
  player: RefObject<FilmPlayerHandle | null>;
  reelsPath: string;
  reelMaker: ReelMaker;
  /** Drawn over "Play all"'s instance on screen (the app: the video's drawings). */
  playAllOverlay?: ChunkOverlay<InstanceChunk>;
};

export function VideoTags({ video, player, reelsPath, reelMaker, playAllOverlay }: VideoTagsProps) {
  const clock = useFilmClock(player, video.durationSec);
  const source = video.sources.full?.url ?? video.sources.preview?.url ?? video.sources.low?.url ?? null;
  return <TagStudy videoKey={video.key} title={video.title?.trim() || DEFAULT_VIDEO_TITLE} duration={video.durationSec} source={source} clock={clock} reelsPath={reelsPath} reelMaker={reelMaker} playAllOverlay={playAllOverlay} />;
}
