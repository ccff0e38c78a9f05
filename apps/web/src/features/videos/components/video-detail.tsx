import { displayName } from '@app/contracts/user-me';
import { DEFAULT_VIDEO_TITLE, HIGHLIGHT_MARKERS_ONLY, type Highlight, type Video } from '@app/contracts/videos';
import { BookmarkPlusIcon, CircleAlertIcon, FilmIcon, Loader2Icon, RefreshCwIcon } from 'lucide-react';
import { useRef, useState, type ComponentType, type RefObject } from 'react';
import { useNavigate } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { PageLoading } from '@/components/page-loading';
import { FilmPlayer, type FilmPlayerHandle } from '@/components/player/film-player';
import { laptopPlayerSize } from '@/components/player/laptop-player-size';
import type { PlayerOverlayContext } from '@/components/player/player-overlay';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { useVideo } from '@/features/videos/api/get-video';
import { useMarkHighlight } from '@/features/videos/api/mark-highlight';
import { useRemoveHighlight } from '@/features/videos/api/remove-highlight';
import { useUpdateVideo } from '@/features/videos/api/update-video';
import { ClipControl } from '@/features/videos/components/clip-control';
import { DeleteVideoButton } from '@/features/videos/components/delete-video-button';
import { HighlightList } from '@/features/videos/components/highlight-list';
import { VideoClips } from '@/features/videos/components/video-clips';
import { VideoComments } from '@/features/videos/components/video-comments';
import { VideoTitle } from '@/features/videos/components/video-title';
import { useClipButton } from '@/features/videos/hooks/use-clip-button';
import { clipRange, type ClipMarks } from '@/features/videos/utils/clip-range';
import { highlightMarkers, sortHighlights } from '@/features/videos/utils/highlights';
import { ApiError } from '@/lib/api-client';
import { useMe } from '@/lib/auth/get-me';
import { errorMessage } from '@/lib/error-message';
import { formatMediaTime, formatVideoDate } from '@/lib/media-time';
import { useLevel } from '@/lib/subscription/level-context';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useIsLaptop } from '@/lib/use-media-query';

const NO_MARKS: ClipMarks = { in: null, out: null };

/** The video and its player (a ref: for handlers and effects, never read while rendering). */
export type VideoSlotProps = { video: Video; player: RefObject<FilmPlayerHandle | null> };
/** What the app composes in around a playable video's player: the tags feature's code window beside it, its timeline under it. */
export type VideoTaggingSlot = { Panel: ComponentType<VideoSlotProps>; Timeline: ComponentType<VideoSlotProps> };
/**
 * The drawings the app layer adds to the page (their feature is composed there): a layer over the
 * player's picture, and a section in the side column that moves the page's player.
 */
export type VideoDrawingsSlot = {
  overlay: (context: PlayerOverlayContext) => React.ReactNode;
  Panel: React.ComponentType<{ player: React.RefObject<FilmPlayerHandle | null> }>;
};

type VideoDetailProps = {
  videoKey: string;
  /** Where a clip's page lives: `/team/clips` or `/library/clips`. */
  clipsPath: string;
  tagging?: VideoTaggingSlot;
  drawings?: VideoDrawingsSlot;
};

/** A single video: player, highlight timeline, 'Mark Highlight', highlight list, owner-only title edit. */
export function VideoDetail({ videoKey, clipsPath, tagging, drawings }: VideoDetailProps) {
  const query = useVideo(videoKey);

  // Until the video is known the page is titled 'Video' (the default title).
  if (query.isPending) {
    return (
      <Page title="Video">
        <PageLoading />
      </Page>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.statusCode === 404 || query.error.statusCode === 403);
    return (
      <Page title="Video">
        <EmptyState
          icon={FilmIcon}
          title={missing ? 'Video not found' : 'Could not load the video'}
          action={
            missing ? null : (
              <Button variant="outline" onClick={() => void query.refetch()}>
                <RefreshCwIcon aria-hidden="true" /> Try again
              </Button>
            )
          }
        >
          {missing ? 'This video does not exist, or it is not shared with you.' : errorMessage(query.error)}
        </EmptyState>
      </Page>
    );
  }
  return <VideoView video={query.data} clipsPath={clipsPath} tagging={tagging} drawings={drawings} onSourceError={() => void query.refetch()} />;
}

