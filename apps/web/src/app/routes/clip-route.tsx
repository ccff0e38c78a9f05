import { useParams } from 'react-router';

import { reelChunkDrawings } from '@/app/routes/drawing-slots';
import { ClipDetail } from '@/features/clips/components/clip-detail';
import { useReel } from '@/features/reels/api/get-reel';
import { AddToReel } from '@/features/reels/components/add-to-reel';
import { ReelExportPanel } from '@/features/reels/components/reel-export-panel';

/**
 * /team/clips/:clipId and /library/clips/:clipId: the clip (its reel, by the reel id the card links
 * to), played, with its comments, the reels feature's "Add to reel" and (for its maker) "Download MP4"
 * (its own reel's export) under the player, and its video's
 * drawings held in it (composed here because features never import each other).
 */
export function Component() {
  const { clipId = '' } = useParams();
  const reel = useReel(clipId);
  // Keyed: another clip starts with a fresh player and comment box.
  return (
    <ClipDetail
      key={clipId}
      reel={reel}
      addToReel={(chunk, timestamp) => <AddToReel chunk={chunk} timestamp={timestamp} />}
      download={(reelId) => <ReelExportPanel reelId={reelId} size="sm" />}
      chunkOverlay={reelChunkDrawings}
    />
  );
}
