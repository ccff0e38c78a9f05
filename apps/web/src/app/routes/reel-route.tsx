import { useParams } from 'react-router';

import { reelChunkDrawings } from '@/app/routes/drawing-slots';
import { ReelDetail } from '@/features/reels/components/reel-detail';

/** /library/reels/:reelId: the reel, with its videos' drawings held in its chunks (the drawings feature, composed here). */
export function Component() {
  const { reelId = '' } = useParams();
  // Keyed: another reel starts with a fresh player.
  return <ReelDetail key={reelId} reelId={reelId} chunkOverlay={reelChunkDrawings} />;
}
