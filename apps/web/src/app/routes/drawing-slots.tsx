import type { ReelViewChunk } from '@app/contracts/clips';
import { createContext, lazy, Suspense, useContext, useMemo, useState } from 'react';

import type { ChunkOverlay } from '@/components/player/chunk-player';
import type { PlayerOverlayContext } from '@/components/player/player-overlay';
import type { DrawingEdit } from '@/features/drawings/utils/drawing-edit';
import { useTeam } from '@/features/members/api/get-team';
import type { VideoDrawingsSlot } from '@/features/videos/components/video-detail';

// The drawings feature (its editor, shapes and perfect-freehand) loads with the first page that
// shows a player, after the page itself: nothing waits for it, and no other page carries it.
const VideoDrawingOverlay = lazy(() => import('@/features/drawings/components/video-drawing-overlay'));
const DrawingPanel = lazy(() => import('@/features/drawings/components/drawing-panel'));
const ReelDrawingOverlay = lazy(() => import('@/features/drawings/components/reel-drawing-overlay'));
const VideoRangeDrawingOverlay = lazy(() => import('@/features/drawings/components/video-range-drawing-overlay'));

type VideoDrawingsState = { videoKey: string; editing: DrawingEdit | null; setEditing: (editing: DrawingEdit | null) => void };

/** The video page's drawing being edited, shared by the layer over the player and the list beside it. */
const VideoDrawingsContext = createContext<VideoDrawingsState | null>(null);

/** Holds a video page's drawings state: the page inside uses `videoDrawingsSlot`. */
export function VideoDrawings({ videoKey, children }: { videoKey: string; children: React.ReactNode }) {
  const [editing, setEditing] = useState<DrawingEdit | null>(null);
  const state = useMemo(() => ({ videoKey, editing, setEditing }), [videoKey, editing]);
  return <VideoDrawingsContext.Provider value={state}>{children}</VideoDrawingsContext.Provider>;
}

function useVideoDrawingsState(): VideoDrawingsState {
  const state = useContext(VideoDrawingsContext);
  if (!state) throw new Error('videoDrawingsSlot is used inside <VideoDrawings>');
  return state;
}

function Overlay({ context }: { context: PlayerOverlayContext }) {
  const { videoKey, editing, setEditing } = useVideoDrawingsState();
  return (
    <Suspense fallback={null}>
      <VideoDrawingOverlay videoKey={videoKey} context={context} editing={editing} onEditingChange={setEditing} />
    </Suspense>
  );
}

const Panel: VideoDrawingsSlot['Panel'] = ({ player }) => {
  const { videoKey, editing, setEditing } = useVideoDrawingsState();
  const team = useTeam();
  const teamOwner = team.data && 'owner' in team.data ? team.data.owner : undefined;
  return (
    <Suspense fallback={null}>
      <DrawingPanel videoKey={videoKey} player={player} editing={editing} onEditingChange={setEditing} teamOwner={teamOwner} />
    </Suspense>
  );
};

/** A video page's drawings: the layer over its player and the list beside it. */
export const videoDrawingsSlot: VideoDrawingsSlot = { overlay: (context) => <Overlay context={context} />, Panel };

/** Over a reel's (or a clip's) chunk: its video's drawings inside the chunk hold there. */
export const reelChunkDrawings: ChunkOverlay<ReelViewChunk> = (context) => (
  <Suspense fallback={null}>
    <ReelDrawingOverlay context={context} />
  </Suspense>
);

/** Over a chunk playing a range of the video's own file ("Play all" of its tags): its drawings there hold. */
export const videoRangeDrawings =
  (videoKey: string): ChunkOverlay<unknown> =>
  (context) => (
    <Suspense fallback={null}>
      <VideoRangeDrawingOverlay context={context} videoKey={videoKey} />
    </Suspense>
  );
