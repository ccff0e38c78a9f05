import { useParams } from 'react-router';

import { VideoDrawings, videoDrawingsSlot } from '@/app/routes/drawing-slots';
import { VideoDetail } from '@/features/videos/components/video-detail';

/**
 * /team/videos/:key and /library/videos/:videoId: one video (the id is its key) with its player,
 * highlights and title edit, and the drawings feature's layer and list (composed here because
 * features never import each other).
 */
export function Component() {
  const { key, videoId } = useParams();
  const videoKey = key ?? videoId ?? '';
  // Keyed: another video starts with a fresh player (position, speed, quality) and no drawing open.
  return (
    <VideoDrawings key={videoKey} videoKey={videoKey}>
      <VideoDetail videoKey={videoKey} clipsPath={key === undefined ? '/library/clips' : '/team/clips'} drawings={videoDrawingsSlot} />
    </VideoDrawings>
  );
}
