import { clipName, type ReelView, type ReelViewChunk } from '@app/contracts/clips';
import type { UseQueryResult } from '@tanstack/react-query';
import { ClapperboardIcon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';

import { DetailStates } from '@/components/detail-states';
import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { ChunkPlayer, type ChunkOverlay } from '@/components/player/chunk-player';
import { laptopPlayerSize } from '@/components/player/laptop-player-size';
import { Button } from '@/components/ui/button';
import { ClipComments } from '@/features/clips/components/clip-comments';
import { SaveClipButton } from '@/features/clips/components/save-clip-button';

type ClipDetailProps = {
  reel: UseQueryResult<ReelView>;
  addToReel?: AddToReelSlot;
  /** The clip's "Download MP4", shown to its maker: the app shell puts the reels feature's export here. */
  download?: DownloadSlot;
  /** Drawn over the clip by the app shell (the drawings of its video inside the clip). */
  chunkOverlay?: ChunkOverlay<ReelViewChunk>;
};

/**
 * A clip page (/team/clips/{id}, /library/clips/{id}). The id is the clip's reel id (the library
 * card links there): the page plays that reel, which the app reads through the reels feature, and shows
 * the clip's comments. Its maker may edit it; anyone else may save it to their library.
 */
export function ClipDetail({ reel, addToReel, download, chunkOverlay }: ClipDetailProps) {
  return (
    <DetailStates
      query={reel}
      noun="clip"
      icon={ClapperboardIcon}
      notFound="It may have been deleted, or you may no longer see the video it was cut from."
      pageTitle="Clip"
    >
      {(data) => <LoadedClip reel={data} addToReel={addToReel} download={download} chunkOverlay={chunkOverlay} onSourceError={() => void reel.refetch()} />}
    </DetailStates>
  );
}

/** What the app shell puts under the player: the reels feature's "Add to reel" for this clip. */
export type AddToReelSlot = (chunk: ReelViewChunk, timestamp: number) => React.ReactNode;

/** What the app shell puts under its maker's player: the export of the clip's own reel (by its id). */
export type DownloadSlot = (reelId: string) => React.ReactNode;

type LoadedClipProps = { reel: ReelView; addToReel?: AddToReelSlot; download?: DownloadSlot; chunkOverlay?: ChunkOverlay<ReelViewChunk>; onSourceError: () => void };

function LoadedClip({ reel: data, addToReel, download, chunkOverlay, onSourceError }: LoadedClipProps) {
  const chunk = data.chunks[0];
  const clipId = chunk?.clip ?? '';
  // Untitled, a clip is named by where it comes from, as the library's cards name it.
  const title = data.title || (chunk?.clipTitle && chunk.time ? clipName({ clipTitle: chunk.clipTitle, time: chunk.time }) : 'Clip');
  return (
    <Page
      width="wide"
      title={title}
      actions={
        data.owned ? (
          <Button asChild variant="outline" size="sm">
            <Link to="edit">
              <PencilIcon aria-hidden="true" />
              Edit
            </Link>
          </Button>
        ) : clipId && data.saved !== undefined ? (
          <SaveClipButton clipId={clipId} reelId={data.reelId} saved={data.saved} />
        ) : null
      }
    >
      {/* A laptop puts the comments beside the player, in a panel that scrolls on its own. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="flex min-w-0 flex-col gap-4">
          {data.chunks.length > 0 ? (
            <ChunkPlayer chunks={data.chunks} label={title} onSourceError={onSourceError} overlay={chunkOverlay} className={laptopPlayerSize} />
          ) : (
            <EmptyState icon={ClapperboardIcon}>This clip has nothing to play.</EmptyState>
          )}
          {/* The clip's file, with the drawings inside it held, is its maker's to download. */}
          {data.owned && data.chunks.length > 0 && download ? download(data.reelId) : null}
          {chunk && addToReel ? addToReel(chunk, data.timestamp) : null}
        </div>
        {clipId ? (
          <div className="lg:sticky lg:top-20 lg:max-h-[calc(100svh-6.5rem)] lg:overflow-y-auto lg:rounded-xl lg:border lg:p-4">
            <ClipComments clipId={clipId} reelId={data.reelId} />
          </div>
        ) : null}
      </div>
    </Page>
  );
}