function VideoView({
  video,
  clipsPath,
  tagging,
  drawings,
  onSourceError,
}: {
  video: Video;
  clipsPath: string;
  tagging?: VideoTaggingSlot;
  drawings?: VideoDrawingsSlot;
  onSourceError: () => void;
}) {
  useDocumentTitle(video.title?.trim() || DEFAULT_VIDEO_TITLE);
  const me = useMe();
  const level = useLevel();
  const update = useUpdateVideo(video.key);
  const myId = me.data?.userId ?? -1;
  const mark = useMarkHighlight(video.key, { makerId: myId, makerName: me.data ? displayName(me.data) : '' });
  const unmark = useRemoveHighlight(video.key);
  const player = useRef<FilmPlayerHandle>(null);
  const navigate = useNavigate();
  const clipper = useClipButton(video.key, clipsPath);
  const [marks, setMarks] = useState<ClipMarks>(NO_MARKS);
  const [marksError, setMarksError] = useState<string | null>(null);

  const isOwner = me.data !== undefined && me.data.userId === video.ownerId;
  // As the server decides: the owner, or a teammate who is the team's coach or an athlete (a fan watches them).
  const canMark = isOwner || level === 'athlete' || level === 'team';
  const failed = [update, mark, unmark].find((m) => m.isError);
  const highlights = sortHighlights(video.highlights);
  const playable = Boolean(video.sources.full || video.sources.preview || video.sources.low);
  const duration = video.durationSec;
  const slot = playable ? tagging : undefined;
  // The panel is beside the player on a laptop, under it on a phone: one place at a time (its hotkeys listen once).
  const laptop = useIsLaptop();

  function markHighlight() {
    const at = Math.max(0, Math.round((player.current?.getCurrentTime() ?? 0) * 1000) / 1000);
    mark.mutate(at);
  }

  function makeClip() {
    const range = clipRange(marks, player.current?.getCurrentTime() ?? 0, duration ?? player.current?.getDuration());
    if ('error' in range) return setMarksError(range.error);
    setMarksError(null);
    void clipper.clip(range);
  }

  function setMark(point: 'in' | 'out', time: number) {
    setMarksError(null);
    setMarks((current) => ({ ...current, [point]: time }));
  }

  function playHighlight(h: Highlight) {
    player.current?.playRange(h.intro, h.outro);
  }

  // A phone stacks everything in one column. A laptop keeps the player column on the left and puts
  // highlights and clips in a panel beside it (grid placement; the phone order of the DOM is kept).
  return (
    <div className="flex flex-1 flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-x-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="flex min-w-0 flex-col gap-4">
        <header className="flex flex-col gap-1">
          <VideoTitle title={video.title} canEdit={isOwner} onSave={(title) => update.mutate({ title })} />
          <p className="text-muted-foreground flex flex-wrap items-center gap-x-2 text-sm">
            <time dateTime={video.dateTime}>{formatVideoDate(video.dateTime)}</time>
            {duration ? <span aria-label="Duration">· {formatMediaTime(duration)}</span> : null}
            {!isOwner && me.data ? <span>· by {video.ownerName}</span> : null}
            {video.isTest ? <span className="bg-muted text-foreground rounded px-1.5 py-0.5 text-xs">Test video</span> : null}
          </p>
          {isOwner ? (
            <DeleteVideoButton
              videoKey={video.key}
              title={video.title?.trim() || DEFAULT_VIDEO_TITLE}
              // Back to the list the video was opened from (/team/videos or /library/videos).
              onDeleted={() => void navigate('..', { relative: 'path' })}
              className="self-start"
            />
          ) : null}
        </header>

        {failed ? (
          <Alert variant="destructive">
            <CircleAlertIcon aria-hidden="true" />
            <AlertTitle>Your change was not saved.</AlertTitle>
            <AlertDescription>{errorMessage(failed.error)}</AlertDescription>
          </Alert>
        ) : null}

        {video.status === 'failed' ? (
          <Alert variant="destructive">
            <CircleAlertIcon aria-hidden="true" />
            <AlertTitle>This video could not be processed.</AlertTitle>
            <AlertDescription>{video.failureReason || 'Please upload it again.'}</AlertDescription>
          </Alert>
        ) : null}

        {video.status === 'processing' ? <ProcessingNotice video={video} playable={playable} /> : null}

        {playable ? (
          <FilmPlayer
            ref={player}
            label={video.title?.trim() || DEFAULT_VIDEO_TITLE}
            sources={video.sources}
            sourcesExpireAt={video.mediaExpiresAt}
            poster={video.poster}
            storyboard={video.storyboard}
            markers={highlightMarkers(highlights)}
            durationHint={duration}
            onSourceError={onSourceError}
            onMark={setMark}
            overlay={drawings?.overlay}
            className={laptopPlayerSize}
          />
        ) : video.status === 'processing' ? (
          <div className="bg-muted text-muted-foreground flex aspect-video flex-col items-center justify-center gap-2 rounded-xl text-sm">
            <Loader2Icon aria-hidden="true" className="size-6 animate-spin" />
            <span>Preparing your video...</span>
          </div>
        ) : null}

        {playable ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            {canMark ? (
              <Button onClick={markHighlight}>
                <BookmarkPlusIcon aria-hidden="true" /> Mark Highlight
              </Button>
            ) : level ? (
              <p className="text-muted-foreground text-sm">{HIGHLIGHT_MARKERS_ONLY}</p>
            ) : null}
            <p className="text-muted-foreground hidden text-xs sm:block">
              Space play/pause · ← → 5 s · , . one frame · I O mark in/out · F fullscreen
            </p>
          </div>
        ) : null}

        {playable ? (
          <ClipControl
            label={clipper.label}
            marks={marks}
            onClip={makeClip}
            onClearMarks={() => setMarks(NO_MARKS)}
            error={marksError ?? clipper.error}
          />
        ) : null}

        {slot && !laptop ? <slot.Panel video={video} player={player} /> : null}
        {slot ? <slot.Timeline video={video} player={player} /> : null}
      </div>

      <div className="flex flex-col gap-4 lg:sticky lg:top-20 lg:row-span-2 lg:max-h-[calc(100svh-6.5rem)] lg:overflow-y-auto">
        {slot && laptop ? <slot.Panel video={video} player={player} /> : null}
        <section aria-labelledby="highlights-heading" className="bg-card flex flex-col gap-2 rounded-xl border p-4">
          <h2 id="highlights-heading" className="text-base font-semibold">
            Highlights
          </h2>
          <HighlightList
            highlights={highlights}
            onPlay={playHighlight}
            onClip={playable ? (h) => void clipper.clip({ timestamp: h.intro, duration: h.outro - h.intro }) : undefined}
            // The owner removes any highlight, a teammate their own (the server checks it again).
            canRemove={(h) => playable && (isOwner || h.makerId === myId)}
            onRemove={(h) => unmark.mutate(h.id)}
            emptyText={
              playable && canMark ? 'No highlights yet. Press Mark Highlight while the video plays to mark a moment.' : 'No highlights yet.'
            }
          />
        </section>

        <section aria-labelledby="clips-heading" className="bg-card flex flex-col gap-2 rounded-xl border p-4">
          <h2 id="clips-heading" className="text-base font-semibold">
            Clips
          </h2>
          <VideoClips videoKey={video.key} clipsPath={clipsPath} />
        </section>

        {playable && drawings ? <drawings.Panel player={player} /> : null}
      </div>

      <section aria-labelledby="comments-heading" className="bg-card flex lg:col-start-1 flex-col gap-3 rounded-xl border p-4">
        <h2 id="comments-heading" className="text-base font-semibold">
          Messages
        </h2>
        <VideoComments videoKey={video.key} />
      </section>
    </div>
  );
}

function ProcessingNotice({ video, playable }: { video: Video; playable: boolean }) {
  const percent = Math.round(Math.min(100, Math.max(0, video.progress)));
  return (
    <div role="status" className="bg-card flex flex-col gap-2 rounded-xl border p-4 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="flex items-center gap-2 font-medium">
          <Loader2Icon aria-hidden="true" className="size-4 animate-spin" />
          Processing {percent}%
        </span>
        <span className="text-muted-foreground text-xs">
          {playable ? 'You can watch a preview meanwhile.' : 'It will play here in a moment.'}
        </span>
      </div>
      <Progress value={percent} label="Processing" />
    </div>
  );
}
